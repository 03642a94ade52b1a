import { ConflictError, NotFoundError } from '@backstage/errors';
import { GlobalContext } from '@styrmin/plugin-styrmin-common';
import { createTestDatabases } from '../__testUtils__/databases';
import { createCoreStores, TEST_USER } from '../__testUtils__/coreStores';

jest.setTimeout(60_000);

const DRIVER = { name: 'infrahub', version: '1.0.0' };

const CONFIGURATION = {
  app_version: '1.5.0',
  parameters: { admin_password: 's3cret-of-ada' },
  components: {},
};
const BACKUP_1 = '00000000-0000-4000-8000-0000000000b1';
const BACKUP_2 = '00000000-0000-4000-8000-0000000000b2';

/** A stand-in context: the store keeps whatever it is given. */
const context = (version: string) =>
  ({ app: { version }, secret_paths: [] } as unknown as GlobalContext);

describe('DatabaseInstanceStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await createCoreStores({
        databases,
        databaseId,
        load: ['infrahub/1.0.0'],
      });
      const { cluster } = await stores.clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });
      const environment = await stores.environments.createEnvironment({
        name: 'dev',
        clusterId: cluster.id,
        overrides: {},
        createdBy: TEST_USER,
      });
      const deployment = await stores.deployments.createDeployment({
        environmentId: environment.id,
        name: 'infrahub',
        driver: DRIVER,
        configuration: { app_version: '1.5.2', parameters: {}, components: {} },
        createdBy: TEST_USER,
      });
      const create = (version: string, replaces?: string) =>
        stores.instances.createInstance({
          deploymentId: deployment.id,
          driver: DRIVER,
          context: context(version),
          diff: [{ path: 'app.version', kind: 'added', after: version }],
          replaces,
          createdBy: TEST_USER,
        });
      return { ...stores, deployment, create };
    }

    it('keeps one active instance, numbered in order, and the older ones for the timeline', async () => {
      const { instances, deployment, create, clock } = await setup();

      const first = await create('1.5.0');
      clock.advance({ seconds: 1 });
      const second = await create('1.5.1', first.id);
      clock.advance({ seconds: 1 });
      const third = await create('1.5.2', second.id);

      expect(third).toEqual({
        id: expect.any(String),
        deploymentId: deployment.id,
        number: 3,
        driver: DRIVER,
        context: context('1.5.2'),
        diff: [{ path: 'app.version', kind: 'added', after: '1.5.2' }],
        active: true,
        taskId: undefined,
        configuration: undefined,
        restorePointBackupId: undefined,
        rollbackToInstanceId: undefined,
        restoresBackupId: undefined,
        createdBy: TEST_USER,
        createdAt: clock.now(),
      });
      await expect(
        instances.getActiveInstances({ deploymentIds: [deployment.id] }),
      ).resolves.toEqual([third]);
      const page = await instances.listInstances({
        deploymentId: deployment.id,
        limit: 2,
      });
      expect(page.instances.map(i => [i.number, i.active])).toEqual([
        [3, true],
        [2, false],
      ]);
      expect(page.hasNextPage).toBe(true);
      await expect(
        instances.listInstances({
          deploymentId: deployment.id,
          limit: 2,
          before: 2,
        }),
      ).resolves.toEqual({
        instances: [{ ...first, active: false }],
        hasNextPage: false,
      });
    });

    it('keeps the configuration sealed, what a rollback records, and a restore point set once', async () => {
      const { instances, deployment, knex } = await setup();
      const first = await instances.createInstance({
        deploymentId: deployment.id,
        driver: DRIVER,
        context: context('1.5.0'),
        diff: [],
        configuration: CONFIGURATION,
        createdBy: TEST_USER,
      });
      const rollback = await instances.createInstance({
        deploymentId: deployment.id,
        driver: DRIVER,
        context: context('1.5.0'),
        diff: [],
        replaces: first.id,
        configuration: CONFIGURATION,
        rollbackToInstanceId: first.id,
        restoresBackupId: BACKUP_1,
        createdBy: TEST_USER,
      });
      const [row] = await knex('styrmin_instances')
        .where({ id: first.id })
        .pluck('configuration');
      expect(row).toMatch(/^styrmin-sealed:v1:/);
      expect(row).not.toContain('s3cret');

      await instances.setRestorePoint({ id: first.id, backupId: BACKUP_1 });
      // The same backup again is the call sent again.
      await instances.setRestorePoint({ id: first.id, backupId: BACKUP_1 });
      await expect(
        instances.setRestorePoint({ id: first.id, backupId: BACKUP_2 }),
      ).rejects.toThrow(ConflictError);
      await expect(
        instances.setRestorePoint({ id: 'not-an-id', backupId: BACKUP_1 }),
      ).rejects.toThrow(NotFoundError);

      const read = await instances.getInstances({
        ids: [first.id, rollback.id],
      });
      expect(
        read
          .sort((a, b) => a.number - b.number)
          .map(i => [
            i.configuration,
            i.restorePointBackupId,
            i.rollbackToInstanceId,
            i.restoresBackupId,
          ]),
      ).toEqual([
        [CONFIGURATION, BACKUP_1, undefined, undefined],
        [CONFIGURATION, undefined, first.id, BACKUP_1],
      ]);
    });

    it('refuses a change computed against an instance that is no longer active', async () => {
      const { instances, deployment, create } = await setup();
      const first = await create('1.5.0');
      await create('1.5.1', first.id);

      await expect(create('1.5.2', first.id)).rejects.toThrow(ConflictError);
      // A second "first" instance would be a second active one.
      await expect(create('1.5.2')).rejects.toThrow(ConflictError);
      const active = await instances.getActiveInstances({
        deploymentIds: [deployment.id],
      });
      expect(active.map(i => i.number)).toEqual([2]);
    });

    it('records the task that applies an instance, and deactivates it for a deletion', async () => {
      const { instances, tasks, flowRuns, deployment } = await setup();
      const createTask = async () =>
        tasks.createTask({
          type: 'create_instance',
          deploymentId: deployment.id,
          flowRunId: (
            await flowRuns.createFlowRun({
              pool: 'cluster:c1',
              flowName: 'CREATE_INSTANCE',
            })
          ).id,
          createdBy: TEST_USER,
          stepNames: [],
        });
      const failed = await createTask();
      const task = await createTask();

      const instance = await instances.createInstance({
        deploymentId: deployment.id,
        driver: DRIVER,
        context: context('1.5.2'),
        diff: [],
        taskId: failed.id,
        createdBy: TEST_USER,
      });
      expect(instance.taskId).toBe(failed.id);
      // A retry applies it again: its task becomes the retry.
      await instances.setInstanceTask({ id: instance.id, taskId: task.id });
      await expect(
        instances.setInstanceTask({ id: 'not-an-id', taskId: task.id }),
      ).rejects.toThrow(NotFoundError);
      await instances.deactivateInstance({ id: instance.id });

      await expect(
        instances.getInstances({ ids: [instance.id, 'not-an-id'] }),
      ).resolves.toEqual([{ ...instance, taskId: task.id, active: false }]);
      await expect(
        instances.deactivateInstance({ id: instance.id }),
      ).rejects.toThrow(ConflictError);
    });
  });
});
