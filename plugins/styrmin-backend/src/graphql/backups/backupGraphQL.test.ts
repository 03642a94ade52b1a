import { countQueries } from '../../__testUtils__/countQueries';
import { createTestDatabases } from '../../__testUtils__/databases';
import { createTestGraphQL, TEST_USER } from '../../__testUtils__/coreStores';
import { denyingPermission } from '../../__testUtils__/deploymentInState';
import { setupReconciliation } from '../../__testUtils__/reconciliation';

jest.setTimeout(60_000);

const HISTORY = /* GraphQL */ `
  query History($id: ID!, $first: Int) {
    deployment(id: $id) {
      backupSchedule {
        cron
        ttl
        paused
        inherited
        nextRunAt
      }
      environment {
        backupStorageLocation
        storageLocation {
          name
          credentialsSecret {
            name
            key
          }
          configured
        }
      }
      backups(first: $first) {
        nodes {
          id
          instance {
            number
          }
          storageLocation {
            name
          }
          task {
            type
            steps {
              name
            }
          }
          restorable
          refusal
        }
        pageInfo {
          hasNextPage
        }
      }
    }
  }
`;

describe('the GraphQL API of backups', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** infrahub in dev, whose location is `minio`, with `count` backups. */
    async function setUp(count: number) {
      const setup = await setupReconciliation({ databases, databaseId });
      const { backupStorageLocations, environments, dev } = setup;
      await backupStorageLocations.createBackupStorageLocation({
        name: 'minio',
        store: {
          provider: 'S3',
          bucket: 'velero',
          pathStyle: true,
          credentials: { secretName: 'cloud-credentials', key: 'cloud' },
        },
        createdBy: TEST_USER,
      });
      await environments.updateEnvironment({
        id: dev.id,
        expectedVersion: dev.version,
        overrides: {},
        backupStorageLocation: 'minio',
        updatedBy: TEST_USER,
      });
      const { deployment } = await setup.createInfrahub();
      await setup.deployments.setState({ id: deployment.id, state: 'RUNNING' });
      for (let i = 0; i < count; i++) {
        await setup.deploymentBackups.createBackup({
          deploymentId: deployment.id,
          trigger: 'ON_DEMAND',
          createdBy: TEST_USER,
        });
      }
      return { ...setup, deployment, api: await createTestGraphQL(setup) };
    }

    it('reads a page of backups with their locations, tasks and restorability in as many queries for one as for ten', async () => {
      const one = await setUp(1);
      const ten = await setUp(10);
      const read = (setup: typeof one) =>
        countQueries(setup.knex, () =>
          setup.api.execute(HISTORY, { id: setup.deployment.id, first: 20 }),
        );

      const small = await read(one);
      const large = await read(ten);

      expect(small.result.errors).toBeUndefined();
      expect(large.result.data.deployment.backups.nodes).toHaveLength(10);
      expect(large.queries).toBe(small.queries);
      expect(large.result.data.deployment.backups.nodes[0]).toEqual({
        id: expect.any(String),
        instance: { number: 1 },
        storageLocation: { name: 'minio' },
        task: {
          type: 'create_backup',
          steps: [{ name: 'Back up the namespace' }],
        },
        restorable: false,
        refusal:
          'The backup is not started: only a Completed backup can be restored',
      });
    });

    it('names the credentials by their Secret only, and answers the schedule a deployment inherits', async () => {
      const setup = await setUp(0);
      const { api, deployment, dev } = setup;
      const set = await api.execute(
        /* GraphQL */ `
          mutation Set($input: SetBackupScheduleInput!) {
            setBackupSchedule(input: $input) {
              cron
              inherited
            }
          }
        `,
        { input: { environment: dev.id, cron: '0 3 * * *', ttl: '7d' } },
      );
      expect(set.data.setBackupSchedule).toEqual({
        cron: '0 3 * * *',
        inherited: false,
      });

      const answer = await api.execute(HISTORY, { id: deployment.id });

      expect(answer.data.deployment).toEqual({
        backupSchedule: {
          cron: '0 3 * * *',
          ttl: '168h0m0s',
          paused: false,
          inherited: true,
          // The test clock stands at 2026-12-01T12:00:00Z.
          nextRunAt: '2026-12-02T03:00:00.000Z',
        },
        environment: {
          backupStorageLocation: 'minio',
          storageLocation: {
            name: 'minio',
            credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
            configured: true,
          },
        },
        backups: { nodes: [], pageInfo: { hasNextPage: false } },
      });
    });

    it('refuses a location change to a caller without styrmin.bsl.create, and a bad location with every problem', async () => {
      const setup = await setUp(0);
      const CREATE = /* GraphQL */ `
        mutation Create($input: CreateBackupStorageLocationInput!) {
          createBackupStorageLocation(input: $input) {
            name
          }
        }
      `;
      const operator = await createTestGraphQL(setup, {
        permissions: denyingPermission('styrmin.bsl.create'),
      });
      const denied = await operator.execute(CREATE, {
        input: { name: 'other', bucket: 'other' },
      });
      expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');

      const bad = await setup.api.execute(CREATE, {
        input: { name: 'other', bucket: 'B', endpointUrl: 'ftp://x' },
      });
      expect(bad.errors[0].extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'bucket',
        problems: [{ path: 'bucket' }, { path: 'endpointUrl' }],
      });
      expect(
        await setup.backupStorageLocations.listBackupStorageLocations(),
      ).toHaveLength(1);
    });
  });
});
