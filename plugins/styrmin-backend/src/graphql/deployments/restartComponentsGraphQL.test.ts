import { createTestDatabases } from '../../__testUtils__/databases';
import {
  DEPLOYMENT_TASK_RESULT_FIELDS,
  executeWithout,
  setUpDeploymentInState,
} from '../../__testUtils__/deploymentInState';
import { rowCounts } from '../../__testUtils__/reconciliation';

jest.setTimeout(120_000);

const RESTART = /* GraphQL */ `
  mutation Restart($input: ComponentsInput!) {
    restartComponents(input: $input) {
      ...TaskResult
    }
  }
  ${DEPLOYMENT_TASK_RESULT_FIELDS}
`;

describe('restartComponents', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setup = (state: 'RUNNING' | 'DEPLOYING' = 'RUNNING') =>
      setUpDeploymentInState({ databases, databaseId, state });

    it('records a restart_components task of its own type, its flow run in the cluster pool', async () => {
      const { api, cluster, id, knex, flowRuns, deployments } = await setup();
      const before = (await deployments.getDeployment({ id }))!;

      const restarted = await api.execute(RESTART, {
        input: {
          id,
          expectedVersion: before.version,
          components: ['server', 'task-worker', 'server'],
        },
      });
      expect(restarted.errors).toBeUndefined();
      expect(restarted.data.restartComponents).toEqual({
        deployment: { id, state: 'RUNNING', version: before.version },
        task: {
          id: expect.any(String),
          type: 'restart_components',
          result: 'RUNNING',
          steps: [{ name: 'Restart the components', status: 'PENDING' }],
          flowRun: {
            pool: cluster.workPool,
            flowName: 'RESTART_COMPONENTS',
            state: 'SCHEDULED',
          },
        },
      });
      const [run] = await knex('styrmin_flow_runs').where({
        flow_name: 'RESTART_COMPONENTS',
      });
      const stored = (await flowRuns.getFlowRun({ flowRunId: run.id }))!;
      expect(stored.parameters).toEqual({
        deploymentId: id,
        components: ['server', 'task-worker'],
      });
      // A restart changes neither the intent nor the version.
      await expect(deployments.getDeployment({ id })).resolves.toEqual(before);
    });

    it('refuses an unknown component and a deployment that is not RUNNING or FAILED, writing nothing', async () => {
      const running = await setup();
      const counts = await rowCounts(running.knex);
      const unknown = await running.api.execute(RESTART, {
        input: { id: running.id, components: ['server', 'nope'] },
      });
      expect(unknown.errors[0]).toMatchObject({
        extensions: { code: 'VALIDATION_FAILED', field: 'components' },
        message: expect.stringContaining('declares no component "nope"'),
      });
      await expect(rowCounts(running.knex)).resolves.toEqual(counts);

      const deploying = await setup('DEPLOYING');
      const busy = await deploying.api.execute(RESTART, {
        input: { id: deploying.id, components: ['server'] },
      });
      expect(busy.errors[0]).toMatchObject({
        extensions: { code: 'CONFLICT' },
        message: expect.stringContaining(
          'components can be stopped, started and restarted while it is RUNNING or FAILED',
        ),
      });
    });

    it('needs styrmin.deployment.update, as stop and start do', async () => {
      const setUp = await setup();
      const denied = await executeWithout(
        setUp,
        'styrmin.deployment.update',
        RESTART,
        { input: { id: setUp.id, components: ['server'] } },
      );
      expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });
});
