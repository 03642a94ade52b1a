import { Knex } from 'knex';
import { createTestGraphQL, TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  INFRAHUB_CONFIGURATION,
  SEMAPHORE_100,
  SEMAPHORE_CONFIGURATION,
  setupReconciliation,
} from '../__testUtils__/reconciliation';

jest.setTimeout(120_000);

const FIELDS = /* GraphQL */ `
  fragment Planned on DeploymentChangeResult {
    changed
    droppedParameters
    deployment {
      id
      name
      version
      driverVersion {
        version
      }
    }
    instance {
      id
    }
    task {
      id
      steps {
        name
      }
    }
    diff {
      path
      kind
      before
      after
      secret
    }
    plannedSteps
    plannedActions {
      name
      mode
      prompts {
        name
      }
    }
    siblings {
      deployment {
        name
      }
      flow
      diff {
        path
      }
      instance {
        id
      }
      task {
        id
      }
    }
  }
`;

const MUTATIONS = {
  createDeployment: 'CreateDeploymentInput',
  editDeployment: 'EditDeploymentInput',
  upgradeDeployment: 'UpgradeDeploymentInput',
  editComponentOverrides: 'EditComponentOverridesInput',
} as const;

type Mutation = keyof typeof MUTATIONS;

const document = (mutation: Mutation) => /* GraphQL */ `
  mutation Change($input: ${MUTATIONS[mutation]}!) {
    ${mutation}(input: $input) {
      ...Planned
    }
  }
  ${FIELDS}
`;

/** Every row of every table of the database, the migrations' own included. */
async function everyRow(knex: Knex) {
  const tables: string[] =
    knex.client.config.client === 'pg'
      ? (
          await knex('pg_tables')
            .where('schemaname', knex.raw('current_schema()'))
            .select('tablename')
        ).map(row => row.tablename)
      : (await knex('sqlite_master').where('type', 'table').select('name')).map(
          row => row.name,
        );
  const rows: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    rows[table] = (await knex(table)).map(row => JSON.stringify(row)).sort();
  }
  return rows;
}

describe('dry runs of deployment changes', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const setUp = await setupReconciliation({ databases, databaseId });
      const { execute } = await createTestGraphQL(setUp);
      const { deployment } = await setUp.createInfrahub();
      /** The change as a dry run, then for real, with every row before and after each. */
      const dryThenReal = async (mutation: Mutation, input: object) => {
        const before = await everyRow(setUp.knex);
        const dry = await execute(document(mutation), {
          input: { ...input, dryRun: true },
        });
        const afterDry = await everyRow(setUp.knex);
        const real = await execute(document(mutation), { input });
        return { before, dry, afterDry, real };
      };
      return { ...setUp, execute, deployment, dryThenReal };
    }

    it('answers what an edit would do, as the edit then does it, and writes nothing', async () => {
      const { deployment, dryThenReal } = await setup();

      const { before, dry, afterDry, real } = await dryThenReal(
        'editDeployment',
        {
          id: deployment.id,
          expectedVersion: 1,
          configuration: { parameters: { log_level: 'DEBUG' } },
        },
      );

      expect(afterDry).toEqual(before);
      expect(dry.errors).toBeUndefined();
      const planned = dry.data.editDeployment;
      const done = real.data.editDeployment;
      expect(planned).toMatchObject({
        changed: true,
        instance: null,
        task: null,
        diff: [
          {
            path: 'parameters.log_level',
            kind: 'CHANGED',
            before: 'INFO',
            after: 'DEBUG',
            secret: false,
          },
        ],
        plannedActions: [],
      });
      expect(planned.plannedSteps).toEqual(
        done.task.steps.map((step: { name: string }) => step.name),
      );
      expect(planned.plannedSteps).toContain(
        'Apply the StyrminDeployment resource',
      );
      const { instance, task, ...rest } = done;
      expect(instance).not.toBeNull();
      expect(task).not.toBeNull();
      expect({ ...rest, instance: null, task: null }).toEqual(planned);
    });

    it('answers what a creation would do, with the siblings it would redeploy, and writes nothing', async () => {
      const { dev, dryThenReal, deploymentChanges } = await setup();
      // Semaphore connects to the Infrahub deployments of its environment, so creating one
      // redeploys it.
      await deploymentChanges.createDeployment({
        environmentId: dev.id,
        name: 'semaphore',
        driver: SEMAPHORE_100,
        configuration: SEMAPHORE_CONFIGURATION,
        createdBy: TEST_USER,
      });

      const { before, dry, afterDry, real } = await dryThenReal(
        'createDeployment',
        {
          environment: dev.id,
          name: 'second',
          driver: 'infrahub',
          driverVersion: '1.0.0',
          configuration: INFRAHUB_CONFIGURATION,
        },
      );

      expect(afterDry).toEqual(before);
      const planned = dry.data.createDeployment;
      expect(planned).toMatchObject({
        changed: true,
        instance: null,
        task: null,
        deployment: { name: 'second', version: 1 },
        plannedSteps: [
          'Apply the StyrminDeployment resource',
          'Ensure the namespace',
          'Apply the chart source',
          'Install or upgrade the HelmRelease',
          'Apply the Services',
          'Run the setup post-hook',
        ],
        plannedActions: [{ name: 'verify-server', mode: 'post', prompts: [] }],
        siblings: [
          {
            deployment: { name: 'semaphore' },
            flow: 'UPDATE_INSTANCE',
            instance: null,
            task: null,
          },
        ],
      });
      // The secret parameter is in the diff, masked, never in clear.
      expect(planned.diff).toContainEqual({
        path: 'parameters.admin_password',
        kind: 'ADDED',
        before: null,
        after: '<secret>',
        secret: true,
      });
      expect(JSON.stringify(dry)).not.toContain(
        INFRAHUB_CONFIGURATION.parameters.admin_password,
      );
      const done = real.data.createDeployment;
      expect(done.task.steps.map((s: { name: string }) => s.name)).toEqual(
        planned.plannedSteps,
      );
      // The same diff, but for the id the deployment gets: a dry run's is never stored.
      const withoutId = (result: any) =>
        JSON.parse(
          JSON.stringify(result.diff).replaceAll(result.deployment.id, '<id>'),
        );
      expect(withoutId(done)).toEqual(withoutId(planned));
      expect(done.siblings[0].diff).toEqual(planned.siblings[0].diff);
      expect(done.siblings[0].task).not.toBeNull();
    });

    it('answers what an upgrade would do: dropped parameters, the actions that run', async () => {
      const { deployment, dryThenReal } = await setup();

      const { before, dry, afterDry, real } = await dryThenReal(
        'upgradeDeployment',
        {
          id: deployment.id,
          driverVersion: '1.1.0',
          configuration: {
            app_version: '1.6.0',
            parameters: { task_worker_replicas: 2 },
          },
        },
      );

      expect(afterDry).toEqual(before);
      const planned = dry.data.upgradeDeployment;
      expect(planned).toMatchObject({
        changed: true,
        instance: null,
        task: null,
        droppedParameters: ['task_worker_replicas'],
        deployment: { version: 2, driverVersion: { version: '1.1.0' } },
        plannedSteps: [
          'Run the upgrade pre-hook',
          'Apply the StyrminDeployment resource',
          'Run the upgrade core-hook',
          'Ensure the namespace',
          'Apply the chart source',
          'Install or upgrade the HelmRelease',
          'Apply the Services',
          'Run the upgrade post-hook',
        ],
      });
      expect(
        planned.plannedActions.map((a: { name: string }) => a.name),
      ).toEqual(['stop-task-workers', 'run-migrations', 'start-task-workers']);
      expect(real.data.upgradeDeployment.droppedParameters).toEqual([
        'task_worker_replicas',
      ]);
      expect(
        real.data.upgradeDeployment.task.steps.map(
          (s: { name: string }) => s.name,
        ),
      ).toEqual(planned.plannedSteps);
    });

    it('answers an edit of component overrides, and an edit that changes nothing', async () => {
      const { deployment, dryThenReal } = await setup();

      const overrides = await dryThenReal('editComponentOverrides', {
        id: deployment.id,
        component: 'server',
        overrides: { replicas: 3 },
      });
      const same = await dryThenReal('editDeployment', {
        id: deployment.id,
        configuration: { parameters: { log_level: 'INFO' } },
      });

      expect(overrides.afterDry).toEqual(overrides.before);
      expect(overrides.dry.data.editComponentOverrides.diff).toEqual([
        {
          path: 'components.server.replicas',
          kind: 'ADDED',
          before: null,
          after: 3,
          secret: false,
        },
      ]);
      expect(same.afterDry).toEqual(same.before);
      expect(same.dry.data.editDeployment).toMatchObject({
        changed: false,
        diff: [],
        plannedSteps: [],
        plannedActions: [],
      });
    });

    it('fails with the same errors as the change itself, and writes nothing', async () => {
      const { deployment, dev, dryThenReal, knex } = await setup();
      const { id } = deployment;

      const cases: Array<[string, Mutation, object, string]> = [
        [
          'a singleton replica override',
          'editComponentOverrides',
          { id, component: 'database', overrides: { replicas: 3 } },
          'SINGLETON_REPLICA_OVERRIDE',
        ],
        [
          'an image override that is not a full reference',
          'editComponentOverrides',
          { id, component: 'server', overrides: { image: 'no-registry' } },
          'VALIDATION_FAILED',
        ],
        [
          'a retired value carried over, with a prompt answer out of bounds',
          'upgradeDeployment',
          {
            id,
            driverVersion: '1.1.0',
            configuration: { parameters: { task_worker_replicas: 5 } },
            prompts: { 'run-migrations': { migration_timeout_minutes: 1 } },
          },
          'VALIDATION_FAILED',
        ],
        [
          'an application version outside supported_versions',
          'editDeployment',
          { id, configuration: { app_version: '9.0.0' } },
          'VALIDATION_FAILED',
        ],
        [
          'a version that is not the deployment’s',
          'editDeployment',
          {
            id,
            expectedVersion: 7,
            configuration: { parameters: { log_level: 'DEBUG' } },
          },
          'CONFLICT',
        ],
        [
          'a name taken in the environment',
          'createDeployment',
          {
            environment: dev.id,
            name: 'infrahub',
            driver: 'infrahub',
            driverVersion: '1.0.0',
            configuration: INFRAHUB_CONFIGURATION,
          },
          'CONFLICT',
        ],
        [
          'an unknown deployment',
          'editDeployment',
          {
            id: '00000000-0000-4000-8000-000000000000',
            configuration: {},
          },
          'NOT_FOUND',
        ],
      ];
      for (const [what, mutation, input, code] of cases) {
        const { before, dry, afterDry, real } = await dryThenReal(
          mutation,
          input,
        );
        expect([what, dry.errors?.[0]?.extensions?.code]).toEqual([what, code]);
        expect([what, dry.errors]).toEqual([what, real.errors]);
        expect(afterDry).toEqual(before);
        await expect(everyRow(knex)).resolves.toEqual(before);
      }
    });
  });
});
