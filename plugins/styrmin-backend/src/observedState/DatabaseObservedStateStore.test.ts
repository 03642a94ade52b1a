import { countQueries } from '../__testUtils__/countQueries';
import { createTestDatabases } from '../__testUtils__/databases';
import { setupReconciliation } from '../__testUtils__/reconciliation';

jest.setTimeout(60_000);

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 1, 12, 0, seconds));

describe('DatabaseObservedStateStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await setupReconciliation({ databases, databaseId });
      const { deployment } = await stores.createInfrahub();
      const other = (await stores.createInfrahub(stores.dev.id, 'other'))
        .deployment;
      return { ...stores, deploymentId: deployment.id, otherId: other.id };
    }

    const server = {
      name: 'server-0',
      phase: 'Running' as const,
      ready: true,
      restarts: 0,
      startedAt: at(0),
      component: 'server',
    };
    const worker = {
      name: 'worker-0',
      phase: 'Pending' as const,
      ready: false,
      restarts: 3,
      reason: 'CrashLoopBackOff',
    };

    it('stores a DeploymentStatus and one PodStatus row per pod, writing only what changed', async () => {
      const { observedState, knex, deploymentId, otherId } = await setup();
      const status = {
        observedGeneration: 1,
        conditions: [{ type: 'Ready', status: 'True' }],
      };

      await expect(
        observedState.report({
          deploymentId,
          observedAt: at(1),
          status,
          pods: [server, worker],
        }),
      ).resolves.toEqual({ changed: true, statusChanged: true, stale: false });
      await observedState.report({
        deploymentId: otherId,
        observedAt: at(1),
        status: {},
        pods: [server],
      });

      const writes: string[] = [];
      const onQuery = (query: { sql: string }) => {
        if (/^(insert|update|delete)/i.test(query.sql)) {
          writes.push(query.sql);
        }
      };
      knex.on('query', onQuery);
      // The same snapshot with its keys in another order: nothing is written.
      await expect(
        observedState.report({
          deploymentId,
          observedAt: at(2),
          status: {
            conditions: [{ status: 'True', type: 'Ready' }],
            observedGeneration: 1,
          },
          pods: [worker, server],
        }),
      ).resolves.toEqual({
        changed: false,
        statusChanged: false,
        stale: false,
      });
      knex.removeListener('query', onQuery);
      expect(writes).toEqual([]);

      await expect(
        observedState.getDeploymentStatuses({
          deploymentIds: [deploymentId, 'nope'],
        }),
      ).resolves.toEqual([
        {
          deploymentId,
          status,
          observedAt: at(1),
          updatedAt: expect.any(Date),
        },
      ]);
      await expect(
        observedState.listPodStatuses({ deploymentIds: [deploymentId] }),
      ).resolves.toEqual([
        { deploymentId, ...server, reason: undefined, observedAt: at(1) },
        {
          deploymentId,
          ...worker,
          startedAt: undefined,
          component: undefined,
          observedAt: at(1),
        },
      ]);
    });

    it('removes the pods a snapshot no longer lists, updates those that changed, and ignores a late one', async () => {
      const { observedState, deploymentId, otherId } = await setup();
      await observedState.report({
        deploymentId,
        observedAt: at(1),
        status: {},
        pods: [server, worker],
      });
      await observedState.report({
        deploymentId: otherId,
        observedAt: at(1),
        status: {},
        pods: [worker],
      });

      await expect(
        observedState.report({
          deploymentId,
          observedAt: at(5),
          status: {},
          pods: [{ ...server, restarts: 1 }],
        }),
      ).resolves.toEqual({ changed: true, statusChanged: false, stale: false });
      const pods = await observedState.listPodStatuses({
        deploymentIds: [deploymentId, otherId],
      });
      expect(pods.map(pod => [pod.deploymentId, pod.name])).toEqual(
        [
          [deploymentId, 'server-0'],
          [otherId, 'worker-0'],
        ].sort((a, b) => a[0].localeCompare(b[0])),
      );
      expect(pods.find(pod => pod.deploymentId === deploymentId)).toMatchObject(
        {
          restarts: 1,
          observedAt: at(5),
        },
      );

      await expect(
        observedState.report({
          deploymentId,
          observedAt: at(3),
          status: { late: true },
          pods: [],
        }),
      ).resolves.toEqual({ changed: false, statusChanged: false, stale: true });
      expect(
        (
          await observedState.listPodStatuses({ deploymentIds: [deploymentId] })
        ).map(p => p.name),
      ).toEqual(['server-0']);
    });

    it('forgets the observed state of a deployment', async () => {
      const { observedState, deploymentId, otherId } = await setup();
      for (const id of [deploymentId, otherId]) {
        await observedState.report({
          deploymentId: id,
          observedAt: at(1),
          status: {},
          pods: [server],
        });
      }

      await observedState.removeObservedState({ deploymentId });

      await expect(
        observedState.getDeploymentStatuses({
          deploymentIds: [deploymentId, otherId],
        }),
      ).resolves.toEqual([expect.objectContaining({ deploymentId: otherId })]);
      await expect(
        observedState.listPodStatuses({
          deploymentIds: [deploymentId, otherId],
        }),
      ).resolves.toEqual([expect.objectContaining({ deploymentId: otherId })]);
    });

    it('reads the status and pods of many deployments in one query, as the two reads answer them', async () => {
      const {
        observedState,
        knex,
        deploymentId,
        otherId,
        createInfrahub,
        dev,
      } = await setup();
      const unreported = (await createInfrahub(dev.id, 'unreported')).deployment
        .id;
      await observedState.report({
        deploymentId,
        observedAt: at(1),
        status: { observedGeneration: 2 },
        pods: [worker, server],
      });
      // A status without pods: a workload scaled to nothing.
      await observedState.report({
        deploymentId: otherId,
        observedAt: at(1),
        status: {},
        pods: [],
      });
      const deploymentIds = [deploymentId, otherId, unreported, 'nope'];

      const { queries, result } = await countQueries(knex, () =>
        observedState.getObservedStates({ deploymentIds }),
      );

      expect(queries).toBe(1);
      const statuses = await observedState.getDeploymentStatuses({
        deploymentIds,
      });
      const pods = await observedState.listPodStatuses({ deploymentIds });
      const byId = (a: { status: { deploymentId: string } }, b: typeof a) =>
        a.status.deploymentId.localeCompare(b.status.deploymentId);
      expect([...result].sort(byId)).toEqual(
        statuses
          .map(status => ({
            status,
            pods: pods.filter(pod => pod.deploymentId === status.deploymentId),
          }))
          .sort(byId),
      );
      expect(
        result.find(state => state.status.deploymentId === deploymentId)!.pods,
      ).toHaveLength(2);
      expect(
        result.find(state => state.status.deploymentId === otherId)!.pods,
      ).toEqual([]);
    });
  });
});
