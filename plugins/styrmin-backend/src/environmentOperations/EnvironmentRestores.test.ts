import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  expectRefusedWritingNothing,
  setupEnvironmentBackups,
} from './__testUtils__/environmentBackupSetup';
import { withRestoreAndClone } from './__testUtils__/restoreAndCloneSetup';

jest.setTimeout(60_000);

describe('EnvironmentRestores', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** dev's two infrahubs backed up, both constituents Completed. */
    async function setUp() {
      const setup = withRestoreAndClone(
        await setupEnvironmentBackups({ databases, databaseId }),
      );
      const view = await setup.environmentBackupService.createEnvironmentBackup(
        {
          environmentId: setup.dev.id,
          createdBy: TEST_USER,
        },
      );
      await setup.endRuns();
      for (const { backup } of view.constituents) {
        await setup.report(backup!.id, 'Completed');
      }
      const [infrahubBackup, infrahub2Backup] = view.constituents.map(
        c => c.backup!,
      );
      return {
        ...setup,
        environmentBackupId: view.environmentBackup.id,
        infrahubBackup,
        infrahub2Backup,
      };
    }

    it('plans a restore of every constituent, and leaves out, with the reason, one whose backup is gone or whose deployment was deleted or is busy', async () => {
      const setup = await setUp();
      const { environmentRestores, environmentBackupId } = setup;
      const plan = () => environmentRestores.plan({ environmentBackupId });

      expect((await plan()).restores.map(c => c.deployment.name)).toEqual([
        'infrahub',
        'infrahub-2',
      ]);
      expect((await plan()).unrestorable).toEqual([]);

      await setup.deploymentBackups.deleteBackup({
        backupId: setup.infrahub2Backup.id,
        createdBy: TEST_USER,
      });
      await setup.deploymentChanges.changeDeployment({
        deploymentId: setup.infrahub.id,
        configurationPatch: {
          parameters: { admin_password: 'a new long one' },
        },
        updatedBy: TEST_USER,
      });
      expect((await plan()).unrestorable).toEqual([
        {
          deploymentName: 'infrahub',
          reason: 'DEPLOYMENT_BUSY',
          message: 'Deployment infrahub has a task that has not ended',
        },
        {
          deploymentName: 'infrahub-2',
          reason: 'CONSTITUENT_GONE',
          message:
            'The constituent backup of infrahub-2 was deleted or expired',
        },
      ]);

      await setup.endRuns();
      await setup.deploymentChanges.deleteDeployment({
        deploymentId: setup.infrahub.id,
        deletedBy: TEST_USER,
      });
      expect((await plan()).unrestorable[0]).toMatchObject({
        deploymentName: 'infrahub',
        reason: 'DEPLOYMENT_DELETED',
      });
    });

    it('records the parent task in the server pool: the configuration, one step per constituent, the report; nothing else yet', async () => {
      const setup = await setUp();
      const { environmentRestores, environmentBackupId, tasks, flowRuns, dev } =
        setup;
      await setup.deploymentBackups.deleteBackup({
        backupId: setup.infrahub2Backup.id,
        createdBy: TEST_USER,
      });
      await setup.endRuns();

      const { task, environment } = await environmentRestores.restore({
        environmentBackupId,
        createdBy: TEST_USER,
      });

      expect(environment.id).toBe(dev.id);
      expect(task).toMatchObject({
        type: 'restore_environment',
        environmentId: dev.id,
        deploymentId: null,
        createdBy: TEST_USER,
        status: 'SCHEDULED',
      });
      expect(task.steps.map(s => s.name)).toEqual([
        'Apply the environment configuration',
        'Restore infrahub',
        'Report what was not restored',
      ]);
      const run = (await flowRuns.getFlowRun({ flowRunId: task.flowRunId }))!;
      expect(run).toMatchObject({
        pool: 'server',
        flowName: 'RESTORE_ENVIRONMENT',
      });
      expect(run.parameters).toMatchObject({
        environmentBackupId,
        restores: [
          { deploymentId: setup.infrahub.id, deploymentName: 'infrahub' },
        ],
        unrestorable: [
          { deploymentName: 'infrahub-2', reason: 'CONSTITUENT_GONE' },
        ],
      });
      // No secret in the parameters: the declared states stay in the environment backup.
      expect(JSON.stringify(run.parameters)).not.toContain('correct horse');
      const open = await tasks.listTasks({
        deploymentId: setup.infrahub.id,
        statuses: ['SCHEDULED', 'RUNNING'],
      });
      expect(open).toEqual([]);
    });

    it('refuses, writing nothing, an unknown environment backup and one with nothing to restore', async () => {
      const setup = await setUp();
      const { knex, environmentRestores, environmentBackupId } = setup;
      const restore = (id: string) => () =>
        environmentRestores.restore({
          environmentBackupId: id,
          createdBy: TEST_USER,
        });

      await expectRefusedWritingNothing(
        knex,
        'NOT_FOUND',
        restore('00000000-0000-4000-8000-000000000999'),
        /does not exist/,
      );
      for (const backup of [setup.infrahubBackup, setup.infrahub2Backup]) {
        await setup.deploymentBackups.deleteBackup({
          backupId: backup.id,
          createdBy: TEST_USER,
        });
      }
      await setup.endRuns();
      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        restore(environmentBackupId),
        /nothing to restore: infrahub \(CONSTITUENT_GONE\).*infrahub-2 \(CONSTITUENT_GONE\)/,
      );
    });
  });
});
