import { createTestGraphQL, TEST_USER } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { denyingPermission } from '../../__testUtils__/deploymentInState';
import { INFRAHUB_CONFIGURATION } from '../../__testUtils__/reconciliation';
import {
  expectRefusedWritingNothing,
  setupEnvironmentBackups,
} from '../../environmentOperations/__testUtils__/environmentBackupSetup';

jest.setTimeout(60_000);

const FIELDS = /* GraphQL */ `
  id
  environment { name }
  environmentName
  backupStorageLocation
  status
  constituents {
    deploymentName
    deployment { name state }
    driverName
    driverVersion
    appVersion
    backup { id trigger phase deletion { type } }
  }
  createdBy
  createdAt
`;

const CREATE = /* GraphQL */ `
  mutation ($environment: ID!, $ttl: String) {
    createEnvironmentBackup(input: { environment: $environment, ttl: $ttl }) {
      ${FIELDS}
    }
  }
`;

const DELETE = /* GraphQL */ `
  mutation ($id: ID!) {
    deleteEnvironmentBackup(input: { id: $id }) { ${FIELDS} }
  }
`;

const READ = /* GraphQL */ `
  query ($id: ID!, $environment: String!) {
    environmentBackup(id: $id) { ${FIELDS} }
    environment(name: $environment) {
      environmentBackups(first: 1) {
        nodes { id status }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`;

describe('GraphQL of environment backups', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setUp() {
      const setup = await setupEnvironmentBackups({ databases, databaseId });
      return { ...setup, api: await createTestGraphQL(setup) };
    }

    it('backs up an environment, reads it and its constituents without a secret, and deletes it', async () => {
      const { api, dev, report, endRuns } = await setUp();

      const created = await api.execute(CREATE, {
        environment: dev.id,
        ttl: '7d',
      });

      expect(created.errors).toBeUndefined();
      const backup = created.data.createEnvironmentBackup;
      expect(backup).toMatchObject({
        environment: { name: 'dev' },
        environmentName: 'dev',
        backupStorageLocation: 'minio',
        status: 'IN_PROGRESS',
        createdBy: TEST_USER,
      });
      expect(backup.constituents).toEqual(
        ['infrahub', 'infrahub-2'].map(name => ({
          deploymentName: name,
          deployment: { name, state: 'RUNNING' },
          driverName: 'infrahub',
          driverVersion: '1.0.0',
          appVersion: INFRAHUB_CONFIGURATION.app_version,
          backup: {
            id: expect.any(String),
            trigger: 'ON_DEMAND',
            phase: null,
            deletion: null,
          },
        })),
      );
      expect(JSON.stringify(created)).not.toContain(
        INFRAHUB_CONFIGURATION.parameters.admin_password,
      );

      for (const constituent of backup.constituents) {
        await report(constituent.backup.id, 'Completed');
      }
      const read = await api.execute(READ, {
        id: backup.id,
        environment: 'dev',
      });
      expect(read.errors).toBeUndefined();
      expect(read.data.environmentBackup.status).toBe('COMPLETED');
      expect(read.data.environment.environmentBackups).toEqual({
        nodes: [{ id: backup.id, status: 'COMPLETED' }],
        pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
      });

      await endRuns();
      const deleted = await api.execute(DELETE, { id: backup.id });
      expect(deleted.errors).toBeUndefined();
      expect(deleted.data.deleteEnvironmentBackup.status).toBe('GONE');
      expect(
        deleted.data.deleteEnvironmentBackup.constituents.map(
          (c: any) => c.backup.deletion,
        ),
      ).toEqual([{ type: 'delete_backup' }, { type: 'delete_backup' }]);
      const gone = await api.execute(READ, {
        id: backup.id,
        environment: 'dev',
      });
      expect(gone.data.environmentBackup).toBeNull();
    });

    it('refuses a caller without the permission and a TTL that is not one, writing nothing', async () => {
      const setup = await setUp();
      const { knex, dev } = setup;
      const without = (permission: string) =>
        createTestGraphQL(setup, {
          permissions: denyingPermission(permission),
        });
      const refused = async (
        api: Awaited<ReturnType<typeof createTestGraphQL>>,
        document: string,
        variables: Record<string, unknown>,
      ) => {
        const answer = await api.execute(document, variables);
        const [error] = answer.errors;
        throw Object.assign(new Error(error.message), {
          code: error.extensions.code,
        });
      };

      await expectRefusedWritingNothing(
        knex,
        'FORBIDDEN',
        () =>
          without('styrmin.environmentbackup.create').then(api =>
            refused(api, CREATE, { environment: dev.id }),
          ),
        /styrmin\.environmentbackup\.create/,
      );
      await expectRefusedWritingNothing(
        knex,
        'VALIDATION_FAILED',
        () => refused(setup.api, CREATE, { environment: dev.id, ttl: 'soon' }),
        /is not a TTL/,
      );
      const { data } = await setup.api.execute(CREATE, { environment: dev.id });
      await setup.endRuns();
      await expectRefusedWritingNothing(
        knex,
        'FORBIDDEN',
        () =>
          without('styrmin.environmentbackup.delete').then(api =>
            refused(api, DELETE, { id: data.createEnvironmentBackup.id }),
          ),
        /styrmin\.environmentbackup\.delete/,
      );
      const reader = await without('styrmin.environmentbackup.read');
      const hidden = await reader.execute(READ, {
        id: data.createEnvironmentBackup.id,
        environment: 'dev',
      });
      expect(hidden.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });
});
