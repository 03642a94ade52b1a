import { createTestDatabases } from '../../__testUtils__/databases';
import {
  deleteDeploymentInState,
  DEPLOYMENT_TASK_RESULT_FIELDS,
  executeWithout,
  setUpDeploymentInState,
} from '../../__testUtils__/deploymentInState';
import { rowCounts } from '../../__testUtils__/reconciliation';
import { MUTATION_AUDITS } from '../mutationAudits';

jest.setTimeout(120_000);

const RUN_JOB = /* GraphQL */ `
  mutation RunJob($input: RunJobInput!) {
    runJob(input: $input) {
      ...TaskResult
    }
  }
  ${DEPLOYMENT_TASK_RESULT_FIELDS}
`;

const COMMAND = ['infrahub', 'db', 'check', '--verbose'];

describe('runJob', () => {
  it('audits the component and the number of arguments, never the arguments', () => {
    const audit = MUTATION_AUDITS.runJob;
    const subjects = audit.subjects({
      id: 'd1',
      component: 'server',
      command: ['psql', '--password', 's3cr3t-value'],
    });
    expect(subjects).toEqual({
      deploymentId: 'd1',
      component: 'server',
      commandArguments: 3,
    });
    expect(JSON.stringify(subjects)).not.toContain('s3cr3t-value');
    expect(audit).toMatchObject({
      eventId: 'deployment-run-job',
      severityLevel: 'medium',
    });
  });

  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const setup = (state: 'RUNNING' | 'FAILED' | 'DEPLOYING' = 'RUNNING') =>
      setUpDeploymentInState({ databases, databaseId, state });

    it('records a run_job task with its RUN_JOB flow run in the cluster pool, the job in its parameters', async () => {
      const { api, cluster, id, knex, flowRuns, deployments } = await setup();
      const before = (await deployments.getDeployment({ id }))!;
      api.changes.notify.mockClear();

      const ran = await api.execute(RUN_JOB, {
        input: {
          id,
          expectedVersion: before.version,
          component: 'server',
          command: COMMAND,
        },
      });
      expect(ran.errors).toBeUndefined();
      expect(ran.data.runJob).toEqual({
        deployment: { id, state: 'RUNNING', version: before.version },
        task: {
          id: expect.any(String),
          type: 'run_job',
          result: 'RUNNING',
          steps: [{ name: 'Run the job', status: 'PENDING' }],
          flowRun: {
            pool: cluster.workPool,
            flowName: 'RUN_JOB',
            state: 'SCHEDULED',
          },
        },
      });
      const [run] = await knex('styrmin_flow_runs').where({
        flow_name: 'RUN_JOB',
      });
      const stored = (await flowRuns.getFlowRun({ flowRunId: run.id }))!;
      expect(stored.parameters).toEqual({
        deploymentId: id,
        component: 'server',
        command: COMMAND,
        timeoutSeconds: 600,
      });
      expect(api.changes.notify).toHaveBeenCalledWith(
        expect.objectContaining({ deploymentIds: [id] }),
      );
      // The deployment's intent did not change.
      await expect(deployments.getDeployment({ id })).resolves.toEqual(before);
    });

    it('takes a FAILED deployment and a timeout of its own', async () => {
      const { api, id, knex } = await setup('FAILED');
      const ran = await api.execute(RUN_JOB, {
        input: {
          id,
          component: 'task-worker',
          command: ['true'],
          timeoutSeconds: 3600,
        },
      });
      expect(ran.errors).toBeUndefined();
      const [run] = await knex('styrmin_flow_runs').where({
        flow_name: 'RUN_JOB',
      });
      expect(JSON.parse(run.parameters)).toMatchObject({
        component: 'task-worker',
        command: ['true'],
        timeoutSeconds: 3600,
      });
    });

    it.each([
      [
        'an unknown component, named',
        { component: 'nope', command: COMMAND },
        { code: 'VALIDATION_FAILED', field: 'component' },
        /declares no component "nope"; its components are server, task-worker, database/,
      ],
      [
        'an empty command',
        { component: 'server', command: [] },
        { code: 'VALIDATION_FAILED', field: 'command' },
        /command is empty/,
      ],
      [
        'a command of more than 64 arguments',
        { component: 'server', command: Array(65).fill('x') },
        { code: 'VALIDATION_FAILED', field: 'command' },
        /65 arguments; at most 64/,
      ],
      [
        'a command of more than 16 KiB',
        { component: 'server', command: ['echo', 'x'.repeat(16 * 1024)] },
        { code: 'VALIDATION_FAILED', field: 'command' },
        /16388 bytes; at most 16384/,
      ],
      [
        'a timeout over an hour',
        { component: 'server', command: COMMAND, timeoutSeconds: 3601 },
        { code: 'VALIDATION_FAILED', field: 'timeoutSeconds' },
        /from 1 to 3600/,
      ],
      [
        'a timeout of 0',
        { component: 'server', command: COMMAND, timeoutSeconds: 0 },
        { code: 'VALIDATION_FAILED', field: 'timeoutSeconds' },
        /from 1 to 3600/,
      ],
      [
        'a version the deployment no longer has',
        { component: 'server', command: COMMAND, expectedVersion: 99 },
        { code: 'CONFLICT' },
        /changed meanwhile/,
      ],
    ])(
      'refuses %s, writing nothing',
      async (_case, input, extensions, message) => {
        const { api, id, knex } = await setup();
        const counts = await rowCounts(knex);
        api.changes.notify.mockClear();
        const refused = await api.execute(RUN_JOB, { input: { id, ...input } });
        expect(refused.data).toBeNull();
        expect(refused.errors[0].extensions).toMatchObject(extensions);
        expect(refused.errors[0].message).toMatch(message);
        await expect(rowCounts(knex)).resolves.toEqual(counts);
        expect(api.changes.notify).not.toHaveBeenCalled();
      },
    );

    it('refuses a deployment that is not RUNNING or FAILED, or that is deleted, or unknown', async () => {
      const setUp = await setup('DEPLOYING');
      const { api, id, knex } = setUp;
      const counts = await rowCounts(knex);
      const refusal = async (deploymentId = id) =>
        (
          await api.execute(RUN_JOB, {
            input: { id: deploymentId, component: 'server', command: COMMAND },
          })
        ).errors[0];
      expect(await refusal()).toMatchObject({
        extensions: { code: 'CONFLICT' },
        message:
          'Deployment infrahub is DEPLOYING: a job can run while it is RUNNING or FAILED',
      });
      await deleteDeploymentInState(setUp, 'RUNNING');
      const counted = await rowCounts(knex);
      expect(await refusal()).toMatchObject({
        extensions: { code: 'CONFLICT' },
        message:
          'Deployment infrahub is deleted (RUNNING); a deleted deployment takes no task',
      });
      expect(
        (await refusal('00000000-0000-4000-8000-000000000000')).extensions,
      ).toMatchObject({ code: 'NOT_FOUND' });
      await expect(rowCounts(knex)).resolves.toEqual(counted);
      expect(counted.styrmin_tasks).toBe(counts.styrmin_tasks);
    });

    it('needs styrmin.deployment.update', async () => {
      const setUp = await setup();
      const denied = await executeWithout(
        setUp,
        'styrmin.deployment.update',
        RUN_JOB,
        { input: { id: setUp.id, component: 'server', command: COMMAND } },
      );
      expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    });
  });
});
