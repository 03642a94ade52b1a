import { Knex } from 'knex';
import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { setupReconciliation } from '../__testUtils__/reconciliation';

jest.setTimeout(60_000);

/** The statements that `work` sent through `knex`, as SQL with their bindings. */
async function statementsOf(
  knex: Knex,
  work: () => Promise<unknown>,
): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const statements: Array<{ sql: string; bindings: unknown[] }> = [];
  const record = (query: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: query.sql, bindings: query.bindings ?? [] });
  knex.on('query', record);
  try {
    await work();
    return statements;
  } finally {
    knex.removeListener('query', record);
  }
}

/** The table each insert or update writes, in order, as `insert styrmin_x` / `update styrmin_x`. */
function writes(statements: Array<{ sql: string }>): string[] {
  return statements.flatMap(({ sql }) => {
    const match = /^\s*(insert into|update)\s+[`"]?(\w+)/i.exec(sql);
    return match ? [`${match[1].split(' ')[0].toLowerCase()} ${match[2]}`] : [];
  });
}

describe('the writes of a change', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('creates a deployment with one insert per row and no update', async () => {
      const { knex, createInfrahub } = await setupReconciliation({
        databases,
        databaseId,
      });

      const statements = await statementsOf(knex, () => createInfrahub());

      expect(writes(statements)).toEqual([
        'insert styrmin_deployments',
        'insert styrmin_flow_runs',
        'insert styrmin_tasks',
        'insert styrmin_steps',
        'insert styrmin_instances',
      ]);
    });

    it('edits a deployment with one insert per row, the deployment updated once, and no row updated after its insert', async () => {
      const { knex, generator, createInfrahub, deploymentChanges } =
        await setupReconciliation({ databases, databaseId });
      const { deployment, redeployment } = await createInfrahub();
      const generate = jest.spyOn(generator, 'generate');

      let instanceId: string | undefined;
      const statements = await statementsOf(knex, async () => {
        const result = await deploymentChanges.changeDeployment({
          deploymentId: deployment.id,
          configurationPatch: { parameters: { log_level: 'DEBUG' } },
          updatedBy: TEST_USER,
        });
        instanceId = result.redeployment?.instance?.id;
      });

      expect(generate).toHaveBeenCalledTimes(1);
      expect(writes(statements)).toEqual([
        'update styrmin_deployments',
        'insert styrmin_flow_runs',
        'insert styrmin_tasks',
        'insert styrmin_steps',
        // The instance it replaces stops being the active one, then the new one is inserted.
        'update styrmin_instances',
        'insert styrmin_instances',
      ]);
      const instanceUpdate = statements.find(({ sql }) =>
        /^\s*update\s+[`"]?styrmin_instances/i.test(sql),
      )!;
      expect(instanceUpdate.bindings).toContain(redeployment!.instance!.id);
      expect(instanceUpdate.bindings).not.toContain(instanceId);
    });
  });
});
