import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo } from '../__testUtils__/migrations';
import {
  insertTestEnvironment,
  testDeploymentRow,
  testFlowRunRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';
import { migrationsConfig } from '../database/migrations';

const MIGRATION = '20261202050000_action_tokens';

jest.setTimeout(60_000);

describe('20261202050000_action_tokens', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('keeps hashed tokens of a deployment and a run, which go with their run, and going down drops them', async () => {
      const knex = await databases.init(databaseId);
      await migrateUpTo(knex, `${MIGRATION}.js`);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(
        testDeploymentRow(id(3), 'infrahub'),
      );
      await knex('styrmin_flow_runs').insert([
        testFlowRunRow(id(10)),
        testFlowRunRow(id(11)),
      ]);
      const token = (n: number, run: number) => ({
        id: id(n),
        token_hash: String(n).repeat(64).slice(0, 64),
        deployment_id: id(3),
        flow_run_id: id(run),
        run_attempt: 1,
        expires_at: now,
        created_at: now,
      });
      await knex('styrmin_action_tokens').insert([
        token(20, 10),
        token(21, 11),
      ]);
      await expect(
        knex('styrmin_action_tokens').insert({
          ...token(22, 10),
          flow_run_id: id(99),
        }),
      ).rejects.toThrow();

      await knex('styrmin_flow_runs')
        .where({ id: id(11) })
        .delete();
      expect(await knex('styrmin_action_tokens').pluck('id')).toEqual([id(20)]);

      await knex.migrate.down(migrationsConfig);
      expect(await knex.schema.hasTable('styrmin_action_tokens')).toBe(false);
      expect(await knex('styrmin_flow_runs').pluck('id')).toEqual([id(10)]);
    });
  });
});
