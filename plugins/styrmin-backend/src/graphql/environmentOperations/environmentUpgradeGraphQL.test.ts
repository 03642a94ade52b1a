import { createTestGraphQL } from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { permissionsOfRole } from '../../__testUtils__/permissionsOfRole';
import { rowCounts } from '../../__testUtils__/reconciliation';
import { setupEnvironmentBackups } from '../../environmentOperations/__testUtils__/environmentBackupSetup';

jest.setTimeout(60_000);

const PLAN = /* GraphQL */ `
  query Plan($input: UpgradeEnvironmentInput!) {
    environmentUpgradePlan(input: $input) {
      environment {
        name
      }
      upgrades {
        position
        deployment {
          name
        }
        fromVersion
        toVersion
        after
      }
      skipped {
        deploymentName
        reason
      }
      backupFirst
      problems
    }
  }
`;

const UPGRADE = /* GraphQL */ `
  mutation Upgrade($input: UpgradeEnvironmentInput!) {
    upgradeEnvironment(input: $input) {
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
          status
        }
      }
    }
  }
`;

const ENVIRONMENT_TASKS = /* GraphQL */ `
  query EnvironmentTasks($id: ID!) {
    environment(id: $id) {
      environmentTasks {
        nodes {
          type
        }
      }
      tasks {
        nodes {
          type
        }
      }
    }
  }
`;

describe('the GraphQL API of environment upgrades', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    it('lets a read-only user see the plan and refuses the upgrade (FORBIDDEN, nothing written); an operator upgrades', async () => {
      const setup = await setupEnvironmentBackups({ databases, databaseId });
      const input = { environment: setup.dev.id };
      const readOnly = await createTestGraphQL(setup, {
        permissions: permissionsOfRole('readOnly'),
      });

      const plan = await readOnly.execute(PLAN, { input });
      expect(plan.errors).toBeUndefined();
      expect(plan.data.environmentUpgradePlan).toEqual({
        environment: { name: 'dev' },
        upgrades: [
          {
            position: 1,
            deployment: { name: 'infrahub' },
            fromVersion: '1.0.0',
            toVersion: '1.1.0',
            after: [],
          },
          {
            position: 2,
            deployment: { name: 'infrahub-2' },
            fromVersion: '1.0.0',
            toVersion: '1.1.0',
            after: [],
          },
        ],
        skipped: [],
        backupFirst: false,
        problems: [],
      });

      const before = await rowCounts(setup.knex);
      const refused = await readOnly.execute(UPGRADE, { input });
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(refused.errors[0].message).toContain(
        'styrmin.environment.upgrade',
      );
      await expect(rowCounts(setup.knex)).resolves.toEqual(before);

      const operator = await createTestGraphQL(setup, {
        permissions: permissionsOfRole('operator'),
      });
      const upgraded = await operator.execute(UPGRADE, { input });
      expect(upgraded.errors).toBeUndefined();
      expect(upgraded.data.upgradeEnvironment).toEqual({
        environment: { name: 'dev' },
        task: {
          type: 'upgrade_environment',
          deployment: null,
          environment: { name: 'dev' },
          flowRun: { pool: 'server', flowName: 'UPGRADE_ENVIRONMENT' },
          steps: [
            { name: 'Upgrade infrahub to 1.1.0', status: 'PENDING' },
            { name: 'Upgrade infrahub-2 to 1.1.0', status: 'PENDING' },
          ],
        },
      });
      const listed = await operator.execute(ENVIRONMENT_TASKS, {
        id: setup.dev.id,
      });
      expect(listed.data.environment.environmentTasks.nodes).toEqual([
        { type: 'upgrade_environment' },
      ]);
      expect(listed.data.environment.tasks.nodes).not.toContainEqual({
        type: 'upgrade_environment',
      });

      // Another upgrade while this one has not ended: refused with every problem.
      const again = await operator.execute(UPGRADE, { input });
      expect(again.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      expect(again.errors[0].message).toMatch(
        /has an environment operation that has not ended/,
      );
    });
  });
});
