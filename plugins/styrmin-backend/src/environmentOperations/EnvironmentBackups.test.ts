import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import {
  expectRefusedWritingNothing,
  setupEnvironmentBackups,
} from './__testUtils__/environmentBackupSetup';

jest.setTimeout(60_000);

describe('EnvironmentBackups', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setUp = () => setupEnvironmentBackups({ databases, databaseId });

    it('backs up an environment as one record: its configuration, the declared states and one constituent each', async () => {
      const {
        environmentBackupService,
        dev,
        infrahub,
        infrahub2,
        tasks,
        backups,
      } = await setUp();

      const view = await environmentBackupService.createEnvironmentBackup({
        environmentId: dev.id,
        createdBy: TEST_USER,
      });

      const { environmentBackup, constituents, status } = view;
      expect(status).toBe('IN_PROGRESS');
      expect(environmentBackup).toMatchObject({
        environmentId: dev.id,
        environment: {
          name: 'dev',
          clusterId: dev.clusterId,
          overrides: {},
          backupStorageLocation: 'minio',
        },
        createdBy: TEST_USER,
      });
      expect(environmentBackup.deployments).toEqual(
        [infrahub, infrahub2].map(deployment => ({
          deploymentId: deployment.id,
          name: deployment.name,
          driver: { name: 'infrahub', version: '1.0.0' },
          configuration: { ...INFRAHUB_CONFIGURATION, components: {} },
          backupId: expect.any(String),
        })),
      );
      const stored = await backups.listConstituentBackups({
        environmentBackupId: environmentBackup.id,
      });
      expect(stored.map(b => b.id).sort()).toEqual(
        constituents.map(c => c.backup!.id).sort(),
      );
      for (const { deployment, backup } of constituents) {
        expect(backup).toMatchObject({
          deploymentId: deployment.deploymentId,
          trigger: 'ON_DEMAND',
          environmentBackupId: environmentBackup.id,
        });
        await expect(
          tasks.getTask({ taskId: backup!.taskId }),
        ).resolves.toMatchObject({
          type: 'create_backup',
          deploymentId: deployment.deploymentId,
        });
      }
    });

    it('computes its status from its constituents on every read, a deleted constituent shown gone', async () => {
      const setup = await setUp();
      const { environmentBackupService, dev, report, endRuns } = setup;
      const { environmentBackup, constituents } =
        await environmentBackupService.createEnvironmentBackup({
          environmentId: dev.id,
          createdBy: TEST_USER,
        });
      const [first, second] = constituents.map(c => c.backup!);
      const read = async () =>
        (
          await environmentBackupService.getEnvironmentBackup({
            id: environmentBackup.id,
          })
        )?.status;

      await report(first.id, 'Completed');
      expect(await read()).toBe('IN_PROGRESS');
      await report(second.id, 'Completed');
      expect(await read()).toBe('COMPLETED');

      await endRuns();
      await setup.deploymentBackups.deleteBackup({
        backupId: second.id,
        createdBy: TEST_USER,
      });
      expect(await read()).toBe('PARTIAL');
      await setup.backups.deleteBackup({ id: second.id });
      const partial = await environmentBackupService.getEnvironmentBackup({
        id: environmentBackup.id,
      });
      expect(partial?.status).toBe('PARTIAL');
      expect(partial?.constituents.map(c => c.backup?.id)).toEqual([
        first.id,
        undefined,
      ]);
      await setup.backups.deleteBackup({ id: first.id });
      expect(await read()).toBe('GONE');

      const list = await environmentBackupService.listEnvironmentBackups({
        environmentId: dev.id,
        limit: 10,
      });
      expect(list.views.map(v => [v.environmentBackup.id, v.status])).toEqual([
        [environmentBackup.id, 'GONE'],
      ]);
    });

    it('leaves out a deleted deployment and one that failed at its creation, keeps one that failed later', async () => {
      const setup = await setUp();
      const {
        environmentBackupService,
        dev,
        deployments,
        infrahub,
        infrahub2,
      } = setup;
      await deployments.updateDeployment({
        id: infrahub2.id,
        expectedVersion: infrahub2.version,
        driver: infrahub2.driver,
        configuration: infrahub2.configuration,
        deleted: true,
        state: 'DELETING',
        updatedBy: TEST_USER,
      });
      const { deployment: failedAtCreation } = await setup.createInfrahub(
        dev.id,
        'infrahub-3',
      );
      await setup.endRuns('FAILED');
      await deployments.setState({ id: failedAtCreation.id, state: 'FAILED' });
      await deployments.setState({ id: infrahub.id, state: 'FAILED' });

      const { environmentBackup } =
        await environmentBackupService.createEnvironmentBackup({
          environmentId: dev.id,
          createdBy: TEST_USER,
        });

      expect(environmentBackup.deployments.map(d => d.name)).toEqual([
        'infrahub',
      ]);
    });

    it('refuses an environment backup that cannot be taken, writing nothing', async () => {
      const setup = await setUp();
      const { knex, environmentBackupService, dev, deployments, infrahub2 } =
        setup;
      const create =
        (environmentId = dev.id) =>
        () =>
          environmentBackupService.createEnvironmentBackup({
            environmentId,
            createdBy: TEST_USER,
          });

      await expectRefusedWritingNothing(
        knex,
        'NOT_FOUND',
        create('00000000-0000-4000-8000-000000000999'),
        /does not exist/,
      );
      await deployments.setState({ id: infrahub2.id, state: 'RESTORING' });
      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        create(),
        /Deployment infrahub-2 cannot be backed up: it is RESTORING/,
      );
      const empty = await setup.environment('empty');
      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        create(empty.id),
        /Environment empty cannot be backed up: it has no deployment to back up/,
      );
      await expect(
        environmentBackupService.listEnvironmentBackups({
          environmentId: dev.id,
          limit: 10,
        }),
      ).resolves.toEqual({ views: [], hasNextPage: false });
    });

    it('deletes an environment backup with its constituents, and refuses while one is being taken', async () => {
      const setup = await setUp();
      const { knex, environmentBackupService, dev, endRuns, tasks } = setup;
      const { environmentBackup } =
        await environmentBackupService.createEnvironmentBackup({
          environmentId: dev.id,
          createdBy: TEST_USER,
        });
      const remove = () =>
        environmentBackupService.deleteEnvironmentBackup({
          id: environmentBackup.id,
          createdBy: TEST_USER,
        });

      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        remove,
        /has not ended: delete it when its create_backup task has/,
      );
      await endRuns();
      const deleted = await remove();

      expect(deleted.status).toBe('GONE');
      for (const { backup } of deleted.constituents) {
        await expect(
          tasks.getTask({ taskId: backup!.deleteTaskId! }),
        ).resolves.toMatchObject({ type: 'delete_backup' });
      }
      await expectRefusedWritingNothing(
        knex,
        'NOT_FOUND',
        remove,
        /Environment backup .* does not exist/,
      );
    });
  });
});
