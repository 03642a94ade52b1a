import { mockServices } from '@backstage/backend-test-utils';
import { computeTaskResult } from '@styrmin/plugin-styrmin-common';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  D1,
  D2,
  D3,
  insertTestDeployments,
} from '../__testUtils__/testDeployments';
import { ManualClock } from '../__testUtils__/ManualClock';
import { testSecretBox } from '../__testUtils__/secretBox';
import { DatabaseTaskStore } from '../tasks/DatabaseTaskStore';
import { DatabaseFlowRunStore } from './DatabaseFlowRunStore';
import { FlowRunBroker } from './FlowRunBroker';

jest.setTimeout(60_000);

describe('FlowRunBroker', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function createBroker() {
      const knex = await databases.init(databaseId);
      const clock = new ManualClock();
      const database = mockServices.database({ knex });
      const flowRuns = await DatabaseFlowRunStore.create({ database, clock });
      const tasks = await DatabaseTaskStore.create({
        database,
        secretBox: testSecretBox(),
        clock,
      });
      await insertTestDeployments(knex);
      const logger = mockServices.logger.mock();
      const broker = await FlowRunBroker.create({
        database,
        flowRuns,
        tasks,
        logger,
      });
      return { knex, clock, flowRuns, tasks, logger, broker };
    }

    it('wakes the claimants of the pool in this process at once', async () => {
      const { broker, flowRuns } = await createBroker();
      const server = jest.fn();
      const cluster = jest.fn();
      const unsubscribe = broker.onClaimable('server', server);
      broker.onClaimable('cluster:c1', cluster);

      const run = await broker.dispatch({
        pool: 'server',
        flowName: 'RUN_JOB',
      });

      expect(server).toHaveBeenCalledTimes(1);
      expect(cluster).not.toHaveBeenCalled();
      await expect(flowRuns.getFlowRun({ flowRunId: run.id })).resolves.toEqual(
        run,
      );
      unsubscribe();
      await broker.dispatch({ pool: 'server', flowName: 'RUN_JOB' });
      expect(server).toHaveBeenCalledTimes(1);
    });

    it('wakes them only once the caller’s transaction ends', async () => {
      const { knex, broker, flowRuns } = await createBroker();
      const claimant = jest.fn();
      broker.onClaimable('cluster:c1', claimant);

      const committed = await knex.transaction(async tx => {
        const run = await broker.dispatch({
          tx,
          pool: 'cluster:c1',
          flowName: 'CREATE_INSTANCE',
        });
        expect(claimant).not.toHaveBeenCalled();
        return run;
      });
      await Promise.resolve();
      expect(claimant).toHaveBeenCalledTimes(1);
      await expect(
        flowRuns.getFlowRun({ flowRunId: committed.id }),
      ).resolves.toBeDefined();

      const trx = await knex.transaction();
      const rolledBack = await broker.dispatch({
        tx: trx,
        pool: 'cluster:c1',
        flowName: 'CREATE_INSTANCE',
      });
      expect(claimant).toHaveBeenCalledTimes(1);
      await trx.rollback();
      await expect(
        flowRuns.getFlowRun({ flowRunId: rolledBack.id }),
      ).resolves.toBeUndefined();
    });

    it('ends expired leases with the steps that ran under them, and wakes the pool', async () => {
      const { broker, clock, flowRuns, tasks, logger } = await createBroker();
      const claimant = jest.fn();
      broker.onClaimable('cluster:c1', claimant);
      const retried = await broker.dispatch({
        pool: 'cluster:c1',
        flowName: 'CREATE_INSTANCE',
      });
      clock.advance({ seconds: 1 });
      const crashing = await broker.dispatch({
        pool: 'cluster:c1',
        flowName: 'DELETE',
        maxAttempts: 1,
      });
      const task = await tasks.createTask({
        type: 'create_instance',
        deploymentId: D1,
        flowRunId: retried.id,
        createdBy: 'user:default/ada',
        stepNames: ['Prepare', 'Apply'],
      });
      const crashingTask = await tasks.createTask({
        type: 'delete_deployment',
        deploymentId: D2,
        flowRunId: crashing.id,
        createdBy: 'user:default/ada',
        stepNames: ['Delete'],
      });
      // Its agent dies after the claim, before it starts a step.
      clock.advance({ seconds: 1 });
      const crashingEarly = await broker.dispatch({
        pool: 'cluster:c1',
        flowName: 'STOP_COMPONENTS',
        maxAttempts: 1,
      });
      const crashingEarlyTask = await tasks.createTask({
        type: 'stop_components',
        deploymentId: D3,
        flowRunId: crashingEarly.id,
        createdBy: 'user:default/ada',
        stepNames: ['Scale down', 'Wait for the pods to end'],
      });
      for (const [run, stepId] of [
        [retried, task.steps[0].id],
        [crashing, crashingTask.steps[0].id],
        [crashingEarly, undefined],
      ] as const) {
        const claimed = (await flowRuns.claim({
          pool: 'cluster:c1',
          owner: 'agent-1',
          leaseSeconds: 30,
        }))!;
        expect(claimed.id).toBe(run.id);
        if (stepId) {
          await tasks.startStep({
            stepId,
            lease: { flowRunId: run.id, owner: 'agent-1', attempt: 1 },
          });
        }
      }
      claimant.mockClear();
      clock.advance({ seconds: 30 });

      const expired = await broker.expireLeases();

      expect(expired.map(({ flowRunId, state }) => [flowRunId, state])).toEqual(
        [
          [retried.id, 'SCHEDULED'],
          [crashing.id, 'CRASHED'],
          [crashingEarly.id, 'CRASHED'],
        ],
      );
      await expect(tasks.getTask({ taskId: task.id })).resolves.toMatchObject({
        status: 'SCHEDULED',
        steps: [
          {
            status: 'FAILED',
            errors: [{ attempt: 1, message: expired[0].reason }],
          },
          { status: 'PENDING', errors: [] },
        ],
      });
      await expect(
        tasks.getTask({ taskId: crashingTask.id }),
      ).resolves.toMatchObject({
        status: 'CRASHED',
        steps: [
          {
            status: 'FAILED',
            errors: [{ attempt: 1, message: expired[1].reason }],
          },
        ],
      });
      // The step it would have run carries the crash, so the result does not wait on it.
      await expect(
        tasks.getTask({ taskId: crashingEarlyTask.id }),
      ).resolves.toMatchObject({
        status: 'CRASHED',
        steps: [
          {
            status: 'FAILED',
            attempts: 1,
            errors: [{ attempt: 1, message: expired[2].reason }],
          },
          { status: 'PENDING', attempts: 0, errors: [] },
        ],
      });
      const graph = await tasks.getTaskGraph({ taskId: crashingEarlyTask.id });
      expect(computeTaskResult(graph!)).toBe('FAILED');
      await expect(
        flowRuns.getFlowRun({ flowRunId: crashing.id }),
      ).resolves.toMatchObject({ reason: expired[1].reason });
      expect(claimant).toHaveBeenCalledTimes(1);
      expect(logger.warn).toHaveBeenCalledWith(
        `Flow run ${crashing.id} CRASHED: ${expired[1].reason}`,
      );
      await expect(broker.expireLeases()).resolves.toEqual([]);
    });

    it('tells its end listeners of every end once it is committed: completed or CRASHED', async () => {
      const { knex, broker, clock, flowRuns, logger } = await createBroker();
      const ended = jest.fn();
      broker.onEnded(ended);
      const failing = jest.fn(() => {
        throw new Error('listener broke');
      });
      const unsubscribe = broker.onEnded(failing);
      const claim = async (maxAttempts?: number) => {
        const run = await broker.dispatch({
          pool: 'cluster:c1',
          flowName: 'RUN_JOB',
          maxAttempts,
        });
        await flowRuns.claim({
          pool: 'cluster:c1',
          owner: 'agent-1',
          leaseSeconds: 30,
        });
        return { flowRunId: run.id, owner: 'agent-1', attempt: 1 };
      };

      const succeeded = await claim();
      await broker.complete({ lease: succeeded, state: 'SUCCEEDED' });
      expect(ended).toHaveBeenCalledWith({
        flowRunId: succeeded.flowRunId,
        state: 'SUCCEEDED',
      });
      // A listener that throws is logged; the others are told all the same.
      expect(logger.error).toHaveBeenCalledWith(
        `A listener to the end of flow run ${succeeded.flowRunId} failed`,
        expect.objectContaining({ message: 'listener broke' }),
      );
      unsubscribe();

      const failed = await claim();
      await knex.transaction(async tx => {
        await broker.complete({ tx, lease: failed, state: 'FAILED' });
        expect(ended).toHaveBeenCalledTimes(1);
      });
      await Promise.resolve();
      expect(ended).toHaveBeenLastCalledWith({
        flowRunId: failed.flowRunId,
        state: 'FAILED',
      });

      // A transaction that fails rolls the end back: nobody hears of it.
      const rolledBack = await claim();
      await expect(
        knex.transaction(async tx => {
          await broker.complete({ tx, lease: rolledBack, state: 'FAILED' });
          throw new Error('the report failed after the completion');
        }),
      ).rejects.toThrow('the report failed after the completion');
      await Promise.resolve();
      expect(ended).toHaveBeenCalledTimes(2);

      // The rolled-back run is still RUNNING: its lease expires with the crashing one's,
      // and only the CRASHED end is an end.
      const crashing = await claim(1);
      clock.advance({ seconds: 31 });
      await broker.expireLeases();
      expect(ended.mock.calls.slice(2)).toEqual([
        [{ flowRunId: crashing.flowRunId, state: 'CRASHED' }],
      ]);
      expect(failing).toHaveBeenCalledTimes(1);
    });

    it('sweeps on the scheduler, on one replica at a time, and logs a failed sweep', async () => {
      const { broker, knex, clock, flowRuns, logger } = await createBroker();
      const scheduler = mockServices.scheduler();
      await broker.scheduleLeaseSweep({ scheduler });
      await expect(scheduler.getScheduledTasks()).resolves.toEqual([
        expect.objectContaining({
          id: 'styrmin-flow-run-lease-sweep',
          scope: 'global',
        }),
      ]);
      const run = await broker.dispatch({
        pool: 'server',
        flowName: 'RUN_JOB',
      });
      await flowRuns.claim({ pool: 'server', owner: 'w1', leaseSeconds: 30 });
      clock.advance({ seconds: 30 });

      await scheduler.triggerTask('styrmin-flow-run-lease-sweep');

      await expect(
        flowRuns.getFlowRun({ flowRunId: run.id }),
      ).resolves.toMatchObject({
        state: 'SCHEDULED',
      });
      // Renamed, not dropped: every table that references the runs, on down to backups,
      // would have to go first.
      await knex.schema.renameTable(
        'styrmin_flow_runs',
        'styrmin_flow_runs_gone',
      );
      await scheduler.triggerTask('styrmin-flow-run-lease-sweep');
      expect(logger.error).toHaveBeenCalledWith(
        'Failed to expire flow run leases',
        // Not expect.any(Error): better-sqlite3's errors come from another realm.
        expect.objectContaining({
          message: expect.stringContaining('styrmin_flow_runs'),
        }),
      );
    });
  });
});
