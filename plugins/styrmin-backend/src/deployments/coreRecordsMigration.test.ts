import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import { migrateUpTo } from '../__testUtils__/migrations';
import {
  insertTestEnvironment,
  testDeploymentRow,
  testId as id,
  TEST_ROWS_AT as now,
} from '../__testUtils__/testDeployments';

const MIGRATION = '20261130030000_core_records.js';

jest.setTimeout(60_000);

describe('20261130030000_core_records', () => {
  const databases = createTestDatabases();
  const who = { created_by: 'user:default/ada', created_at: now };
  const updated = { updated_by: 'user:default/ada', updated_at: now };
  const deployment = (n: number, name: string, more: object = {}) => ({
    ...testDeploymentRow(id(n), name),
    ...more,
  });
  const instance = (n: number, number: number, active: boolean) => ({
    id: id(n),
    deployment_id: id(3),
    number,
    driver_name: 'infrahub',
    driver_version: '1.0.0',
    context: '{}',
    diff: '[]',
    active,
    ...who,
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;

    beforeEach(async () => {
      knex = await databases.init(databaseId);
      await migrateUpTo(knex, MIGRATION);
      await insertTestEnvironment(knex);
      await knex('styrmin_deployments').insert(deployment(3, 'infrahub'));
    });

    it('keeps deployment names unique per environment among those not deleted', async () => {
      await expect(
        knex('styrmin_deployments').insert(deployment(4, 'infrahub')),
      ).rejects.toThrow();
      await knex('styrmin_deployments')
        .where({ id: id(3) })
        .update({ deleted_at: now, state: 'DELETING' });
      await knex('styrmin_deployments').insert(deployment(4, 'infrahub'));
      const [{ n }] = await knex('styrmin_deployments')
        .where({ name: 'infrahub' })
        .count({ n: '*' });
      expect(Number(n)).toBe(2);
    });

    it('refuses a deleting deployment whose deletion is not recorded, and an unknown driver version', async () => {
      await expect(
        knex('styrmin_deployments').insert(
          deployment(4, 'semaphore', { state: 'DELETING' }),
        ),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_deployments').insert(
          deployment(4, 'semaphore', { state: 'BROKEN' }),
        ),
      ).rejects.toThrow();
    });

    it('keeps at most one active instance per deployment', async () => {
      await knex('styrmin_instances').insert(instance(10, 1, false));
      await knex('styrmin_instances').insert(instance(11, 2, true));
      await expect(
        knex('styrmin_instances').insert(instance(12, 3, true)),
      ).rejects.toThrow();
      await expect(
        knex('styrmin_instances').insert(instance(12, 2, false)),
      ).rejects.toThrow();
      await knex('styrmin_instances').insert(instance(12, 3, false));
      const active = await knex('styrmin_instances').where({ active: true });
      expect(active.map(row => row.id)).toEqual([id(11)]);
    });

    it('keeps environment names unique among those not deleted', async () => {
      const environment = {
        id: id(5),
        name: 'dev',
        cluster_id: id(1),
        overrides: '{}',
        version: 1,
        ...who,
        ...updated,
      };
      await expect(
        knex('styrmin_environments').insert(environment),
      ).rejects.toThrow();
      await knex('styrmin_environments')
        .where({ id: id(2) })
        .update({ deleted_at: now });
      await knex('styrmin_environments').insert(environment);
    });
  });
});
