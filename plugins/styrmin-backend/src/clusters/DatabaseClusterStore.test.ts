import { ConflictError, NotFoundError } from '@backstage/errors';
import { createTestDatabases } from '../__testUtils__/databases';
import { createCoreStores, TEST_USER } from '../__testUtils__/coreStores';
import { agentTokenHash } from './agentToken';

jest.setTimeout(60_000);

describe('DatabaseClusterStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setup = () => createCoreStores({ databases, databaseId });

    it('registers clusters, each with its own work pool, and lists them by name', async () => {
      const { clusters, knex, clock } = await setup();

      const { cluster, agentToken } = await clusters.registerCluster({
        name: 'local',
        settings: { storage_class: 'standard' },
        createdBy: TEST_USER,
      });
      const other = await clusters.registerCluster({
        name: 'edge',
        settings: {},
        createdBy: TEST_USER,
      });

      expect(cluster).toEqual({
        id: expect.any(String),
        name: 'local',
        settings: { storage_class: 'standard' },
        workPool: `cluster:${cluster.id}`,
        agentTokenRotatedAt: clock.now(),
        agentLastSeenAt: undefined,
        version: 1,
        createdBy: TEST_USER,
        createdAt: clock.now(),
        updatedBy: TEST_USER,
        updatedAt: clock.now(),
      });
      expect(agentToken).toMatch(
        new RegExp(`^styrmin-agent\\.${cluster.id}\\.[\\w-]{43}$`),
      );
      expect(other.cluster.workPool).not.toBe(cluster.workPool);
      // Only the hash is stored.
      const [row] = await knex('styrmin_clusters').where({ id: cluster.id });
      expect(row.agent_token_hash).toBe(agentTokenHash(agentToken));
      expect(JSON.stringify(row)).not.toContain(agentToken.split('.')[2]);
      await expect(clusters.listClusters()).resolves.toEqual([
        other.cluster,
        cluster,
      ]);
      await expect(clusters.getCluster({ name: 'local' })).resolves.toEqual(
        cluster,
      );
      await expect(
        clusters.getClusters({ ids: [cluster.id, 'unknown'] }),
      ).resolves.toEqual([cluster]);
    });

    it('refuses a second cluster of the same name', async () => {
      const { clusters } = await setup();
      await clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });
      await expect(
        clusters.registerCluster({
          name: 'local',
          settings: {},
          createdBy: TEST_USER,
        }),
      ).rejects.toThrow(ConflictError);
    });

    it('verifies agent tokens, and forgets a rotated one at once', async () => {
      const { clusters } = await setup();
      const { cluster, agentToken } = await clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });
      const other = await clusters.registerCluster({
        name: 'edge',
        settings: {},
        createdBy: TEST_USER,
      });

      await expect(
        clusters.verifyAgentToken({ token: agentToken }),
      ).resolves.toEqual(cluster);
      await expect(
        clusters.verifyAgentToken({ token: other.agentToken }),
      ).resolves.toEqual(other.cluster);
      // Another cluster's secret under this cluster's id, a truncated token, garbage.
      const [, , otherSecret] = other.agentToken.split('.');
      for (const token of [
        `styrmin-agent.${cluster.id}.${otherSecret}`,
        agentToken.slice(0, -1),
        'Bearer nonsense',
        '',
      ]) {
        await expect(
          clusters.verifyAgentToken({ token }),
        ).resolves.toBeUndefined();
      }

      const rotated = await clusters.rotateAgentToken({
        id: cluster.id,
        updatedBy: 'user:default/bob',
      });
      expect(rotated.agentToken).not.toBe(agentToken);
      expect(rotated.cluster).toMatchObject({
        version: 2,
        updatedBy: 'user:default/bob',
      });
      await expect(
        clusters.verifyAgentToken({ token: agentToken }),
      ).resolves.toBeUndefined();
      await expect(
        clusters.verifyAgentToken({ token: rotated.agentToken }),
      ).resolves.toEqual(rotated.cluster);
      await expect(
        clusters.rotateAgentToken({
          id: '00000000-0000-4000-8000-000000000000',
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(NotFoundError);
    });

    it('updates settings by compare-and-set on the version', async () => {
      const { clusters } = await setup();
      const { cluster } = await clusters.registerCluster({
        name: 'local',
        settings: {},
        createdBy: TEST_USER,
      });

      const updated = await clusters.updateCluster({
        id: cluster.id,
        expectedVersion: 1,
        settings: { ingress_class: 'nginx' },
        updatedBy: 'user:default/bob',
      });
      expect(updated).toMatchObject({
        settings: { ingress_class: 'nginx' },
        version: 2,
        updatedBy: 'user:default/bob',
      });
      await expect(
        clusters.updateCluster({
          id: cluster.id,
          expectedVersion: 1,
          settings: {},
          updatedBy: TEST_USER,
        }),
      ).rejects.toThrow(
        'changed meanwhile: the change applies to version 1, and it is at version 2 now',
      );
      await expect(clusters.getCluster({ id: cluster.id })).resolves.toEqual(
        updated,
      );
    });

    it('records that the agent was seen, at most once per throttle interval, without changing the cluster', async () => {
      const { clusters, clock } = await setup();
      const { cluster } = await clusters.registerCluster({
        name: 'seen',
        settings: {},
        createdBy: TEST_USER,
      });
      const seen = () =>
        clusters.recordAgentSeen({ id: cluster.id, throttleSeconds: 30 });

      await expect(seen()).resolves.toBe(true);
      const first = clock.now();
      clock.advance({ seconds: 10 });
      await expect(seen()).resolves.toBe(false);
      expect(await clusters.getCluster({ id: cluster.id })).toEqual({
        ...cluster,
        agentLastSeenAt: first,
      });
      clock.advance({ seconds: 20 });
      await expect(seen()).resolves.toBe(true);
      expect(
        (await clusters.getCluster({ id: cluster.id }))?.agentLastSeenAt,
      ).toEqual(clock.now());
      await expect(
        clusters.recordAgentSeen({ id: 'not-a-uuid', throttleSeconds: 30 }),
      ).resolves.toBe(false);
    });
  });
});
