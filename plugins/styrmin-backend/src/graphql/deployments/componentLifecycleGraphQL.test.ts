import { createTestDatabases } from '../../__testUtils__/databases';
import {
  deleteDeploymentInState,
  DEPLOYMENT_TASK_RESULT_FIELDS,
  executeWithout,
  setUpDeploymentInState,
} from '../../__testUtils__/deploymentInState';
import { rowCounts } from '../../__testUtils__/reconciliation';

jest.setTimeout(120_000);

const STOP = /* GraphQL */ `
  mutation Stop($input: ComponentsInput!) {
    stopComponents(input: $input) {
      ...TaskResult
    }
  }
  ${DEPLOYMENT_TASK_RESULT_FIELDS}
`;

const START = STOP.replace('mutation Stop', 'mutation Start').replace(
  'stopComponents',
  'startComponents',
);

const UPGRADE = /* GraphQL */ `
  mutation Upgrade($input: UpgradeDeploymentInput!) {
    upgradeDeployment(input: $input) {
      task {
        id
      }
    }
  }
`;

describe('stopComponents and startComponents', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setup = (state: 'RUNNING' | 'FAILED' | 'DEPLOYING' = 'RUNNING') =>
      setUpDeploymentInState({ databases, databaseId, state });

    it('records a stop_components task with its flow run in the cluster pool, and a start', async () => {
      const { api, cluster, id, knex, flowRuns, deployments } = await setup();
      const before = (await deployments.getDeployment({ id }))!;

      const stopped = await api.execute(STOP, {
        input: { id, components: ['task-worker', 'task-worker'] },
      });
      expect(stopped.errors).toBeUndefined();
      expect(stopped.data.stopComponents).toEqual({
        deployment: { id, state: 'RUNNING', version: before.version },
        task: {
          id: expect.any(String),
          type: 'stop_components',
          result: 'RUNNING',
          steps: [{ name: 'Stop the components', status: 'PENDING' }],
          flowRun: {
            pool: cluster.workPool,
            flowName: 'STOP_COMPONENTS',
            state: 'SCHEDULED',
          },
        },
      });
      const [run] = await knex('styrmin_flow_runs').where({
        flow_name: 'STOP_COMPONENTS',
      });
      const stored = (await flowRuns.getFlowRun({ flowRunId: run.id }))!;
      expect(stored.parameters).toEqual({
        deploymentId: id,
        components: ['task-worker'],
      });

      const started = await api.execute(START, {
        input: { id, expectedVersion: before.version, components: ['server'] },
      });
      expect(started.data.startComponents.task).toMatchObject({
        type: 'start_components',
        steps: [{ name: 'Start the components', status: 'PENDING' }],
        flowRun: { flowName: 'START_COMPONENTS' },
      });
      // The deployment's intent did not change.
      await expect(deployments.getDeployment({ id })).resolves.toEqual(before);
    });

    it('takes a FAILED deployment too', async () => {
      const { api, id } = await setup('FAILED');
      const stopped = await api.execute(STOP, {
        input: { id, components: ['server'] },
      });
      expect(stopped.errors).toBeUndefined();
    });

    it.each([
      [
        'an unknown component, named',
        { components: ['server', 'nope', 'gone'] },
        'VALIDATION_FAILED',
        /declares no component "nope", "gone"/,
      ],
      [
        'an empty list',
        { components: [] },
        'VALIDATION_FAILED',
        /at least one component/,
      ],
      [
        'a version the deployment no longer has',
        { components: ['server'], expectedVersion: 99 },
        'CONFLICT',
        /changed meanwhile/,
      ],
    ])('refuses %s, writing nothing', async (_case, input, code, message) => {
      const { api, id, knex } = await setup();
      const counts = await rowCounts(knex);
      for (const document of [STOP, START]) {
        const refused = await api.execute(document, {
          input: { id, ...input },
        });
        expect(refused.data).toBeNull();
        expect(refused.errors[0].extensions.code).toBe(code);
        expect(refused.errors[0].message).toMatch(message);
      }
      await expect(rowCounts(knex)).resolves.toEqual(counts);
    });

    it('refuses a deployment that is not RUNNING or FAILED, or that is deleted', async () => {
      const setUp = await setup('DEPLOYING');
      const { api, id, knex } = setUp;
      const counts = await rowCounts(knex);
      const refusal = async () =>
        (await api.execute(STOP, { input: { id, components: ['server'] } }))
          .errors[0];
      expect(await refusal()).toMatchObject({
        extensions: { code: 'CONFLICT' },
        message: expect.stringContaining('is DEPLOYING'),
      });
      await deleteDeploymentInState(setUp, 'FAILED');
      const counted = await rowCounts(knex);
      expect(await refusal()).toMatchObject({
        extensions: { code: 'CONFLICT' },
        message: expect.stringContaining('deleted'),
      });
      await expect(rowCounts(knex)).resolves.toEqual(counted);
      expect(counted.styrmin_tasks).toBe(counts.styrmin_tasks);
      const unknown = await api.execute(STOP, {
        input: {
          id: '00000000-0000-4000-8000-000000000000',
          components: ['server'],
        },
      });
      expect(unknown.errors[0].extensions.code).toBe('NOT_FOUND');
    });

    it('needs styrmin.deployment.update', async () => {
      const setUp = await setup();
      const denied = await executeWithout(
        setUp,
        'styrmin.deployment.update',
        STOP,
        { input: { id: setUp.id, components: ['server'] } },
      );
      expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    });

    it('keeps the answers to the prompts of an upgrade with its task, and refuses bad ones', async () => {
      const { api, id, knex, tasks } = await setup();
      const counts = await rowCounts(knex);
      const refused = await api.execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.1.0',
          prompts: {
            'run-migrations': { migration_timeout_minutes: 1 },
            'verify-server': {},
          },
        },
      });
      // Every problem at once: the answer out of bounds and the answers missing.
      expect(refused.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      expect(
        refused.errors[0].extensions.problems.map(
          (problem: { path: string }) => problem.path,
        ),
      ).toEqual(
        expect.arrayContaining([
          'prompts.run-migrations.migration_timeout_minutes',
          'prompts.verify-server',
        ]),
      );
      expect(refused.errors[0].message).toContain(
        'prompts.run-migrations.migration_timeout_minutes: Must be at least 5',
      );
      await expect(rowCounts(knex)).resolves.toEqual(counts);

      const upgraded = await api.execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.1.0',
          prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
        },
      });
      expect(upgraded.errors).toBeUndefined();
      const task = await tasks.getTask({
        taskId: upgraded.data.upgradeDeployment.task.id,
      });
      expect(task?.prompts).toEqual({
        'run-migrations': { migration_timeout_minutes: 45 },
      });
    });
  });
});
