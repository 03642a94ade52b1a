import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { createTestGraphQL, TEST_USER } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { setupReconciliation } from '../../__testUtils__/reconciliation';

jest.setTimeout(60_000);

const DEPLOYMENTS_WITH_WORKLOAD = /* GraphQL */ `
  query Deployments($first: Int, $filter: DeploymentFilter) {
    deployments(first: $first, filter: $filter) {
      nodes {
        name
        state
        components {
          name
          desiredReplicas
          pods
          readyReplicas
          singleton
          stopped
        }
        services {
          name
          component
          host
          port
          url
          protocol
          type
        }
      }
    }
  }
`;

describe('the components and services of deployments in GraphQL', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await setupReconciliation({ databases, databaseId });
      return { ...stores, ...(await createTestGraphQL(stores)) };
    }

    it('shows what should run beside the pods that run, in a constant number of queries', async () => {
      const { execute, knex, createInfrahub, dev, observedState, clock } =
        await setup();
      for (let i = 0; i < 6; i++) {
        const { deployment } = await createInfrahub(dev.id, `d${i}`);
        await observedState.report({
          deploymentId: deployment.id,
          observedAt: clock.now(),
          status: {},
          pods: [
            {
              name: 's1',
              phase: 'Running',
              ready: true,
              restarts: 0,
              component: 'server',
            },
            {
              name: 's2',
              phase: 'Pending',
              ready: false,
              restarts: 0,
              component: 'server',
            },
            {
              name: 'db',
              phase: 'Running',
              ready: true,
              restarts: 2,
              component: 'database',
            },
          ],
        });
      }

      let queries = 0;
      const count = () => {
        queries++;
      };
      knex.on('query', count);
      const queriesFor = async (first: number) => {
        queries = 0;
        const page = await execute(DEPLOYMENTS_WITH_WORKLOAD, { first });
        expect(page.errors).toBeUndefined();
        expect(page.data.deployments.nodes).toHaveLength(first);
        return { queries, page };
      };
      const one = await queriesFor(1);
      const six = await queriesFor(6);
      knex.removeListener('query', count);

      expect(six.queries).toBe(one.queries);
      const [d0] = six.page.data.deployments.nodes;
      expect(d0.components).toEqual([
        {
          name: 'database',
          desiredReplicas: 1,
          pods: 1,
          readyReplicas: 1,
          singleton: true,
          stopped: false,
        },
        {
          name: 'server',
          desiredReplicas: null,
          pods: 2,
          readyReplicas: 1,
          singleton: false,
          stopped: false,
        },
        {
          name: 'task-worker',
          desiredReplicas: null,
          pods: 0,
          readyReplicas: 0,
          singleton: false,
          stopped: false,
        },
      ]);
      expect(d0.services).toEqual([
        {
          name: 'http',
          component: 'server',
          host: expect.stringMatching(
            /^http\.styrmin-[0-9a-f-]+\.svc\.cluster\.local$/,
          ),
          port: 80,
          url: expect.stringMatching(
            /^http:\/\/http\.styrmin-[0-9a-f-]+\.svc\.cluster\.local:80$/,
          ),
          protocol: 'TCP',
          type: 'ClusterIP',
        },
      ]);
    });

    it('follows the replica override of the active instance', async () => {
      const { execute, createInfrahub, deploymentChanges } = await setup();
      const { deployment } = await createInfrahub();
      await deploymentChanges.changeDeployment({
        deploymentId: deployment.id,
        configurationPatch: { components: { server: { replicas: 3 } } },
        updatedBy: TEST_USER,
      });

      const page = await execute(DEPLOYMENTS_WITH_WORKLOAD);

      expect(page.errors).toBeUndefined();
      expect(
        page.data.deployments.nodes[0].components.find(
          (c: { name: string }) => c.name === 'server',
        ),
      ).toMatchObject({ desiredReplicas: 3, pods: 0 });
    });

    it('says a component is stopped while the latest DeploymentStatus lists it, with the replicas it starts with', async () => {
      const {
        execute,
        createInfrahub,
        deploymentChanges,
        observedState,
        clock,
      } = await setup();
      const { deployment } = await createInfrahub();
      await deploymentChanges.changeDeployment({
        deploymentId: deployment.id,
        configurationPatch: { components: { server: { replicas: 3 } } },
        updatedBy: TEST_USER,
      });
      const server = async () => {
        const page = await execute(DEPLOYMENTS_WITH_WORKLOAD);
        expect(page.errors).toBeUndefined();
        return page.data.deployments.nodes[0].components.find(
          (c: { name: string }) => c.name === 'server',
        );
      };
      const report = async (stoppedComponents: string[]) => {
        clock.advance({ seconds: 1 });
        await observedState.report({
          deploymentId: deployment.id,
          observedAt: clock.now(),
          status: { observedGeneration: 2, stoppedComponents },
          pods: [],
        });
      };

      expect(await server()).toMatchObject({ stopped: false });
      await report(['server']);
      expect(await server()).toMatchObject({
        stopped: true,
        desiredReplicas: 3,
        pods: 0,
      });
      await report([]);
      expect(await server()).toMatchObject({
        stopped: false,
        desiredReplicas: 3,
      });
    });

    it('has none on a tombstone, whose active instance has ended', async () => {
      const { execute, createInfrahub, deploymentChanges } = await setup();
      const { deployment } = await createInfrahub();
      await deploymentChanges.deleteDeployment({
        deploymentId: deployment.id,
        deletedBy: TEST_USER,
      });

      const page = await execute(DEPLOYMENTS_WITH_WORKLOAD, {
        filter: { includeDeleted: true },
      });

      expect(page.errors).toBeUndefined();
      expect(page.data.deployments.nodes).toEqual([
        { name: 'infrahub', state: 'DELETING', components: [], services: [] },
      ]);
    });

    it('refuses them to callers without the read permission', async () => {
      const stores = await setupReconciliation({ databases, databaseId });
      const { deployment } = await stores.createInfrahub();
      const { execute } = await createTestGraphQL(stores, {
        permissions: mockServices.permissions({ result: AuthorizeResult.DENY }),
      });

      const denied = await execute(
        `query($id: ID!) { deployment(id: $id) { components { name } } }`,
        { id: deployment.id },
      );

      expect(denied.data.deployment).toBeNull();
      expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });
});
