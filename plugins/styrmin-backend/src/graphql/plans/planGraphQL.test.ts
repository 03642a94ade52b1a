import {
  hookStepName,
  SECRET_MASK,
  TAKE_RESTORE_POINT_STEP,
} from '@styrmin/plugin-styrmin-common';
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
    deployment {
      id
      version
      driverVersion {
        version
      }
    }
    task {
      id
      type
    }
    plan {
      id
      kind
      deploymentName
      deployment {
        id
      }
      fromDriverVersion {
        version
      }
      driverVersion {
        version
      }
      changed
      flow
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
        hook
        mode
        prompts {
          name
          default
        }
      }
      droppedParameters
      carriedOverParameters {
        parameter
        field
        value
      }
      warnings {
        code
        component
        message
      }
      backup {
        taken
        reason
      }
      fingerprint
      basis
      createdBy
      expiresAt
      appliedAt
    }
  }
`;

const CREATE = changeMutation(
  'createDeployment',
  'CreateDeploymentInput',
  CHANGE_FIELDS,
);
const EDIT = changeMutation(
  'editDeployment',
  'EditDeploymentInput',
  CHANGE_FIELDS,
);
const UPGRADE = changeMutation(
  'upgradeDeployment',
  'UpgradeDeploymentInput',
  CHANGE_FIELDS,
);
const APPLY = changeMutation('applyPlan', 'ApplyPlanInput', CHANGE_FIELDS);

const READ_PLAN = /* GraphQL */ `
  query Plan($id: ID!) {
    plan(id: $id) {
      id
      appliedBy
      appliedAt
      appliedTask {
        id
      }
      deployment {
        name
      }
    }
  }
`;

const codeOf = (answer: { errors?: any[] }) =>
  answer.errors?.[0]?.extensions?.code;

describe('plans of changes through the API', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** dev/infrahub on 1.0.0 with 4 task workers (its default is 2), and 1.1.0 loaded. */
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
      return {
        stores,
        execute,
        environmentId: environment.id,
        id: created.data.createDeployment.deployment.id,
      };
    }

    const upgradeInput = (id: string) => ({
      id,
      driverVersion: '1.1.0',
      prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
      plan: true,
    });

    it('plans an upgrade without storing the change: the diff, the steps, the hooks with their prompts, the basis', async () => {
      const { stores, execute, id } = await setup();
      const answer = await execute(UPGRADE, { input: upgradeInput(id) });
      expect(answer.errors).toBeUndefined();
      const result = answer.data.upgradeDeployment;
      // The dry run's answer: the deployment as the change would leave it, no task.
      expect(result.task).toBeNull();
      expect(result.deployment.version).toBe(2);
      const { plan } = result;
      expect(plan).toMatchObject({
        kind: 'UPGRADE',
        deploymentName: 'infrahub',
        deployment: { id },
        fromDriverVersion: { version: '1.0.0' },
        driverVersion: { version: '1.1.0' },
        changed: true,
        flow: 'UPGRADE_INSTANCE',
        carriedOverParameters: [
          {
            parameter: 'task_worker_replicas',
            field: 'components.task-worker.replicas',
            value: 4,
          },
        ],
        backup: { taken: false },
        createdBy: 'user:default/ada',
        expiresAt: '2026-12-01T13:00:00.000Z',
        appliedAt: null,
      });
      expect(
        plan.plannedSteps.filter((step: string) => step.includes('hook')),
      ).toEqual(
        (['pre', 'core', 'post'] as const).map(mode =>
          hookStepName('upgrade', mode),
        ),
      );
      expect(
        plan.plannedActions.map(
          (a: { hook: string; mode: string; name: string }) =>
            `${a.hook} ${a.mode} ${a.name}`,
        ),
      ).toEqual([
        'upgrade pre stop-task-workers',
        'upgrade core run-migrations',
        'upgrade post start-task-workers',
      ]);
      expect(plan.plannedActions[1].prompts).toEqual([
        { name: 'migration_timeout_minutes', default: 30 },
      ]);
      expect(plan.diff).toContainEqual(
        expect.objectContaining({
          path: 'components.task-worker.replicas',
          after: 4,
        }),
      );
      expect(plan.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(plan.basis).toMatchObject({
        environment: { name: 'dev', version: 1 },
        cluster: { name: 'local', version: 1 },
        driverVersion: { name: 'infrahub', version: '1.1.0' },
        deployment: { name: 'infrahub', version: 1 },
        deployments: {},
      });
      // The stored change is sealed: the prompts' answers and no secret in the clear.
      const [row] = await stores.knex('styrmin_plans').select();
      expect(row.change).toMatch(/^styrmin-sealed:v1:/);
      expect(JSON.stringify(row)).not.toContain('migration_timeout_minutes');
      expect(await stores.knex('styrmin_tasks').pluck('type')).toEqual([
        'create_instance',
      ]);
      expect(await stores.knex('styrmin_deployments').pluck('version')).toEqual(
        [1],
      );
    });

    it('masks secret values in the plan as the dry run does', async () => {
      const { stores, execute, id } = await setup();
      const answer = await execute(EDIT, {
        input: {
          id,
          configuration: { parameters: { admin_password: 'staple battery!' } },
          plan: true,
        },
      });
      expect(answer.errors).toBeUndefined();
      const { plan } = answer.data.editDeployment;
      expect(plan.kind).toBe('EDIT');
      expect(plan.diff).toContainEqual(
        expect.objectContaining({
          secret: true,
          before: SECRET_MASK,
          after: SECRET_MASK,
        }),
      );
      const rows = JSON.stringify(await stores.knex('styrmin_plans').select());
      expect(rows).not.toContain('staple battery!');
      expect(JSON.stringify(answer)).not.toContain('staple battery!');
    });

    it('applies a plan by its id through the change path, once', async () => {
      const { execute, id } = await setup();
      const planned = (await execute(UPGRADE, { input: upgradeInput(id) })).data
        .upgradeDeployment.plan;

      const applied = await execute(APPLY, { input: { id: planned.id } });
      expect(applied.errors).toBeUndefined();
      expect(applied.data.applyPlan).toMatchObject({
        changed: true,
        deployment: { id, version: 2, driverVersion: { version: '1.1.0' } },
        task: { type: 'upgrade_instance' },
        plan: null,
      });
      const read = await execute(READ_PLAN, { id: planned.id });
      expect(read.data.plan).toMatchObject({
        appliedBy: 'user:default/ada',
        appliedTask: { id: applied.data.applyPlan.task.id },
        deployment: { name: 'infrahub' },
      });

      const again = await execute(APPLY, { input: { id: planned.id } });
      expect(codeOf(again)).toBe('CONFLICT');
      expect(again.errors[0].message).toContain('was applied already');
    });

    it('refuses a plan whose deployment changed since, naming the change, and applies nothing', async () => {
      const { execute, id } = await setup();
      const planned = (await execute(UPGRADE, { input: upgradeInput(id) })).data
        .upgradeDeployment.plan;
      const edited = await execute(EDIT, {
        input: { id, configuration: { parameters: { default_branch: 'dev' } } },
      });
      expect(edited.errors).toBeUndefined();

      const applied = await execute(APPLY, { input: { id: planned.id } });
      expect(codeOf(applied)).toBe('CONFLICT');
      expect(applied.errors[0].message).toBe(
        `Plan ${planned.id} no longer applies, since it was computed deployment infrahub changed (version 1, now 2); the active instance of deployment infrahub changed; plan the change again`,
      );
      const read = await execute(READ_PLAN, { id: planned.id });
      expect(read.data.plan.appliedAt).toBeNull();
    });

    it('refuses a plan when the environment gained a deployment, and one that expired', async () => {
      const { stores, execute, environmentId, id } = await setup();
      const planned = (await execute(UPGRADE, { input: upgradeInput(id) })).data
        .upgradeDeployment.plan;
      const other = await execute(CREATE, {
        input: {
          environment: environmentId,
          name: 'other',
          driver: 'infrahub',
          driverVersion: '1.0.0',
          configuration: {
            app_version: '1.5.2',
            parameters: { admin_password: 'correct horse battery' },
          },
        },
      });
      expect(other.errors).toBeUndefined();
      const applied = await execute(APPLY, { input: { id: planned.id } });
      expect(codeOf(applied)).toBe('CONFLICT');
      expect(applied.errors[0].message).toContain(
        'deployment other was created in the environment',
      );

      const fresh = (await execute(UPGRADE, { input: upgradeInput(id) })).data
        .upgradeDeployment.plan;
      stores.clock.advance({ seconds: 3601 });
      const late = await execute(APPLY, { input: { id: fresh.id } });
      expect(codeOf(late)).toBe('CONFLICT');
      expect(late.errors[0].message).toBe(
        `Plan ${fresh.id} expired at 2026-12-01T13:00:00.000Z; plan the change again`,
      );
    });

    it('takes a backup first when the environment says so, shows it as the first step, and refuses the plan after the setting changes', async () => {
      const { execute, environmentId, id } = await setup();
      const update = (settings: object) =>
        execute(
          /* GraphQL */ `
            mutation Update($input: UpdateEnvironmentInput!) {
              updateEnvironment(input: $input) {
                changed
              }
            }
          `,
          { input: { id: environmentId, settings } },
        );
      expect(
        (await update({ backup_before_upgrade: 'always' })).errors,
      ).toBeUndefined();
      const { plan } = (await execute(UPGRADE, { input: upgradeInput(id) }))
        .data.upgradeDeployment;
      expect(plan.backup).toEqual({
        taken: true,
        reason: 'Environment dev sets backup_before_upgrade: always',
      });
      expect(plan.plannedSteps[0]).toBe(TAKE_RESTORE_POINT_STEP);
      expect(plan.basis.environment.version).toBe(2);

      expect((await update({ backup_before_upgrade: 'never' })).errors).toBe(
        undefined,
      );
      const applied = await execute(APPLY, { input: { id: plan.id } });
      expect(codeOf(applied)).toBe('CONFLICT');
      expect(applied.errors[0].message).toContain(
        'the settings of environment dev changed (version 2, now 3)',
      );
    });

    it('plans a creation and applies it as the planned deployment', async () => {
      const { execute, environmentId } = await setup();
      const planned = await execute(CREATE, {
        input: {
          environment: environmentId,
          name: 'second',
          driver: 'infrahub',
          driverVersion: '1.1.0',
          configuration: {
            app_version: '1.5.2',
            parameters: { admin_password: 'correct horse battery' },
          },
          plan: true,
        },
      });
      expect(planned.errors).toBeUndefined();
      const { plan } = planned.data.createDeployment;
      expect(plan).toMatchObject({
        kind: 'CREATE',
        deployment: null,
        fromDriverVersion: null,
        flow: 'CREATE_INSTANCE',
        basis: { deployments: { infrahub: 1 } },
      });
      expect(plan.basis.deployment).toBeUndefined();
      expect(plan.plannedActions.map((a: { name: string }) => a.name)).toEqual([
        'verify-server',
      ]);

      const applied = await execute(APPLY, { input: { id: plan.id } });
      expect(applied.errors).toBeUndefined();
      expect(applied.data.applyPlan.deployment.id).toBe(
        planned.data.createDeployment.deployment.id,
      );
      expect(applied.data.applyPlan.task.type).toBe('create_instance');
    });

    it('refuses an unknown plan (NOT_FOUND), and a planned change with its problems as the change would', async () => {
      const { execute, id } = await setup();
      const unknown = await execute(APPLY, {
        input: { id: '00000000-0000-4000-8000-00000000a0a0' },
      });
      expect(codeOf(unknown)).toBe('NOT_FOUND');
      const bad = await execute(UPGRADE, {
        input: {
          ...upgradeInput(id),
          prompts: { 'run-migrations': { migration_timeout_minutes: 1 } },
        },
      });
      expect(codeOf(bad)).toBe('VALIDATION_FAILED');
      const read = await execute(/* GraphQL */ `
        query {
          deployment(environment: "dev", name: "infrahub") {
            version
          }
        }
      `);
      expect(read.data.deployment.version).toBe(1);
    });
  });
});
