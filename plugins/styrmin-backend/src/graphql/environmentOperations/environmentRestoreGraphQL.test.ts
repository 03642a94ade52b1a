import { TEST_USER, createTestGraphQL } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { permissionsOfRole } from '../../__testUtils__/permissionsOfRole';
import { rowCounts } from '../../__testUtils__/reconciliation';
import { setupEnvironmentBackups } from '../../environmentOperations/__testUtils__/environmentBackupSetup';

jest.setTimeout(60_000);

const RESTORE_PLAN = /* GraphQL */ `
  query RestorePlan($input: RestoreEnvironmentInput!) {
    environmentRestorePlan(input: $input) {
      environmentBackup {
        environmentName
        status
      }
      restores {
        deploymentName
        backup {
          phase
        }
      }
      unrestorable {
        deploymentName
        reason
        message
      }
    }
  }
`;

const CLONE_PLAN = /* GraphQL */ `
  query ClonePlan($input: CloneEnvironmentInput!) {
    environmentClonePlan(input: $input) {
      source {
        name
      }
      name
      cluster {
        name
      }
      environmentBackup {
        id
      }
      deployments {
        name
        driverName
        driverVersion
        appVersion
      }
      problems
    }
  }
`;

const OPERATION = /* GraphQL */ `
  {
    environment {
      name
    }
    task {
      type
      deployment {
        name
      }
      environment {
        name
      }
      flowRun {
        pool
        flowName
      }
      steps {
        name
      }
    }
  }
`;

const RESTORE = /* GraphQL */ `
  mutation Restore($input: RestoreEnvironmentInput!) {
    restoreEnvironment(input: $input) ${OPERATION}
  }
`;

const CLONE = /* GraphQL */ `
  mutation Clone($input: CloneEnvironmentInput!) {
    cloneEnvironment(input: $input) ${OPERATION}
  }
`;

describe('the GraphQL API of environment restores and clones', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** dev's two infrahubs backed up, infrahub-2's constituent deleted since. */
    async function setUp() {
      const setup = await setupEnvironmentBackups({ databases, databaseId });
      const view = await setup.environmentBackupService.createEnvironmentBackup(
        {
          environmentId: setup.dev.id,
          createdBy: TEST_USER,
        },
      );
      await setup.endRuns();
      for (const { backup } of view.constituents) {
        await setup.report(backup!.id, 'Completed');
      }
      await setup.deploymentBackups.deleteBackup({
        backupId: view.constituents[1].backup!.id,
        createdBy: TEST_USER,
      });
      await setup.endRuns();
      return { ...setup, environmentBackupId: view.environmentBackup.id };
    }

    it('shows an operator both plans, and refuses the operator a restore and a clone (FORBIDDEN, nothing written)', async () => {
      const setup = await setUp();
      const operator = await createTestGraphQL(setup, {
        permissions: permissionsOfRole('operator'),
      });
      const restoreInput = { environmentBackup: setup.environmentBackupId };
      const cloneInput = { source: setup.dev.id, name: 'dev-copy' };

      const restorePlan = await operator.execute(RESTORE_PLAN, {
        input: restoreInput,
      });
      expect(restorePlan.errors).toBeUndefined();
      expect(restorePlan.data.environmentRestorePlan).toEqual({
        environmentBackup: { environmentName: 'dev', status: 'PARTIAL' },
        restores: [
          { deploymentName: 'infrahub', backup: { phase: 'Completed' } },
        ],
        unrestorable: [
          {
            deploymentName: 'infrahub-2',
            reason: 'CONSTITUENT_GONE',
            message:
              'The constituent backup of infrahub-2 was deleted or expired',
          },
        ],
      });
      const clonePlan = await operator.execute(CLONE_PLAN, {
        input: cloneInput,
      });
      expect(clonePlan.errors).toBeUndefined();
      expect(clonePlan.data.environmentClonePlan).toEqual({
        source: { name: 'dev' },
        name: 'dev-copy',
        cluster: { name: 'local' },
        environmentBackup: null,
        deployments: ['infrahub', 'infrahub-2'].map(name => ({
          name,
          driverName: 'infrahub',
          driverVersion: '1.0.0',
          appVersion: '1.5.2',
        })),
        problems: [],
      });

      const before = await rowCounts(setup.knex);
      for (const [document, input, permission] of [
        [RESTORE, restoreInput, 'styrmin.environment.restore'],
        [CLONE, cloneInput, 'styrmin.environment.clone'],
      ] as const) {
        const refused = await operator.execute(document, { input });
        expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
        expect(refused.errors[0].message).toContain(permission);
      }
      await expect(rowCounts(setup.knex)).resolves.toEqual(before);
    });

    it('lets an administrator restore and clone: each answers its parent task in the server pool', async () => {
      const setup = await setUp();
      const admin = await createTestGraphQL(setup, {
        permissions: permissionsOfRole('administrator'),
      });

      const restored = await admin.execute(RESTORE, {
        input: { environmentBackup: setup.environmentBackupId },
      });
      expect(restored.errors).toBeUndefined();
      expect(restored.data.restoreEnvironment).toEqual({
        environment: { name: 'dev' },
        task: {
          type: 'restore_environment',
          deployment: null,
          environment: { name: 'dev' },
          flowRun: { pool: 'server', flowName: 'RESTORE_ENVIRONMENT' },
          steps: [
            { name: 'Apply the environment configuration' },
            { name: 'Restore infrahub' },
            { name: 'Report what was not restored' },
          ],
        },
      });
      // A second restore while the first has not ended is refused.
      const again = await admin.execute(RESTORE, {
        input: { environmentBackup: setup.environmentBackupId },
      });
      expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');

      const cloned = await admin.execute(CLONE, {
        input: {
          source: setup.dev.id,
          name: 'dev-copy',
          overrides: { storage_class: 'fast' },
        },
      });
      expect(cloned.errors).toBeUndefined();
      expect(cloned.data.cloneEnvironment.environment).toEqual({
        name: 'dev-copy',
      });
      expect(cloned.data.cloneEnvironment.task).toMatchObject({
        type: 'clone_environment',
        environment: { name: 'dev-copy' },
        flowRun: { pool: 'server', flowName: 'CLONE_ENVIRONMENT' },
      });
    });

    it('answers a clone plan with problems as VALIDATION_FAILED on the mutation, each problem in extensions', async () => {
      const setup = await setUp();
      const admin = await createTestGraphQL(setup, {
        permissions: permissionsOfRole('administrator'),
      });
      const refused = await admin.execute(CLONE, {
        input: {
          source: setup.dev.id,
          name: 'dev',
          environmentBackup: setup.environmentBackupId,
        },
      });
      expect(refused.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      expect(
        refused.errors[0].extensions.problems.map(
          (p: { message: string }) => p.message,
        ),
      ).toEqual([
        'An environment named dev exists already',
        'The constituent backup of infrahub-2 was deleted or expired',
      ]);
    });
  });
});
