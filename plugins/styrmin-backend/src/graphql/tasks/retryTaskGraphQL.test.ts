import { StyrminApiError } from '@styrmin/sdk';
import type { AgentFlowRun, StyrminClient } from '@styrmin/sdk';
import { Knex } from 'knex';
import {
  AgentProtocolBackend,
  AgentProtocolCluster,
  startAgentProtocolBackend,
} from '../../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../../__testUtils__/databases';
import { rowCounts } from '../../__testUtils__/reconciliation';
import { runScripted } from '../../__testUtils__/scriptedAgent';
import { MUTATION_AUDITS } from '../mutationAudits';

jest.setTimeout(120_000);

/** The code of a refusal, with nothing written by it. */
async function refusedUnchanged(
  knex: Knex,
  call: () => Promise<unknown>,
): Promise<string | undefined> {
  const before = await rowCounts(knex);
  const refused = await call().then(
    () => undefined,
    error => (error instanceof StyrminApiError ? error.code : `${error}`),
  );
  expect(await rowCounts(knex)).toEqual(before);
  return refused;
}

/*
 * retryTask over GraphQL, with a scripted agent on the cluster's work pool: a failed task
 * becomes a new task of the same change, refused with a coded error and no write when it
 * may not.
 */
describe('retryTask', () => {
  it('audits the failed task and the task that retries it', () => {
    const audit = MUTATION_AUDITS.retryTask;
    expect(audit).toMatchObject({ eventId: 'task-retry' });
    expect(audit.subjects({ task: 't1' })).toEqual({ retriedTaskId: 't1' });
    expect(
      audit.outcome!({ deployment: { id: 'd1' }, task: { id: 't2' } }),
    ).toEqual({ deploymentId: 'd1', taskId: 't2' });
  });

  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0'],
      });
    });

    const claim = async (cluster: AgentProtocolCluster) =>
      (await cluster.agent.claim({ owner: 'agent-1' }))!;
    const failFirstStep = (cluster: AgentProtocolCluster, run: AgentFlowRun) =>
      runScripted(cluster.agent, run, 'agent-1', {
        fail: { step: run.task.steps[0].name, error: 'the cluster refused it' },
      });
    const resultOf = async (client: StyrminClient, taskId: string) =>
      (await client.task(taskId))?.result;

    it('applies the same instance again in a new task, once, with the permission of its kind', async () => {
      const { styrmin, readOnly } = backend;
      const cluster = await backend.newCluster();
      const created = await cluster.createInfrahub();
      const id = created.deployment.id;
      const failedTask = created.task!;
      const firstRun = await claim(cluster);
      await expect(failFirstStep(cluster, firstRun)).resolves.toBe('FAILED');
      expect((await styrmin.deployment({ id }))?.state).toBe('FAILED');

      // A read-only user may not create deployments, so may not retry their creation.
      expect(
        await refusedUnchanged(knex, () => readOnly.retryTask(failedTask.id)),
      ).toBe('FORBIDDEN');

      const retried = await styrmin.retryTask(failedTask.id);
      expect(retried.task).toMatchObject({
        type: 'create_instance',
        result: 'RUNNING',
        createdBy: 'user:default/ada',
      });
      expect(retried.task.id).not.toBe(failedTask.id);
      expect(retried.task.steps.map(step => step.name)).toEqual(
        firstRun.task.steps.map(step => step.name),
      );
      expect((await styrmin.deployment({ id }))?.state).toBe('DEPLOYING');
      // The same instance again, by the same flow: no new instance.
      const retryRun = await claim(cluster);
      expect(retryRun).toMatchObject({
        flow: 'CREATE_INSTANCE',
        task: { id: retried.task.id },
        instance: { id: firstRun.instance!.id, number: 1 },
      });
      // Its timeline entry links to the task that applies it now, not to the failed one.
      const timeline = await styrmin.deploymentTimeline({ id, first: 10 });
      expect(timeline?.nodes.map(node => node.task?.id)).toEqual([
        retried.task.id,
      ]);

      // A second retry of the same failure: the deployment moved on to the first.
      const moved = await styrmin
        .retryTask(failedTask.id)
        .catch((error: StyrminApiError) => error);
      expect(moved).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining(
          `The deployment moved on since task ${failedTask.id} (create_instance) failed: task ${retried.task.id} (create_instance) is newer`,
        ),
      });

      await expect(
        runScripted(cluster.agent, retryRun, 'agent-1'),
      ).resolves.toBe('SUCCEEDED');
      expect((await styrmin.deployment({ id }))?.state).toBe('RUNNING');
      expect(await resultOf(styrmin, failedTask.id)).toBe('FAILED');
      expect(
        await refusedUnchanged(knex, () => styrmin.retryTask(retried.task.id)),
      ).toBe('CONFLICT');
      expect(
        await refusedUnchanged(knex, () =>
          styrmin.retryTask('00000000-0000-4000-8000-000000000000'),
        ),
      ).toBe('NOT_FOUND');
    });

    it('stops the same components again', async () => {
      const { styrmin } = backend;
      const cluster = await backend.newCluster();
      const id = (await cluster.createInfrahub()).deployment.id;
      await runScripted(cluster.agent, await claim(cluster), 'agent-1');

      const { task: failedStop } = await styrmin.stopComponents({
        id,
        components: ['task-worker'],
      });
      await expect(failFirstStep(cluster, await claim(cluster))).resolves.toBe(
        'FAILED',
      );

      const retried = await styrmin.retryTask(failedStop.id);
      expect(retried.task).toMatchObject({ type: 'stop_components' });
      expect(await claim(cluster)).toMatchObject({
        flow: 'STOP_COMPONENTS',
        task: { id: retried.task.id },
        components: ['task-worker'],
      });
    });

    it('runs the same job again, and refuses once a newer change came', async () => {
      const { styrmin } = backend;
      const cluster = await backend.newCluster();
      const id = (await cluster.createInfrahub()).deployment.id;
      await runScripted(cluster.agent, await claim(cluster), 'agent-1');

      const job = {
        component: 'server',
        command: ['infrahub', 'db', 'check'],
        timeoutSeconds: 90,
      };
      const { task: failedJob } = await styrmin.runJob({ id, ...job });
      await expect(failFirstStep(cluster, await claim(cluster))).resolves.toBe(
        'FAILED',
      );

      const retried = await styrmin.retryTask(failedJob.id);
      expect(retried.task).toMatchObject({ type: 'run_job' });
      const retryRun = await claim(cluster);
      expect(retryRun).toMatchObject({
        flow: 'RUN_JOB',
        task: { id: retried.task.id },
        job,
      });
      expect((await styrmin.task(retried.task.id))?.job).toEqual(job);

      // The retry fails too; then the configuration changes, in a newer task.
      await expect(failFirstStep(cluster, retryRun)).resolves.toBe('FAILED');
      await styrmin.editDeployment({
        id,
        configuration: { parameters: { admin_password: 'another long one' } },
      });
      const moved = await styrmin
        .retryTask(retried.task.id)
        .catch((error: StyrminApiError) => error);
      expect(moved).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(
          /moved on since task .* \(run_job\) failed: task .* \(update_instance\) is newer/,
        ),
      });
    });
  });
});
