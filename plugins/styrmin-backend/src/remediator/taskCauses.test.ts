import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  SEMAPHORE_100,
  SEMAPHORE_CONFIGURATION,
  setupReconciliation,
} from '../__testUtils__/reconciliation';
import { Redeployment } from './Remediator';
import { hookCause } from './taskCauses';

jest.setTimeout(60_000);

describe('task causes', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const fixture = await setupReconciliation({ databases, databaseId });
      /** The cause stored with the task of a redeployment, as the store reads it. */
      const storedCause = async (redeployment: Redeployment) =>
        (await fixture.tasks.getTask({
          taskId: redeployment.remediation!.task.id,
        }))!.cause;
      const createSemaphore = () =>
        fixture.deploymentChanges.createDeployment({
          environmentId: fixture.dev.id,
          name: 'semaphore',
          driver: SEMAPHORE_100,
          configuration: SEMAPHORE_CONFIGURATION,
          createdBy: 'user:default/grace',
        });
      return { ...fixture, storedCause, createSemaphore };
    }

    it('records why a change redeploys the siblings, and no cause for its own deployment', async () => {
      const {
        createInfrahub,
        createSemaphore,
        deploymentChanges,
        storedCause,
      } = await setup();
      await createSemaphore();
      const infrahub = await createInfrahub();

      await expect(
        storedCause(infrahub.redeployment!),
      ).resolves.toBeUndefined();
      const [sibling] = infrahub.siblings;
      await expect(storedCause(sibling)).resolves.toEqual({
        kind: 'DEPLOYMENT_CHANGE',
        message: 'redeployed because dev/infrahub was created',
        causedBy: TEST_USER,
        record: {
          type: 'deployment',
          id: infrahub.deployment.id,
          name: 'dev/infrahub',
        },
      });

      const deleted = await deploymentChanges.deleteDeployment({
        deploymentId: infrahub.deployment.id,
        deletedBy: 'user:default/grace',
      });
      await expect(storedCause(deleted.redeployment!)).resolves.toBeUndefined();
      await expect(storedCause(deleted.siblings[0])).resolves.toMatchObject({
        message: 'redeployed because dev/infrahub was deleted',
        causedBy: 'user:default/grace',
      });
    });

    it('records the cluster or environment change, with who made it, on each task it starts', async () => {
      const { createInfrahub, settingsChanges, cluster, dev, storedCause } =
        await setup();
      await createInfrahub();

      const clusterChange = await settingsChanges.updateCluster({
        clusterId: cluster.id,
        settingsPatch: { storage_class: 'premium' },
        updatedBy: 'user:default/grace',
      });
      await expect(
        storedCause(clusterChange.redeployments[0]),
      ).resolves.toEqual({
        kind: 'CLUSTER_SETTINGS',
        message: 'redeployed because cluster local changed storage_class',
        causedBy: 'user:default/grace',
        record: { type: 'cluster', id: cluster.id, name: 'local' },
      });

      const environmentChange = await settingsChanges.updateEnvironment({
        environmentId: dev.id,
        overridesPatch: { storage_class: 'fast' },
        updatedBy: 'user:default/linus',
      });
      await expect(
        storedCause(environmentChange.redeployments[0]),
      ).resolves.toEqual({
        kind: 'ENVIRONMENT_SETTINGS',
        message: 'redeployed because environment dev changed its overrides',
        causedBy: 'user:default/linus',
        record: { type: 'environment', id: dev.id, name: 'dev' },
      });
    });
  });

  it('names the hook of the step that started a task', () => {
    const task = { id: 'task-1', createdBy: TEST_USER };
    const of = {
      environment: { name: 'dev' },
      deployment: { name: 'infrahub' },
    };
    expect(
      hookCause({ ...of, task, stepName: 'Run the upgrade pre-hook' }),
    ).toEqual({
      kind: 'HOOK',
      message: 'started by the upgrade pre-hook of dev/infrahub',
      causedBy: TEST_USER,
      record: { type: 'task', id: 'task-1', name: 'Run the upgrade pre-hook' },
    });
    expect(hookCause({ ...of, task, stepName: 'Scale workers' }).message).toBe(
      'started by step "Scale workers" of dev/infrahub',
    );
  });
});
