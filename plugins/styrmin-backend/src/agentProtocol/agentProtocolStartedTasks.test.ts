import { AgentProtocolClient } from '@styrmin/sdk';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { rowCounts } from '../__testUtils__/reconciliation';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(120_000);

const PRE_HOOK = 'Run the upgrade pre-hook';
const PROMPTS = { 'run-migrations': { migration_timeout_minutes: 45 } };

/*
 * POST /runs/:runId/steps/:stepId/tasks: the tasks that action primitives start, linked to
 * the hook step that runs the action, their runs claimed for the caller.
 */
describe('tasks started by action primitives over the agent protocol', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
      });
    });

    /** A deployment created and deployed on a cluster of its own, then an upgrade claimed with its pre-hook RUNNING. */
    async function upgradeAtItsPreHook() {
      const suffix = randomUUID().slice(0, 8);
      const { agent, agentToken, createInfrahub } = await backend.newCluster(
        suffix,
      );
      const created = await createInfrahub();
      const first = (await agent.claim({ owner: `agent-${suffix}-0` }))!;
      await runScripted(agent, first, `agent-${suffix}-0`);
      const upgraded = await backend.styrmin.upgradeDeployment({
        id: created.deployment.id,
        driverVersion: '1.1.0',
        prompts: PROMPTS,
      });
      const owner = `agent-${suffix}`;
      const run = (await agent.claim({ owner }))!;
      expect(run.task.id).toBe(upgraded.task!.id);
      const hook = run.task.steps.find(step => step.name === PRE_HOOK)!;
      const lease = { runId: run.id, owner, attempt: run.attempt };
      await agent.startStep({ ...lease, stepId: hook.id, stepAttempt: 1 });
      const start = (
        call: number,
        more: { components?: string[]; flow?: 'STOP_COMPONENTS' } = {},
      ) =>
        agent.startTask({
          ...lease,
          stepId: hook.id,
          stepAttempt: 1,
          call,
          flow: 'STOP_COMPONENTS',
          components: ['task-worker'],
          ...more,
        });
      return { agent, agentToken, run, hook, lease, owner, start, upgraded };
    }

    it('starts a linked task with its run claimed for the caller, once per call', async () => {
      const { agent, run, hook, lease, owner, start, upgraded } =
        await upgradeAtItsPreHook();
      // The upgrade's run carries the answers to its prompts.
      expect(run.prompts).toEqual(PROMPTS);

      const started = await start(0);
      expect(started).toMatchObject({
        task: { id: expect.any(String), status: 'RUNNING' },
        owner: `${owner}/1.0`,
        run: {
          flow: 'STOP_COMPONENTS',
          components: ['task-worker'],
          attempt: 1,
          task: {
            type: 'stop_components',
            deploymentId: upgraded.deployment.id,
            steps: [{ name: 'Stop the components', status: 'PENDING' }],
          },
        },
      });
      expect(started.run).not.toHaveProperty('prompts');
      // The same call again: the same task and run, not a second one.
      const again = await start(0);
      expect(again.task.id).toBe(started.task.id);
      expect(again.run!.id).toBe(started.run!.id);
      // The next call of the action starts another.
      const next = await start(1, { components: ['server'] });
      expect(next.task.id).not.toBe(started.task.id);

      await expect(
        runScripted(agent, started.run!, started.owner),
      ).resolves.toBe('SUCCEEDED');
      await expect(
        runScripted(agent, next.run!, next.owner, {
          fail: { step: 'Stop the components', error: 'Not stopped' },
        }),
      ).resolves.toBe('FAILED');
      // Once ended, the same call answers the task without a run.
      await expect(start(0)).resolves.toMatchObject({
        task: { id: started.task.id, status: 'SUCCEEDED' },
        run: null,
      });

      // Both show under the hook step, with their results.
      let tree = (await backend.readOnly.taskTree(upgraded.task!.id))!;
      expect(
        tree.steps
          .find(s => s.id === hook.id)!
          .startedTasks.map(t => [t.id, t.result]),
      ).toEqual([
        [started.task.id, 'SUCCEEDED'],
        [next.task.id, 'FAILED'],
      ]);
      // Each says which hook of which deployment started it, for whom.
      const environmentName = upgraded.deployment.environment.name;
      expect(
        tree.steps.find(s => s.id === hook.id)!.startedTasks[0].cause,
      ).toEqual({
        kind: 'HOOK',
        message: `started by the upgrade pre-hook of ${environmentName}/${upgraded.deployment.name}`,
        causedBy: upgraded.task!.createdBy,
        record: { type: 'task', id: upgraded.task!.id, name: PRE_HOOK },
      });
      expect(tree.result).toBe('RUNNING');

      await agent.endStep({
        ...lease,
        stepId: hook.id,
        stepAttempt: 1,
        status: 'FAILED',
        error: 'stop-task-workers: the stop_components task failed',
      });
      await agent.completeRun({
        ...lease,
        state: 'FAILED',
        error: 'Run the upgrade pre-hook failed',
      });
      tree = (await backend.readOnly.taskTree(upgraded.task!.id))!;
      expect(tree).toMatchObject({ status: 'FAILED', result: 'FAILED' });
      // The upgrade is still the deployment's newest task: the started ones are its own.
      const deployment = (await backend.styrmin.deployment({
        id: upgraded.deployment.id,
      }))!;
      expect(deployment.state).toBe('FAILED');
      expect(deployment.stateReason).toContain('upgrade_instance failed');
    });

    it('refuses an unknown component, a step that is not running, a lost lease and another cluster, writing nothing', async () => {
      const { agent, hook, lease, start } = await upgradeAtItsPreHook();
      const counts = await rowCounts(knex);

      await expect(start(0, { components: ['nope'] })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('"nope"'),
      });
      await expect(start(0, { components: [] })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      await expect(
        agent.startTask({
          ...lease,
          stepId: hook.id,
          stepAttempt: 2,
          call: 0,
          flow: 'STOP_COMPONENTS',
          components: ['task-worker'],
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(
        agent.startTask({
          ...lease,
          owner: 'someone-else',
          stepId: hook.id,
          stepAttempt: 1,
          call: 0,
          flow: 'STOP_COMPONENTS',
          components: ['task-worker'],
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      const other = await upgradeAtItsPreHook();
      const countsWithOther = await rowCounts(knex);
      await expect(
        other.agent.startTask({
          ...lease,
          stepId: hook.id,
          stepAttempt: 1,
          call: 0,
          flow: 'STOP_COMPONENTS',
          components: ['task-worker'],
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(rowCounts(knex)).resolves.toEqual(countsWithOther);
      expect(countsWithOther.styrmin_tasks).toBeGreaterThan(
        counts.styrmin_tasks,
      );
      await expect(
        (agent as AgentProtocolClient).startTask({
          ...lease,
          stepId: hook.id,
          stepAttempt: 1,
          call: 0,
          flow: 'RUN_JOB' as 'STOP_COMPONENTS',
          components: ['task-worker'],
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });
});
