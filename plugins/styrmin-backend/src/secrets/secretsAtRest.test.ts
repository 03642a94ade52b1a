import { Knex } from 'knex';
import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  INFRAHUB_CONFIGURATION,
  SEMAPHORE_100,
  SEMAPHORE_CONFIGURATION,
} from '../__testUtils__/reconciliation';
import { setupEnvironmentBackups } from '../environmentOperations/__testUtils__/environmentBackupSetup';

jest.setTimeout(60_000);

/** An env var given as `{ secret }`: secret beside the driver's secret parameters. */
const ENV_SECRET = 'env-secret-4f1c9a';
const EDITED_PASSWORD = 'an edited password of infrahub';
/** The answer to a prompt that a driver types `secret`: none of the examples declares one. */
const PROMPT_SECRET = 'a backup passphrase 71b0';

/** Every secret value of the example deployments below. */
const SECRETS = [
  INFRAHUB_CONFIGURATION.parameters.admin_password,
  SEMAPHORE_CONFIGURATION.parameters.admin_password,
  SEMAPHORE_CONFIGURATION.parameters.infrahub_api_token,
  ENV_SECRET,
  EDITED_PASSWORD,
  PROMPT_SECRET,
];

/** The forms a value could take in a column: as it is, JSON-escaped, base64, hex. */
function formsOf(secret: string): string[] {
  return [
    secret,
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
    Buffer.from(secret).toString('hex'),
  ];
}

/** Every table of the database, every row, every column, as text. */
async function dumpTables(knex: Knex): Promise<Record<string, string>> {
  const tables: string[] =
    knex.client.config.client === 'pg'
      ? (
          await knex('pg_tables')
            .where({ schemaname: knex.raw('current_schema()') })
            .select('tablename')
        ).map((row: { tablename: string }) => row.tablename)
      : (
          await knex('sqlite_master').where({ type: 'table' }).select('name')
        ).map((row: { name: string }) => row.name);
  const dump: Record<string, string> = {};
  for (const table of tables) {
    const rows = await knex(table).select();
    dump[table] = JSON.stringify(rows, (_, value) =>
      Buffer.isBuffer(value) ? value.toString('latin1') : value,
    );
  }
  return dump;
}

describe('secret values at rest', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('are in no column of any table after the example deployments are created, edited and backed up, and a task is given secret answers', async () => {
      const setup = await setupEnvironmentBackups({ databases, databaseId });
      const { deploymentChanges, environmentBackupService, dev } = setup;
      const { deployment: semaphore } =
        await deploymentChanges.createDeployment({
          environmentId: dev.id,
          name: 'semaphore',
          driver: SEMAPHORE_100,
          configuration: SEMAPHORE_CONFIGURATION,
          createdBy: TEST_USER,
        });
      await deploymentChanges.changeDeployment({
        deploymentId: setup.infrahub.id,
        configurationPatch: {
          parameters: { admin_password: EDITED_PASSWORD },
          components: {
            server: { env: { API_TOKEN: { secret: ENV_SECRET } } },
          },
        },
        updatedBy: TEST_USER,
      });
      await setup.endRuns();
      for (const { id } of [setup.infrahub, semaphore]) {
        await setup.deployments.setState({ id, state: 'RUNNING' });
      }
      await environmentBackupService.createEnvironmentBackup({
        environmentId: dev.id,
        createdBy: TEST_USER,
      });

      const run = await setup.flowRuns.createFlowRun({
        pool: setup.cluster.workPool,
        flowName: 'UPGRADE_INSTANCE',
      });
      const withPrompts = await setup.tasks.createTask({
        type: 'upgrade_instance',
        deploymentId: setup.infrahub.id,
        flowRunId: run.id,
        createdBy: TEST_USER,
        stepNames: ['Run the upgrade core-hook'],
        prompts: { 'run-migrations': { backup_passphrase: PROMPT_SECRET } },
      });

      const dump = await dumpTables(setup.knex);
      expect(Object.keys(dump)).toEqual(
        expect.arrayContaining([
          'styrmin_deployments',
          'styrmin_instances',
          'styrmin_environment_backups',
          'styrmin_tasks',
        ]),
      );
      const found = Object.entries(dump).flatMap(([table, text]) =>
        SECRETS.flatMap(formsOf)
          .filter(form => text.includes(form))
          .map(form => `${table}: ${form}`),
      );
      expect(found).toEqual([]);

      // The values are there all the same, for whom they are meant.
      const [instance] = await setup.instances.getActiveInstances({
        deploymentIds: [setup.infrahub.id],
      });
      expect(instance.context.parameters.admin_password).toBe(EDITED_PASSWORD);
      expect(instance.context.components.server.env).toEqual({
        API_TOKEN: ENV_SECRET,
      });
      expect(
        (await setup.tasks.getTask({ taskId: withPrompts.id }))!.prompts,
      ).toEqual({ 'run-migrations': { backup_passphrase: PROMPT_SECRET } });
    });
  });
});
