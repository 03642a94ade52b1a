import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  INFRAHUB_CONFIGURATION,
  setupReconciliation,
} from '../__testUtils__/reconciliation';
import { TEST_SECRET_KEY } from '../__testUtils__/secretBox';
import { DatabaseDeploymentStore } from '../deployments/DatabaseDeploymentStore';
import { DatabaseInstanceStore } from '../instances/DatabaseInstanceStore';
import { SEALED_COLUMNS } from '../sealedColumns';
import { AesGcmSecretBox } from './AesGcmSecretBox';
import { SecretResealer } from './SecretResealer';

jest.setTimeout(60_000);

const PASSWORD = INFRAHUB_CONFIGURATION.parameters.admin_password;
const NEW_KEY = { id: 'k_new', secret: AesGcmSecretBox.generateKey() };

/** Every value of the sealed columns, by `<table>.<column>`. */
async function sealedValues(knex: Knex): Promise<Record<string, string[]>> {
  const values: Record<string, string[]> = {};
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = await knex(table).whereNotNull(column).select(column);
    values[`${table}.${column}`] = rows.map(row => row[column]);
  }
  return values;
}

function keyIdsOf(values: Record<string, string[]>): string[] {
  return [
    ...new Set(
      Object.values(values)
        .flat()
        .map(value => /^styrmin-sealed:v1:([^:]+):/.exec(value)?.[1] ?? 'none'),
    ),
  ];
}

describe('SecretResealer', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setUp() {
      const setup = await setupReconciliation({ databases, databaseId });
      const { deployment } = await setup.createInfrahub();
      const stores = (keys: Array<{ id: string; secret: string }>) => {
        const secretBox = AesGcmSecretBox.create({ keys });
        return Promise.all([
          DatabaseDeploymentStore.create({
            database: setup.database,
            secretBox,
          }),
          DatabaseInstanceStore.create({ database: setup.database, secretBox }),
        ]);
      };
      const reseal = (keys: Array<{ id: string; secret: string }>) =>
        SecretResealer.create({
          knex: setup.knex,
          box: AesGcmSecretBox.create({ keys }),
          columns: SEALED_COLUMNS,
        }).reseal();
      return { ...setup, deployment, stores, reseal };
    }

    it('seals the rows written before sealing, which read as they are until then', async () => {
      const { knex, deployment, stores, reseal } = await setUp();
      // The rows as an older version of the backend wrote them: plain JSON.
      await knex('styrmin_deployments')
        .where({ id: deployment.id })
        .update({ configuration: JSON.stringify(deployment.configuration) });
      const [deployments] = await stores([TEST_SECRET_KEY]);
      expect(
        (await deployments.getDeployment({ id: deployment.id }))!.configuration,
      ).toEqual(deployment.configuration);
      expect(JSON.stringify(await sealedValues(knex)).includes(PASSWORD)).toBe(
        true,
      );

      expect(await reseal([TEST_SECRET_KEY])).toEqual({
        resealed: {
          'styrmin_deployments.configuration': 1,
          'styrmin_instances.configuration': 0,
          'styrmin_instances.context': 0,
          'styrmin_plans.change': 0,
          'styrmin_environment_backups.deployments': 0,
          'styrmin_tasks.prompts': 0,
        },
        skipped: 0,
      });

      const values = await sealedValues(knex);
      expect(JSON.stringify(values)).not.toContain(PASSWORD);
      expect(keyIdsOf(values)).toEqual(['test-key']);
      expect(
        (await deployments.getDeployment({ id: deployment.id }))!.configuration,
      ).toEqual(deployment.configuration);
    });

    it('moves every value to a new key, after which the old key is no longer needed', async () => {
      const { knex, deployment, stores, reseal } = await setUp();

      // A rotation: the new key first, the old one still listed.
      const [rotatedDeployments, rotatedInstances] = await stores([
        NEW_KEY,
        TEST_SECRET_KEY,
      ]);
      const active = async () =>
        (
          await rotatedInstances.getActiveInstances({
            deploymentIds: [deployment.id],
          })
        )[0].context.parameters.admin_password;
      expect(await active()).toBe(PASSWORD);

      const { resealed } = await reseal([NEW_KEY, TEST_SECRET_KEY]);
      expect(resealed).toMatchObject({
        'styrmin_deployments.configuration': 1,
        'styrmin_instances.context': 1,
        'styrmin_plans.change': 0,
      });
      expect(keyIdsOf(await sealedValues(knex))).toEqual(['k_new']);
      expect((await reseal([NEW_KEY, TEST_SECRET_KEY])).resealed).toEqual({
        'styrmin_deployments.configuration': 0,
        'styrmin_instances.configuration': 0,
        'styrmin_instances.context': 0,
        'styrmin_plans.change': 0,
        'styrmin_environment_backups.deployments': 0,
        'styrmin_tasks.prompts': 0,
      });

      // The old key removed: everything still reads.
      const [newDeployments, newInstances] = await stores([NEW_KEY]);
      expect(
        (await newDeployments.getDeployment({ id: deployment.id }))!
          .configuration,
      ).toEqual(deployment.configuration);
      expect(
        (
          await newInstances.getActiveInstances({
            deploymentIds: [deployment.id],
          })
        )[0].context.parameters.admin_password,
      ).toBe(PASSWORD);
      expect(
        (await rotatedDeployments.getDeployment({ id: deployment.id }))!
          .configuration,
      ).toEqual(deployment.configuration);
    });

    it('fails reads and the reseal of values under a removed key with SECRET_KEY_UNKNOWN naming it', async () => {
      const { deployment, stores, reseal } = await setUp();
      const [deployments] = await stores([NEW_KEY]);

      const read = deployments.getDeployment({ id: deployment.id });
      await expect(read).rejects.toThrow(StyrminError);
      await expect(read).rejects.toMatchObject({
        code: 'SECRET_KEY_UNKNOWN',
        message: expect.stringContaining("'test-key'"),
      });
      await expect(read).rejects.not.toThrow(PASSWORD);
      await expect(reseal([NEW_KEY])).rejects.toMatchObject({
        code: 'SECRET_KEY_UNKNOWN',
        message: expect.stringContaining("'test-key'"),
      });
    });
  });
});
