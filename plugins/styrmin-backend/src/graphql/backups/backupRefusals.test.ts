import { Knex } from 'knex';
import { createTestGraphQL, TEST_USER } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { permissionsOfRole } from '../../__testUtils__/permissionsOfRole';
import { setupReconciliation } from '../../__testUtils__/reconciliation';
import { assignBackupLocationToDev } from '../../backups/__testUtils__/backupLocationOfDev';
import { backupRowCounts } from '../../backups/__testUtils__/backupRowCounts';

jest.setTimeout(60_000);

const HISTORY = /* GraphQL */ `
  query History($id: ID!) {
    deployment(id: $id) {
      backupSchedule {
        cron
      }
      backups {
        nodes {
          id
          task {
            steps {
              name
              status
            }
          }
        }
      }
    }
  }
`;

const MUTATIONS = {
  createBackup: /* GraphQL */ `
    mutation ($input: CreateBackupInput!) {
      createBackup(input: $input) {
        id
      }
    }
  `,
  deleteBackup: /* GraphQL */ `
    mutation ($input: DeleteBackupInput!) {
      deleteBackup(input: $input) {
        id
      }
    }
  `,
  restoreBackup: /* GraphQL */ `
    mutation ($input: RestoreBackupInput!) {
      restoreBackup(input: $input) {
        id
      }
    }
  `,
  setBackupSchedule: /* GraphQL */ `
    mutation ($input: SetBackupScheduleInput!) {
      setBackupSchedule(input: $input) {
        cron
      }
    }
  `,
  removeBackupSchedule: /* GraphQL */ `
    mutation ($input: RemoveBackupScheduleInput!) {
      removeBackupSchedule(input: $input)
    }
  `,
  deleteBackupStorageLocation: /* GraphQL */ `
    mutation ($input: DeleteBackupStorageLocationInput!) {
      deleteBackupStorageLocation(input: $input) {
        id
      }
    }
  `,
};

/*
 * The refusals of the GraphQL API of backups, on every database: each is coded, names what
 * is missing or wrong in words, and writes no row (every table counted before and after).
 */
describe('the refusals of the GraphQL API of backups', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** infrahub in dev, whose location is `minio`, RUNNING with a backup not started. */
    async function setUp() {
      const setup = await setupReconciliation({ databases, databaseId });
      await assignBackupLocationToDev(setup);
      const { deployment } = await setup.createInfrahub();
      await setup.deployments.setState({ id: deployment.id, state: 'RUNNING' });
      const backup = await setup.deploymentBackups.createBackup({
        deploymentId: deployment.id,
        trigger: 'ON_DEMAND',
        createdBy: TEST_USER,
      });
      const location =
        (await setup.backupStorageLocations.getBackupStorageLocation({
          name: 'minio',
        }))!;
      return { ...setup, deployment, backup, location };
    }

    /** Runs a mutation that must be refused with `code`; its message, once nothing was written. */
    async function refused(
      knex: Knex,
      code: string,
      run: () => Promise<any>,
    ): Promise<string> {
      const before = await backupRowCounts(knex);
      const answer = await run();
      expect(answer.errors?.[0]?.extensions?.code).toBe(code);
      await expect(backupRowCounts(knex)).resolves.toEqual(before);
      return answer.errors[0].message;
    }

    it('lets a read-only user read the backups and their steps, and refuses every change to them, writing nothing', async () => {
      const setup = await setUp();
      const { knex, deployment, backup, location, dev } = setup;
      const readOnly = await createTestGraphQL(setup, {
        permissions: permissionsOfRole('readOnly'),
      });

      const read = await readOnly.execute(HISTORY, { id: deployment.id });
      expect(read.errors).toBeUndefined();
      expect(read.data.deployment.backups.nodes).toEqual([
        {
          id: backup.id,
          task: {
            steps: [{ name: 'Back up the namespace', status: 'PENDING' }],
          },
        },
      ]);

      const changes: [keyof typeof MUTATIONS, object, string][] = [
        [
          'createBackup',
          { deployment: deployment.id },
          'styrmin.backup.create',
        ],
        ['deleteBackup', { id: backup.id }, 'styrmin.backup.delete'],
        ['restoreBackup', { backup: backup.id }, 'styrmin.backup.restore'],
        [
          'setBackupSchedule',
          { deployment: deployment.id, cron: '@daily' },
          'styrmin.backup.schedule',
        ],
        [
          'setBackupSchedule',
          { environment: dev.id, cron: '@daily' },
          'styrmin.environment',
        ],
        [
          'removeBackupSchedule',
          { deployment: deployment.id },
          'styrmin.backup.schedule',
        ],
        [
          'deleteBackupStorageLocation',
          { id: location.id },
          'styrmin.bsl.delete',
        ],
      ];
      for (const [mutation, input, permission] of changes) {
        const message = await refused(knex, 'FORBIDDEN', () =>
          readOnly.execute(MUTATIONS[mutation], { input }),
        );
        expect(message).toContain(permission);
      }
    });

    it('refuses to restore a backup that is not Completed and to delete a location in use, writing nothing', async () => {
      const setup = await setUp();
      const { knex, backup, location } = setup;
      const api = await createTestGraphQL(setup);

      await expect(
        refused(knex, 'CONFLICT', () =>
          api.execute(MUTATIONS.restoreBackup, {
            input: { backup: backup.id },
          }),
        ),
      ).resolves.toMatch(/not started/);
      await expect(
        refused(knex, 'CONFLICT', () =>
          api.execute(MUTATIONS.deleteBackupStorageLocation, {
            input: { id: location.id },
          }),
        ),
      ).resolves.toMatch(/used by the environments dev/);
      await expect(
        refused(knex, 'NOT_FOUND', () =>
          api.execute(MUTATIONS.restoreBackup, {
            input: { backup: '00000000-0000-4000-8000-000000000999' },
          }),
        ),
      ).resolves.toContain('00000000-0000-4000-8000-000000000999');
    });
  });
});
