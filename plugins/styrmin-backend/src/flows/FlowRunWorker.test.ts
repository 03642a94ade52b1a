import { mockServices } from '@backstage/backend-test-utils';
import { createDeferred } from '@backstage/types';
import { computeTaskResult, FlowName } from '@styrmin/plugin-styrmin-common';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  D1,
  D2,
  insertTestDeployments,
} from '../__testUtils__/testDeployments';
import { ManualClock } from '../__testUtils__/ManualClock';
import { waitFor } from '../__testUtils__/waitFor';
import { testSecretBox } from '../__testUtils__/secretBox';
import { DatabaseTaskStore } from '../tasks/DatabaseTaskStore';
import { DatabaseFlowRunStore } from './DatabaseFlowRunStore';
import { Flow, FlowStepRun } from './Flow';
import { FlowRegistry } from './FlowRegistry';
import { FlowRunBroker } from './FlowRunBroker';
import { FlowRunWorker, FlowRunWorkerOptions } from './FlowRunWorker';
import { FlowStepError } from './FlowStepError';

jest.setTimeout(60_000);

const WORKER_TASK_ID = 'styrmin-flow-run-worker-server';

/**
 * The test flow: named steps that record each call as `<step>#<attempt>` and then do what
 * the test says (by default, succeed).
 */
function testFlow(
  behaviour: Record<string, (context: FlowStepRun) => Promise<void>> = {},
  name: FlowName = 'RUN_JOB',
) {
  const calls: string[] = [];
  const flow: Flow = {
    name,
    steps: ['Prepare', 'Apply', 'Verify'].map(stepName => ({
      name: stepName,
      async run(context) {
        calls.push(`${stepName}#${context.flowRun.attempts}`);
        await behaviour[stepName]?.(context);
      },
    })),
  };
  return { flow, calls };
}

/** Resolves when the run's signal aborts, then throws its reason, as a careful step does. */
async function untilAborted({ signal }: FlowStepRun): Promise<never> {
  await new Promise(resolve =>
    signal.addEventListener('abort', resolve, { once: true }),
  );
  throw signal.reason;
}

describe('FlowRunWorker', () => {
  const databases = createTestDatabases();
  const workers: FlowRunWorker[] = [];

  afterEach(async () => {
    await Promise.all(workers.splice(0).map(worker => worker.stop()));
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup(
      options: { flows: Flow[] } & Omit<Partial<FlowRunWorkerOptions>, 'flows'>,
    ) {
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
      // One logger for the worker and the children it makes for each run.
      logger.child.mockReturnValue(logger);
      const scheduler = mockServices.scheduler();
      const broker = await FlowRunBroker.create({
        database,
        flowRuns,
        tasks,
        logger,
      });
      const worker = FlowRunWorker.create({
        flowRuns,
        tasks,
        broker,
        logger,
        scheduler,
        owner: 'test-worker',
        ...options,
        flows: FlowRegistry.create({ flows: options.flows }),
      });
      workers.push(worker);

      /** What the remediator does: run, task and planned steps in one transaction. */
      async function dispatchTask({
        stepNames = ['Prepare', 'Apply', 'Verify'],
        flowName = 'RUN_JOB' as FlowName,
        deploymentId = D1,
      } = {}) {
        return knex.transaction(async tx => {
          const run = await broker.dispatch({ tx, pool: 'server', flowName });
          clock.advance({ seconds: 1 });
          return tasks.createTask({
            tx,
            type: 'run_job',
            deploymentId,
            flowRunId: run.id,
            createdBy: 'user:default/ada',
            stepNames,
          });
        });
      }

      async function runOf(task: { flowRunId: string }) {
        return (await flowRuns.getFlowRun({ flowRunId: task.flowRunId }))!;
      }

      /** Waits until the task's flow run ended, and returns it. */
      function ended(task: { flowRunId: string }) {
        return waitFor(
          async () => {
            const run = await runOf(task);
            return run.endedAt && run;
          },
          { description: `flow run ${task.flowRunId} to end` },
        );
      }

      async function resultOf(task: { id: string }) {
        return computeTaskResult(
          (await tasks.getTaskGraph({ taskId: task.id }))!,
        );
      }

      return {
        clock,
        flowRuns,
        tasks,
        logger,
        scheduler,
        broker,
        worker,
        dispatchTask,
        runOf,
        ended,
        resultOf,
      };
    }

    it('runs a dispatched run at once, step by step, to SUCCEEDED', async () => {
      const { flow, calls } = testFlow();
      const { worker, tasks, dispatchTask, ended, resultOf, logger, clock } =
        await setup({ flows: [flow] });
      await worker.start();

      const task = await dispatchTask();
      const run = await ended(task);

      expect(run).toMatchObject({
        state: 'SUCCEEDED',
        attempts: 1,
        endedAt: clock.now(),
      });
      expect(calls).toEqual(['Prepare#1', 'Apply#1', 'Verify#1']);
      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps.map(s => [s.name, s.status, s.attempts])).toEqual([
        ['Prepare', 'SUCCEEDED', 1],
        ['Apply', 'SUCCEEDED', 1],
        ['Verify', 'SUCCEEDED', 1],
      ]);
      await expect(resultOf(task)).resolves.toBe('SUCCEEDED');
      expect(logger.info).toHaveBeenCalledWith(
        `Claimed flow run ${run.id} (RUN_JOB, attempt 1 of 3)`,
      );
    });

    it('runs the steps a task plans one per record with the step that matches their names, and tells of each report', async () => {
      const calls: string[] = [];
      const flow: Flow = {
        name: 'RUN_JOB',
        steps: [
          {
            name: 'Upgrade <deployment>',
            matches: stepName => stepName.startsWith('Upgrade '),
            run: async context => {
              calls.push(context.step.name);
            },
          },
        ],
      };
      const onTaskChanged = jest.fn();
      const { worker, dispatchTask, ended } = await setup({
        flows: [flow],
        onTaskChanged,
      });
      await worker.start();

      const task = await dispatchTask({
        stepNames: ['Upgrade infrahub', 'Upgrade semaphore'],
      });
      await expect(ended(task)).resolves.toMatchObject({ state: 'SUCCEEDED' });
      expect(calls).toEqual(['Upgrade infrahub', 'Upgrade semaphore']);
      // Each step's start and end, then the run's end.
      expect(onTaskChanged).toHaveBeenCalledTimes(5);
      expect(onTaskChanged).toHaveBeenLastCalledWith(
        expect.objectContaining({ id: task.id }),
      );
    });

    it('ends the run FAILED at a failing step, with its error and the end of its output', async () => {
      const output = Array.from({ length: 250 }, (_, i) => `line ${i}`).join(
        '\n',
      );
      const { flow, calls } = testFlow({
        Apply: async () => {
          throw new FlowStepError('Job infrahub-job failed', { output });
        },
      });
      const { worker, tasks, dispatchTask, ended, resultOf } = await setup({
        flows: [flow],
      });
      await worker.start();

      const task = await dispatchTask();
      const run = await ended(task);

      expect(run).toMatchObject({
        state: 'FAILED',
        reason: 'Step "Apply" failed: Job infrahub-job failed',
      });
      expect(calls).toEqual(['Prepare#1', 'Apply#1']);
      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps.map(s => s.status)).toEqual([
        'SUCCEEDED',
        'FAILED',
        'PENDING',
      ]);
      expect(steps[1].errors).toEqual([
        expect.objectContaining({
          attempt: 1,
          message: 'Job infrahub-job failed',
          outputTail: output.split('\n').slice(50).join('\n'),
        }),
      ]);
      await expect(resultOf(task)).resolves.toBe('FAILED');
    });

    it('claims a run whose worker died again, and never repeats a step that SUCCEEDED', async () => {
      const { flow, calls } = testFlow();
      const { worker, flowRuns, tasks, broker, clock, dispatchTask, ended } =
        await setup({ flows: [flow] });
      const task = await dispatchTask();
      // Another replica claims the run, finishes Prepare, starts Apply, and dies.
      const dead = (await flowRuns.claim({
        pool: 'server',
        owner: 'dead-replica',
        leaseSeconds: 30,
      }))!;
      const lease = { flowRunId: dead.id, owner: 'dead-replica', attempt: 1 };
      const [prepare, apply] = task.steps;
      await tasks.startStep({ stepId: prepare.id, lease });
      await tasks.succeedStep({ stepId: prepare.id, lease });
      await tasks.startStep({ stepId: apply.id, lease });
      await worker.start();

      clock.advance({ seconds: 30 });
      const [expired] = await broker.expireLeases();
      const run = await ended(task);

      expect(run).toMatchObject({ state: 'SUCCEEDED', attempts: 2 });
      expect(calls).toEqual(['Apply#2', 'Verify#2']);
      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps.map(s => [s.status, s.attempts])).toEqual([
        ['SUCCEEDED', 1],
        ['SUCCEEDED', 2],
        ['SUCCEEDED', 1],
      ]);
      expect(steps[1].errors).toEqual([
        expect.objectContaining({ attempt: 1, message: expired.reason }),
      ]);
    });

    it('stops a run whose lease it lost, and finishes it on the next claim', async () => {
      const { flow, calls } = testFlow({
        Apply: async context => {
          if (context.flowRun.attempts === 1) {
            await untilAborted(context);
          }
        },
      });
      const {
        worker,
        flowRuns,
        tasks,
        broker,
        clock,
        dispatchTask,
        ended,
        logger,
      } = await setup({ flows: [flow], heartbeatSeconds: 0.02 });
      // The worker stalls: its heartbeats hang until the test lets them through.
      const stall = createDeferred();
      const heartbeat = flowRuns.heartbeat.bind(flowRuns);
      jest.spyOn(flowRuns, 'heartbeat').mockImplementation(async options => {
        await stall;
        return heartbeat(options);
      });
      await worker.start();
      const task = await dispatchTask();
      await waitFor(() => calls.includes('Apply#1'));

      // Past its lease, the sweep takes the run away; then the stalled heartbeat arrives.
      clock.advance({ seconds: 30 });
      await expect(broker.expireLeases()).resolves.toHaveLength(1);
      stall.resolve();
      const run = await ended(task);

      expect(run).toMatchObject({ state: 'SUCCEEDED', attempts: 2 });
      expect(calls).toEqual(['Prepare#1', 'Apply#1', 'Apply#2', 'Verify#2']);
      await waitFor(() =>
        logger.warn.mock.calls.some(([message]) =>
          message.startsWith(`Lost the lease of flow run ${run.id}`),
        ),
      );
      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps.map(s => [s.status, s.attempts, s.errors.length])).toEqual([
        ['SUCCEEDED', 1, 0],
        ['SUCCEEDED', 2, 1],
        ['SUCCEEDED', 1, 0],
      ]);
    });

    it('never runs more runs at once than its limit', async () => {
      const release = createDeferred();
      let running = 0;
      let mostRunning = 0;
      const { flow } = testFlow({
        Apply: async () => {
          running++;
          mostRunning = Math.max(mostRunning, running);
          await release;
          running--;
        },
      });
      const { worker, dispatchTask, ended, runOf } = await setup({
        flows: [flow],
        concurrency: 2,
      });
      await worker.start();

      const dispatched = [];
      for (let i = 0; i < 5; i++) {
        dispatched.push(await dispatchTask());
      }
      await waitFor(() => running === 2);
      const states = await Promise.all(
        dispatched.map(async task => (await runOf(task)).state),
      );
      expect(states.sort()).toEqual([
        'RUNNING',
        'RUNNING',
        'SCHEDULED',
        'SCHEDULED',
        'SCHEDULED',
      ]);

      release.resolve();
      for (const task of dispatched) {
        await expect(ended(task)).resolves.toMatchObject({
          state: 'SUCCEEDED',
        });
      }
      expect(mostRunning).toBe(2);
    });

    it('claims on the scheduler what was dispatched elsewhere', async () => {
      const { flow, calls } = testFlow();
      const { worker, scheduler, flowRuns, tasks, ended } = await setup({
        flows: [flow],
      });
      await worker.start();
      await expect(scheduler.getScheduledTasks()).resolves.toEqual([
        expect.objectContaining({ id: WORKER_TASK_ID, scope: 'local' }),
      ]);
      // Another replica's dispatch: no wake-up reaches this process.
      const run = await flowRuns.createFlowRun({
        pool: 'server',
        flowName: 'RUN_JOB',
      });
      const task = await tasks.createTask({
        type: 'run_job',
        deploymentId: D1,
        flowRunId: run.id,
        createdBy: 'user:default/ada',
        stepNames: ['Prepare'],
      });
      expect(calls).toEqual([]);

      await scheduler.triggerTask(WORKER_TASK_ID);

      await expect(ended(task)).resolves.toMatchObject({ state: 'SUCCEEDED' });
      expect(calls).toEqual(['Prepare#1']);
    });

    it('fails a run it cannot run, with the reason', async () => {
      const { flow } = testFlow();
      const { worker, broker, tasks, dispatchTask, ended, resultOf } =
        await setup({ flows: [flow] });
      await worker.start();

      const unknownFlow = await dispatchTask({
        stepNames: ['Prepare'],
        flowName: 'DELETE',
      });
      const unknownStep = await dispatchTask({
        stepNames: ['Prepare', 'Rollback'],
      });
      const withoutTask = await broker.dispatch({
        pool: 'server',
        flowName: 'RUN_JOB',
      });

      await expect(ended(unknownFlow)).resolves.toMatchObject({
        state: 'FAILED',
        reason: 'The server pool has no implementation of flow DELETE',
      });
      await expect(ended(unknownStep)).resolves.toMatchObject({
        state: 'FAILED',
        reason: 'Step "Rollback" failed: Flow RUN_JOB has no step "Rollback"',
      });
      await expect(ended({ flowRunId: withoutTask.id })).resolves.toMatchObject(
        {
          state: 'FAILED',
          reason: `Flow run ${withoutTask.id} has no task to record its steps on`,
        },
      );
      await expect(
        tasks.getTask({ taskId: unknownStep.id }),
      ).resolves.toMatchObject({
        steps: [
          { status: 'SUCCEEDED' },
          {
            status: 'FAILED',
            errors: [
              expect.objectContaining({
                message: 'Flow RUN_JOB has no step "Rollback"',
              }),
            ],
          },
        ],
      });
      await expect(resultOf(unknownFlow)).resolves.toBe('FAILED');
    });

    it('logs what fails around the runs and keeps going', async () => {
      const { flow, calls } = testFlow();
      const {
        worker,
        flowRuns,
        dispatchTask,
        ended,
        runOf,
        logger,
        clock,
        broker,
      } = await setup({ flows: [flow] });
      const claimFailure = new Error('database went away');
      const completeFailure = new Error('database went away again');
      jest.spyOn(flowRuns, 'claim').mockRejectedValueOnce(claimFailure);
      jest.spyOn(flowRuns, 'complete').mockRejectedValueOnce(completeFailure);

      const task = await dispatchTask();
      await worker.claimRuns();
      expect(logger.error).toHaveBeenCalledWith(
        'Failed to claim a flow run',
        claimFailure,
      );

      await worker.start();
      await worker.claimRuns();
      await waitFor(() =>
        logger.error.mock.calls.some(([, error]) => error === completeFailure),
      );
      expect(calls).toEqual(['Prepare#1', 'Apply#1', 'Verify#1']);
      await expect(runOf(task)).resolves.toMatchObject({ state: 'RUNNING' });

      // The lease runs out; the next attempt has nothing left to run but the end.
      clock.advance({ seconds: 30 });
      await broker.expireLeases();
      await expect(ended(task)).resolves.toMatchObject({
        state: 'SUCCEEDED',
        attempts: 2,
      });
      expect(calls).toEqual(['Prepare#1', 'Apply#1', 'Verify#1']);
    });

    it('stops claiming on stop, lets runs finish within the grace, and aborts the rest', async () => {
      const finishApply = createDeferred();
      const { flow, calls } = testFlow({
        Apply: async context => {
          if (context.task.deploymentId === D1) {
            await finishApply;
          } else {
            await untilAborted(context);
          }
        },
      });
      const { worker, tasks, flowRuns, dispatchTask, runOf } = await setup({
        flows: [flow],
        stopGraceMs: 1000,
      });
      await worker.start();
      const finishing = await dispatchTask();
      const hanging = await dispatchTask({ deploymentId: D2 });
      await waitFor(() => calls.filter(c => c === 'Apply#1').length === 2);

      const stopped = worker.stop();
      finishApply.resolve();
      await stopped;

      await expect(runOf(finishing)).resolves.toMatchObject({
        state: 'SUCCEEDED',
      });
      // Aborted: nothing more recorded; the lease will expire and another worker goes on.
      await expect(runOf(hanging)).resolves.toMatchObject({
        state: 'RUNNING',
        leaseOwner: 'test-worker',
      });
      await expect(
        tasks.getTask({ taskId: hanging.id }),
      ).resolves.toMatchObject({
        steps: [
          { status: 'SUCCEEDED' },
          { status: 'RUNNING' },
          { status: 'PENDING' },
        ],
      });
      const later = await dispatchTask();
      await worker.claimRuns();
      await expect(
        flowRuns.getFlowRun({ flowRunId: later.flowRunId }),
      ).resolves.toMatchObject({ state: 'SCHEDULED' });
    });
  });

  it('refuses settings that cannot work', () => {
    const options = {
      flowRuns: {} as any,
      tasks: {} as any,
      broker: {} as any,
      logger: mockServices.logger.mock(),
      scheduler: mockServices.scheduler(),
      flows: FlowRegistry.create({ flows: [] }),
    };
    expect(() => FlowRunWorker.create({ ...options, concurrency: 0 })).toThrow(
      'A flow run worker runs at least one run at a time; got concurrency 0',
    );
    expect(() =>
      FlowRunWorker.create({
        ...options,
        leaseSeconds: 10,
        heartbeatSeconds: 10,
      }),
    ).toThrow('Heartbeats must come more often than the lease runs out');
  });
});
