import { SECRET_MASK } from '@styrmin/plugin-styrmin-common';
import {
  createCoreStores,
  createTestGraphQL,
} from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { changeMutation } from '../../__testUtils__/changeMutation';

jest.setTimeout(120_000);

const SETUP = /* GraphQL */ `
  mutation Register($input: RegisterClusterInput!) {
    registerCluster(input: $input) {
      cluster {
        id
      }
    }
  }
`;

const CREATE_ENVIRONMENT = /* GraphQL */ `
  mutation CreateEnvironment($input: CreateEnvironmentInput!) {
    createEnvironment(input: $input) {
      id
    }
  }
`;

const CHANGE_FIELDS = /* GraphQL */ `
  fragment Change on DeploymentChangeResult {
    changed
    droppedParameters
    carriedOverParameters {
      parameter
      field
      value
    }
    deployment {
      id
      configuration
      driverVersion {
        version
      }
    }
    task {
      type
    }
    diff {
      path
      kind
      before
      after
    }
  }
`;

const CREATE = changeMutation(
  'createDeployment',
  'CreateDeploymentInput',
  CHANGE_FIELDS,
);

const UPGRADE = changeMutation(
  'upgradeDeployment',
  'UpgradeDeploymentInput',
  CHANGE_FIELDS,
);

/** An answer to the migrations' timeout prompt below its minimum (5). */
const TOO_SHORT = { 'run-migrations': { migration_timeout_minutes: 1 } };

describe('upgrading a deployment through the API', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** An infrahub 1.0.0 deployment whose task_worker_replicas is 4 (its default is 2). */
    async function setup() {
      const stores = await createCoreStores({
        databases,
        databaseId,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
      });
      const { execute } = await createTestGraphQL(stores);
      const cluster = (
        await execute(SETUP, {
          input: { name: 'local', settings: { storage_class: 'standard' } },
        })
      ).data.registerCluster.cluster;
      const environment = (
        await execute(CREATE_ENVIRONMENT, {
          input: { name: 'dev', cluster: cluster.id },
        })
      ).data.createEnvironment;
      const created = await execute(CREATE, {
        input: {
          environment: environment.id,
          name: 'infrahub',
          driver: 'infrahub',
          driverVersion: '1.0.0',
          configuration: {
            app_version: '1.5.2',
            parameters: {
              admin_password: 'correct horse battery',
              task_worker_replicas: 4,
            },
          },
        },
      });
      expect(created.errors).toBeUndefined();
      return { execute, id: created.data.createDeployment.deployment.id };
    }

    const problemsOf = (answer: { errors?: any[] }) =>
      answer.errors?.[0]?.extensions?.problems?.map(
        (problem: { code: string; path: string }) =>
          `${problem.code} ${problem.path}`,
      );

    it('refuses an upgrade with every problem at once, its prompt answers included', async () => {
      const { execute, id } = await setup();

      const refused = await execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.1.0',
          configuration: { app_version: '9.0.0' },
          prompts: TOO_SHORT,
        },
      });

      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
      expect(problemsOf(refused)).toEqual([
        'VALIDATION_FAILED app_version',
        'VALIDATION_FAILED prompts.run-migrations.migration_timeout_minutes',
      ]);
    });

    it('carries task_worker_replicas over to the task-worker replica override, in the review and for real', async () => {
      const { execute, id } = await setup();
      const input = { id, driverVersion: '1.1.0' };

      const review = await execute(UPGRADE, {
        input: { ...input, dryRun: true },
      });
      const upgraded = await execute(UPGRADE, { input });

      const carried = {
        changed: true,
        droppedParameters: [],
        carriedOverParameters: [
          {
            parameter: 'task_worker_replicas',
            field: 'components.task-worker.replicas',
            value: 4,
          },
        ],
        deployment: {
          driverVersion: { version: '1.1.0' },
          configuration: {
            parameters: { admin_password: SECRET_MASK },
            components: { 'task-worker': { replicas: 4 } },
          },
        },
      };
      expect(review.errors).toBeUndefined();
      expect(review.data.upgradeDeployment).toMatchObject({
        ...carried,
        task: null,
      });
      expect(review.data.upgradeDeployment.diff).toContainEqual({
        path: 'components.task-worker.replicas',
        kind: 'ADDED',
        before: null,
        after: 4,
      });
      expect(upgraded.errors).toBeUndefined();
      expect(upgraded.data.upgradeDeployment).toMatchObject({
        ...carried,
        task: { type: 'upgrade_instance' },
      });
    });

    it('drops the retired value instead when the upgrade removes it', async () => {
      const { execute, id } = await setup();

      const upgraded = await execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.1.0',
          configuration: { parameters: { task_worker_replicas: null } },
        },
      });

      expect(upgraded.errors).toBeUndefined();
      expect(upgraded.data.upgradeDeployment).toMatchObject({
        carriedOverParameters: [],
        deployment: { configuration: { components: {} } },
      });
    });

    it('refuses a downgrade unless asked for, with the other problems of the change', async () => {
      const { execute, id } = await setup();
      const upgraded = await execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.1.0',
          configuration: { parameters: { allow_anonymous_access: false } },
        },
      });
      expect(upgraded.errors).toBeUndefined();

      const refused = await execute(UPGRADE, {
        input: { id, driverVersion: '1.0.0', prompts: TOO_SHORT },
      });
      const stillRetired = await execute(UPGRADE, {
        input: { id, driverVersion: '1.0.0', allowDowngrade: true },
      });
      const downgraded = await execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.0.0',
          allowDowngrade: true,
          configuration: { parameters: { allow_anonymous_access: null } },
        },
      });

      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'driverVersion',
      });
      expect(refused.errors?.[0]?.message).toContain(
        'infrahub 1.0.0 is older than infrahub 1.1.0: a downgrade is refused unless the change asks for it (allowDowngrade)',
      );
      expect(problemsOf(refused)).toEqual([
        'VALIDATION_FAILED driverVersion',
        'RETIRED_PARAMETER_VALUE parameters.allow_anonymous_access',
        'VALIDATION_FAILED prompts.run-migrations.migration_timeout_minutes',
      ]);
      expect(problemsOf(stillRetired)).toEqual([
        'RETIRED_PARAMETER_VALUE parameters.allow_anonymous_access',
      ]);
      expect(downgraded.errors).toBeUndefined();
      expect(downgraded.data.upgradeDeployment).toMatchObject({
        changed: true,
        deployment: {
          driverVersion: { version: '1.0.0' },
          configuration: { components: { 'task-worker': { replicas: 4 } } },
        },
        task: { type: 'upgrade_instance' },
      });
    });
  });
});
