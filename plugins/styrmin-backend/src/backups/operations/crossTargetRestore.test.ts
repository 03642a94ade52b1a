import { TEST_USER } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import {
  expectRefusedWritingNothing,
  setupEnvironmentBackups,
} from '../../environmentOperations/__testUtils__/environmentBackupSetup';

jest.setTimeout(60_000);

describe('crossTargetRestore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** A Completed backup of dev's infrahub, and `copy`, an infrahub RUNNING in dev-copy. */
    async function setUp() {
      const setup = await setupEnvironmentBackups({ databases, databaseId });
      const backup = await setup.deploymentBackups.createBackup({
        deploymentId: setup.infrahub.id,
        trigger: 'ON_DEMAND',
        createdBy: TEST_USER,
      });
      await setup.endRuns();
      await setup.report(backup.id, 'Completed');
      const devCopy = await setup.environment('dev-copy');
      const { deployment: copy } = await setup.createInfrahub(devCopy.id);
      await setup.endRuns();
      await setup.deployments.setState({ id: copy.id, state: 'RUNNING' });
      return { ...setup, backup, copy };
    }

    it("restores a backup into another deployment's namespace: the target RESTORING, Velero's mapping in the task, the source untouched", async () => {
      const { deploymentBackups, backup, copy, infrahub, deployments } =
        await setUp();

      const restore = await deploymentBackups.restoreIntoClone({
        backupId: backup.id,
        deploymentId: copy.id,
        createdBy: TEST_USER,
      });

      expect(restore).toMatchObject({
        backupId: backup.id,
        sourceDeploymentId: infrahub.id,
        deploymentId: copy.id,
        veleroBackupName: backup.veleroBackupName,
        veleroRestoreName: expect.stringMatching(/^infrahub-/),
      });
      const [target, source] = await Promise.all(
        [copy.id, infrahub.id].map(id => deployments.getDeployment({ id })),
      );
      expect([target?.state, source?.state]).toEqual(['RESTORING', 'RUNNING']);
    });

    it('names both namespaces in the restore_backup task, so that the agent maps one onto the other', async () => {
      const { deploymentBackups, backup, copy, infrahub, tasks, flowRuns } =
        await setUp();

      const restore = await deploymentBackups.restoreIntoClone({
        backupId: backup.id,
        deploymentId: copy.id,
        createdBy: TEST_USER,
      });

      const task = (await tasks.getTask({ taskId: restore.taskId }))!;
      expect(task).toMatchObject({
        type: 'restore_backup',
        deploymentId: copy.id,
      });
      const run = (await flowRuns.getFlowRun({ flowRunId: task.flowRunId }))!;
      expect(run.parameters).toMatchObject({
        deploymentId: copy.id,
        restoreId: restore.id,
        namespace: `styrmin-${copy.id}`,
        sourceNamespace: `styrmin-${infrahub.id}`,
      });
    });

    it('refuses, writing nothing, what it refuses in place: a target that is busy or a tombstone, a backup that is not Completed', async () => {
      const setup = await setUp();
      const { knex, deploymentBackups, backup, copy, infrahub2 } = setup;
      const into =
        (deploymentId: string, backupId = backup.id) =>
        () =>
          deploymentBackups.restoreIntoClone({
            backupId,
            deploymentId,
            createdBy: TEST_USER,
          });

      const notReported = await setup.deploymentBackups.createBackup({
        deploymentId: infrahub2.id,
        trigger: 'ON_DEMAND',
        createdBy: TEST_USER,
      });
      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        into(infrahub2.id),
        /infrahub-2 has a task running/,
      );
      await setup.endRuns();
      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        into(copy.id, notReported.id),
        /not started/,
      );
      await setup.deploymentChanges.deleteDeployment({
        deploymentId: copy.id,
        deletedBy: TEST_USER,
      });
      await expectRefusedWritingNothing(
        knex,
        'CONFLICT',
        into(copy.id),
        /tombstone/,
      );
    });
  });
});
