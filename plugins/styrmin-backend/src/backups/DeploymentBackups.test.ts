import { StyrminErrorCode } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { TEST_USER } from '../__testUtils__/coreStores';
import { setupReconciliation } from '../__testUtils__/reconciliation';
import { assignBackupLocationToDev } from './__testUtils__/backupLocationOfDev';
import { backupRowCounts as allRowCounts } from './__testUtils__/backupRowCounts';
import { BACKUPS_TABLE, RESTORES_TABLE } from './tables';

jest.setTimeout(60_000);

describe('DeploymentBackups', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /**
     * infrahub in `dev`, whose location is configured, RUNNING with its create task
     * ended, and a backup of it that `phase` describes.
     */
    async function setUp() {
      const setup = await setupReconciliation({ databases, databaseId });
      const { flowRuns } = setup;
      await assignBackupLocationToDev(setup);
      const { deployment } = await setup.createInfrahub();
      /** Ends every open run of the cluster's pool, as an agent would. */
      const endRuns = async (state: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED') => {
        for (;;) {
          const run = await flowRuns.claim({
            pool: setup.cluster.workPool,
            owner: 'test-agent',
            leaseSeconds: 30,
          });
          if (!run) {
            return;
          }
          await flowRuns.complete({
            lease: { flowRunId: run.id, owner: 'test-agent', attempt: 1 },
            state,
            reason: state === 'FAILED' ? 'it failed' : undefined,
          });
        }
      };
      await endRuns();
      await setup.deployments.setState({ id: deployment.id, state: 'RUNNING' });
      const backup = await setup.deploymentBackups.createBackup({
        deploymentId: deployment.id,
        trigger: 'ON_DEMAND',
        createdBy: TEST_USER,
      });
      await endRuns();
      const complete = () =>
        setup.backups.recordBackupStatus({
          id: backup.id,
          observedAt: setup.clock.now(),
          status: { phase: 'Completed', errorCount: 0, warningCount: 0 },
        });
      return { ...setup, deployment, backup, endRuns, complete };
    }

    /** Runs `operation`, checks the code it is refused with, and that it wrote nothing. */
    async function expectRefused(
      knex: Knex,
      code: StyrminErrorCode,
      operation: () => Promise<unknown>,
      words?: RegExp,
    ) {
      const before = await allRowCounts(knex);
      const error = await operation().then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(codeOf(error!)).toBe(code);
      if (words) {
        expect(error!.message).toMatch(words);
      }
      await expect(allRowCounts(knex)).resolves.toEqual(before);
    }

    it('records a backup of the active instance with its task and planned step, in one transaction', async () => {
      const { knex, backup, deployment, tasks, instances } = await setUp();
      const [active] = await instances.getActiveInstances({
        deploymentIds: [deployment.id],
      });
      expect(backup).toMatchObject({
        deploymentId: deployment.id,
        instanceId: active.id,
        trigger: 'ON_DEMAND',
        ttlSeconds: 30 * 86400,
      });
      const task = (await tasks.getTask({ taskId: backup.taskId }))!;
      expect(task).toMatchObject({
        type: 'create_backup',
        steps: [{ name: 'Back up the namespace', status: 'PENDING' }],
      });
      expect(await allRowCounts(knex)).toMatchObject({
        [BACKUPS_TABLE]: 1,
        [RESTORES_TABLE]: 0,
      });
    });

    it('refuses a backup that cannot be taken, writing nothing', async () => {
      const setup = await setUp();
      const { knex, deploymentBackups, deployment, deployments, dev } = setup;
      const create =
        (deploymentId = deployment.id) =>
        () =>
          deploymentBackups.createBackup({
            deploymentId,
            trigger: 'ON_DEMAND',
            createdBy: TEST_USER,
          });
      await expectRefused(
        knex,
        'NOT_FOUND',
        create('00000000-0000-4000-8000-000000000999'),
      );
      await deployments.setState({ id: deployment.id, state: 'DEPLOYING' });
      await expectRefused(knex, 'CONFLICT', create(), /it is DEPLOYING/);
      await deployments.setState({ id: deployment.id, state: 'RUNNING' });

      await setup.backupStorageLocations.updateBackupStorageLocation({
        id: (await setup.backupStorageLocations.getBackupStorageLocation({
          name: 'minio',
        }))!.id,
        expectedVersion: 1,
        store: { provider: 'S3', pathStyle: true },
        updatedBy: TEST_USER,
      });
      await expectRefused(
        knex,
        'CONFLICT',
        create(),
        /no bucket or credentials/,
      );
      const current = (await setup.environments.getEnvironment({
        id: dev.id,
      }))!;
      await setup.environments.updateEnvironment({
        id: dev.id,
        expectedVersion: current.version,
        overrides: {},
        backupStorageLocation: null,
        updatedBy: TEST_USER,
      });
      await expectRefused(
        knex,
        'CONFLICT',
        create(),
        /no backup storage location/,
      );
      // Only the backup of the set-up was ever recorded.
      await expect(allRowCounts(knex)).resolves.toMatchObject({
        [BACKUPS_TABLE]: 1,
      });
    });

    it('refuses a restore of a backup that is not Completed, while a task runs, of a tombstone, writing nothing', async () => {
      const setup = await setUp();
      const { knex, deploymentBackups, backup, deployment, deployments } =
        setup;
      const restore =
        (backupId = backup.id) =>
        () =>
          deploymentBackups.restoreBackup({ backupId, createdBy: TEST_USER });

      await expectRefused(
        knex,
        'NOT_FOUND',
        restore('00000000-0000-4000-8000-000000000999'),
      );
      await expectRefused(knex, 'CONFLICT', restore(), /not started/);
      await setup.backups.recordBackupStatus({
        id: backup.id,
        observedAt: setup.clock.now(),
        status: { phase: 'PartiallyFailed', errorCount: 1, warningCount: 0 },
      });
      await expectRefused(knex, 'CONFLICT', restore(), /PartiallyFailed/);
      setup.clock.advance({ seconds: 1 });
      await setup.complete();
      // A task that has not ended: the deletion of another backup, say, or a job.
      const busy = await deploymentBackups.createBackup({
        deploymentId: deployment.id,
        trigger: 'ON_DEMAND',
        createdBy: TEST_USER,
      });
      await expectRefused(knex, 'CONFLICT', restore(), /has a task running/);
      await setup.endRuns();
      expect(busy.id).not.toBe(backup.id);

      setup.clock.advance({ seconds: 31 * 86400 });
      await expectRefused(knex, 'CONFLICT', restore(), /expired/);
      setup.clock.advance({ seconds: -31 * 86400 });

      const stored = (await deployments.getDeployment({ id: deployment.id }))!;
      await deployments.updateDeployment({
        id: deployment.id,
        expectedVersion: stored.version,
        driver: stored.driver,
        configuration: stored.configuration,
        deleted: true,
        state: 'DELETED',
        updatedBy: TEST_USER,
      });
      await expectRefused(knex, 'CONFLICT', restore(), /tombstone/);
    });

    it('moves the deployment to RESTORING with the restore and its task, the active instance unchanged', async () => {
      const setup = await setUp();
      const { deploymentBackups, backup, deployment, deployments, instances } =
        setup;
      await setup.complete();
      const [before] = await instances.getActiveInstances({
        deploymentIds: [deployment.id],
      });

      const restore = await deploymentBackups.restoreBackup({
        backupId: backup.id,
        createdBy: TEST_USER,
      });

      expect(restore).toMatchObject({
        backupId: backup.id,
        deploymentId: deployment.id,
        sourceDeploymentId: deployment.id,
      });
      expect(
        (await deployments.getDeployment({ id: deployment.id }))!.state,
      ).toBe('RESTORING');
      const [after] = await instances.getActiveInstances({
        deploymentIds: [deployment.id],
      });
      expect(after.id).toBe(before.id);
      // A second restore while the first runs is refused.
      await expectRefused(setup.knex, 'CONFLICT', () =>
        deploymentBackups.restoreBackup({
          backupId: backup.id,
          createdBy: TEST_USER,
        }),
      );
    });

    it('deletes by a task, answers a second deletion with the first, and refuses one of a backup still running', async () => {
      const setup = await setUp();
      const { knex, deploymentBackups, backup, deployment } = setup;
      const running = await deploymentBackups.createBackup({
        deploymentId: deployment.id,
        trigger: 'ON_DEMAND',
        createdBy: TEST_USER,
      });
      await expectRefused(
        knex,
        'CONFLICT',
        () =>
          deploymentBackups.deleteBackup({
            backupId: running.id,
            createdBy: TEST_USER,
          }),
        /has not ended/,
      );

      const deleting = await deploymentBackups.deleteBackup({
        backupId: backup.id,
        createdBy: TEST_USER,
      });
      expect(deleting.deleteTaskId).toBeDefined();
      const counts = await allRowCounts(knex);
      await expect(
        deploymentBackups.deleteBackup({
          backupId: backup.id,
          createdBy: TEST_USER,
        }),
      ).resolves.toEqual(deleting);
      await expect(allRowCounts(knex)).resolves.toEqual(counts);
    });
  });
});

/** The API code of an error: a StyrminError's own, else the one its Backstage class maps to. */
function codeOf(error: Error): string {
  const coded = error as Error & { code?: string };
  if (coded.code) {
    return coded.code;
  }
  return (
    {
      NotFoundError: 'NOT_FOUND',
      ConflictError: 'CONFLICT',
      InputError: 'VALIDATION_FAILED',
    } as Record<string, string>
  )[error.name];
}
