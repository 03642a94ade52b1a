import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo } from '../__testUtils__/migrations';
import {
  insertTestEnvironment,
  testDeploymentRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261203020000_plans';

jest.setTimeout(60_000);

describe('20261203020000_plans', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('keeps plans of an environment and its deployments, which go with their deployment, and going down drops them', async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, `${MIGRATION}.js`);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert([
        testDeploymentRow(id(3), 'infrahub'),
        testDeploymentRow(id(4), 'other'),
      ]);
      const plan = (n: number, deploymentId: string | null) => ({
        id: id(n),
        environment_id: id(2),
        deployment_id: deploymentId,
        kind: deploymentId ? 'UPGRADE' : 'CREATE',
        change: 'styrmin-sealed:v1:k:iv:ciphertext',
        plan: '{}',
        basis: '{}',
        fingerprint: `sha256:${'0'.repeat(64)}`,
        created_by: 'user:default/ada',
        created_at: now,
        expires_at: now,
      });
      await knex('styrmin_plans').insert([
        plan(20, id(3)),
        plan(21, id(4)),
        plan(22, null),
      ]);
      await expect(
        knex('styrmin_plans').insert(plan(23, id(99))),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_plans').insert({ ...plan(24, null), change: null }),
      ).rejects.toThrow();

      await knex('styrmin_deployments')
        .where({ id: id(4) })
        .delete();
      expect(await knex('styrmin_plans').orderBy('id').pluck('id')).toEqual([
        id(20),
        id(22),
      ]);

      await knex.migrate.down(migrationsConfig);
      expect(await knex.schema.hasTable('styrmin_plans')).toBe(false);
      expect(await knex('styrmin_deployments').pluck('id')).toEqual([id(3)]);
    });
  });
});
