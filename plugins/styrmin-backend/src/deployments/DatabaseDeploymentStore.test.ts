import { ConflictError } from '@backstage/errors';
import { DeploymentConfiguration } from '@styrmin/plugin-styrmin-common';
import { createTestDatabases } from '../__testUtils__/databases';
import { createCoreStores, TEST_USER } from '../__testUtils__/coreStores';

jest.setTimeout(60_000);

const INFRAHUB = { name: 'infrahub', version: '1.0.0' };
const SEMAPHORE = { name: 'semaphore', version: '1.0.0' };
const CONFIGURATION: DeploymentConfiguration = {
  app_version: '1.5.2',
  parameters: { admin_password: 'correct horse battery' },
  components: {},
};

describe('DatabaseDeploymentStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await createCoreStores({
        databases,
        databaseId,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0', 'semaphore/1.0.0'],
      });
      const { cluster } = await stores.clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });
      const environment = (name: string) =>
        stores.environments.createEnvironment({
          name,
          clusterId: cluster.id,
          overrides: {},
          createdBy: TEST_USER,
        });
      const dev = await environment('dev');
      const staging = await environment('staging');
      const create = (environmentId: string, name: string, driver = INFRAHUB) =>
        stores.deployments.createDeployment({
          environmentId,
          name,
          driver,
          configuration: CONFIGURATION,
          createdBy: TEST_USER,
        });
      return { ...stores, dev, staging, create };
    }

    it('records a PENDING deployment, unique by name in its environment', async () => {
      const { deployments, dev, staging, create, clock } = await setup();

      const infrahub = await create(dev.id, 'infrahub');

      expect(infrahub).toEqual({
        id: expect.any(String),
        environmentId: dev.id,
        name: 'infrahub',
        driver: INFRAHUB,
        configuration: CONFIGURATION,
        state: 'PENDING',
        stateReason: undefined,
        deletedAt: undefined,
        version: 1,
        createdBy: TEST_USER,
        createdAt: clock.now(),
        updatedBy: TEST_USER,
        updatedAt: clock.now(),
      });
      await expect(create(dev.id, 'infrahub')).rejects.toThrow(ConflictError);
      await create(staging.id, 'infrahub');
      await expect(
        deployments.getDeployment({ environmentId: dev.id, name: 'infrahub' }),
      ).resolves.toEqual(infrahub);
      await expect(
        deployments.getDeployment({ id: 'not-a-uuid' }),
      ).resolves.toBeUndefined();
      await expect(
        create(dev.id, 'ghost', { name: 'infrahub', version: '9.9.9' }),
      ).rejects.toThrow();
    });

    it('lists pages by name, filtered by environment, state and driver', async () => {
      const { deployments, dev, staging, create } = await setup();
      const a = await create(dev.id, 'a');
      const b = await create(staging.id, 'b', SEMAPHORE);
      const c = await create(dev.id, 'c', {
        name: 'infrahub',
        version: '1.1.0',
      });
      await deployments.setState({ id: c.id, state: 'FAILED', reason: 'x' });

      const first = await deployments.listDeployments({ limit: 2 });
      expect(first.deployments.map(d => d.name)).toEqual(['a', 'b']);
      expect(first.hasNextPage).toBe(true);
      const second = await deployments.listDeployments({
        limit: 2,
        after: { name: 'b', id: b.id },
      });
      expect(second.deployments.map(d => d.name)).toEqual(['c']);
      expect(second.hasNextPage).toBe(false);

      const names = async (filter: object) =>
        (
          await deployments.listDeployments({ limit: 10, ...filter })
        ).deployments.map(d => d.name);
      await expect(names({ environmentId: dev.id })).resolves.toEqual([
        'a',
        'c',
      ]);
      await expect(names({ states: ['FAILED'] })).resolves.toEqual(['c']);
      await expect(names({ driverName: 'infrahub' })).resolves.toEqual([
        'a',
        'c',
      ]);
      await expect(
        names({ driverName: 'infrahub', driverVersion: '1.0.0' }),
      ).resolves.toEqual(['a']);
      await expect(names({ environmentId: 'nope' })).resolves.toEqual([]);
      await expect(
        deployments.listDeploymentsOfEnvironments({
          environmentIds: [staging.id],
        }),
      ).resolves.toEqual([b]);
      await expect(
        deployments.getDeployments({ ids: [a.id, 'nope'] }),
      ).resolves.toEqual([a]);
      await expect(
        deployments.getDeployment({ id: c.id }),
      ).resolves.toMatchObject({
        state: 'FAILED',
        stateReason: 'x',
        version: 1,
      });
    });

    it('records changes by compare-and-set, and leaves a deletion as a tombstone', async () => {
      const { deployments, dev, create } = await setup();
      const infrahub = await create(dev.id, 'infrahub');
      const upgraded = {
        driver: { name: 'infrahub', version: '1.1.0' },
        configuration: { ...CONFIGURATION, app_version: '1.6.0' },
      };

      const changed = await deployments.updateDeployment({
        id: infrahub.id,
        expectedVersion: 1,
        ...upgraded,
        updatedBy: 'user:default/bob',
      });
      expect(changed).toMatchObject({
        ...upgraded,
        version: 2,
        updatedBy: 'user:default/bob',
      });
      await expect(
        deployments.updateDeployment({
          id: infrahub.id,
          expectedVersion: 1,
          ...upgraded,
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);

      const deleted = await deployments.updateDeployment({
        id: infrahub.id,
        expectedVersion: 2,
        ...upgraded,
        deleted: true,
        updatedBy: TEST_USER,
      });
      expect(deleted.deletedAt).toBeInstanceOf(Date);
      await expect(
        deployments.updateDeployment({
          id: infrahub.id,
          expectedVersion: 3,
          ...upgraded,
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(`Deployment ${infrahub.id} is deleted`);
      await expect(
        deployments.getDeployment({ environmentId: dev.id, name: 'infrahub' }),
      ).resolves.toBeUndefined();
      await expect(deployments.listDeployments({ limit: 10 })).resolves.toEqual(
        { deployments: [], hasNextPage: false },
      );
      await expect(
        deployments.listDeployments({ limit: 10, includeDeleted: true }),
      ).resolves.toEqual({ deployments: [deleted], hasNextPage: false });
      // The name is free again.
      await create(dev.id, 'infrahub');
    });
  });
});
