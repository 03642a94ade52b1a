import { mockServices } from '@backstage/backend-test-utils';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import {
  computeTaskResult,
  OUTPUT_TAIL_MAX_LINES,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { countQueries } from '../__testUtils__/countQueries';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  D1,
  D2,
  D3,
  insertTestDeployments,
  testId,
} from '../__testUtils__/testDeployments';
import { ManualClock } from '../__testUtils__/ManualClock';
import { testSecretBox } from '../__testUtils__/secretBox';
import { DatabaseFlowRunStore } from '../flows/DatabaseFlowRunStore';
import { FlowRunLease } from '../flows/FlowRunStore';
import { DatabaseTaskStore } from './DatabaseTaskStore';
import { remainingSteps } from './remainingSteps';

jest.setTimeout(60_000);

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('DatabaseTaskStore', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function createStores() {
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

      /** A task of a SCHEDULED run in a pool of its own, as the remediator records it. */
      async function createTask(
        stepNames: string[],
        type: TaskType = 'create_instance',
      ) {
        const run = await flowRuns.createFlowRun({
          pool: 'cluster:c1',
          flowName: 'CREATE_INSTANCE',
        });
        return tasks.createTask({
          type,
          deploymentId: D1,
          flowRunId: run.id,
          createdBy: 'user:default/ada',
          stepNames,
        });
      }

      /** Claims the (only) SCHEDULED run as `owner`. */
      async function claim(owner = 'agent-1'): Promise<FlowRunLease> {
        const run = (await flowRuns.claim({
          pool: 'cluster:c1',
          owner,
          leaseSeconds: 30,
        }))!;
        return { flowRunId: run.id, owner, attempt: run.attempts };
      }

      return { knex, clock, flowRuns, tasks, createTask, claim };
    }

    it('records a task with its planned steps, its status read from its flow run', async () => {
      const { tasks, clock, createTask, claim, flowRuns } =
        await createStores();

      const task = await createTask(['Run the setup pre-hook', 'Apply']);

      expect(task).toEqual({
        id: expect.any(String),
        type: 'create_instance',
        environmentId: testId(2),
        deploymentId: D1,
        flowRunId: expect.any(String),
        createdBy: 'user:default/ada',
        createdAt: clock.now(),
        status: 'SCHEDULED',
        steps: ['Run the setup pre-hook', 'Apply'].map((name, position) => ({
          id: expect.any(String),
          taskId: task.id,
          position,
          name,
          status: 'PENDING',
          attempts: 0,
          errors: [],
          startedTaskIds: [],
          lines: [],
        })),
      });
      await expect(tasks.getTask({ taskId: task.id })).resolves.toEqual(task);
      await expect(
        tasks.getTaskOfFlowRun({ flowRunId: task.flowRunId }),
      ).resolves.toEqual(task);
      await expect(tasks.getTask({ taskId: UNKNOWN_ID })).resolves.toBe(
        undefined,
      );

      const lease = await claim();
      await expect(tasks.getTask({ taskId: task.id })).resolves.toMatchObject({
        status: 'RUNNING',
      });
      await flowRuns.complete({ lease, state: 'SUCCEEDED' });
      await expect(tasks.getTask({ taskId: task.id })).resolves.toMatchObject({
        status: 'SUCCEEDED',
      });
    });

    it('refuses a step without a name and an unknown task type', async () => {
      const { createTask } = await createStores();

      await expect(createTask(['Apply', ' '])).rejects.toThrow(InputError);
      await expect(createTask(['Apply'], 'backup' as TaskType)).rejects.toThrow(
        'Invalid task type "backup"',
      );
    });

    it('writes the flow run, the task and its steps in the caller’s transaction', async () => {
      const { knex, flowRuns, tasks } = await createStores();

      const trx = await knex.transaction();
      const run = await flowRuns.createFlowRun({
        tx: trx,
        pool: 'cluster:c1',
        flowName: 'DELETE',
      });
      const task = await tasks.createTask({
        tx: trx,
        type: 'delete_deployment',
        deploymentId: D1,
        flowRunId: run.id,
        createdBy: 'user:default/ada',
        stepNames: ['Delete the StyrminDeployment resource'],
      });
      await trx.rollback();

      await expect(tasks.getTask({ taskId: task.id })).resolves.toBe(undefined);
      await expect(flowRuns.getFlowRun({ flowRunId: run.id })).resolves.toBe(
        undefined,
      );
      await expect(knex('styrmin_steps')).resolves.toEqual([]);
    });

    it('records steps under the lease: start, succeed, fail with the end of the output', async () => {
      const { tasks, clock, createTask, claim } = await createStores();
      const task = await createTask(['Prepare', 'Run the upgrade pre-hook']);
      const [prepare, hook] = task.steps;
      const lease = await claim();

      clock.advance({ seconds: 1 });
      const prepareStart = clock.now();
      await tasks.startStep({ stepId: prepare.id, lease });
      clock.advance({ seconds: 1 });
      await tasks.succeedStep({ stepId: prepare.id, lease });
      await tasks.startStep({ stepId: hook.id, lease });
      clock.advance({ seconds: 1 });
      const output = Array.from(
        { length: OUTPUT_TAIL_MAX_LINES + 50 },
        (_, i) => `migration ${i}`,
      ).join('\n');
      await tasks.failStep({
        stepId: hook.id,
        lease,
        message: 'Job infrahub-job failed',
        output,
      });

      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps[0]).toEqual({
        ...prepare,
        status: 'SUCCEEDED',
        attempts: 1,
        startedAt: prepareStart,
        endedAt: new Date(prepareStart.getTime() + 1000),
      });
      expect(steps[1]).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        endedAt: clock.now(),
        errors: [
          {
            attempt: 1,
            message: 'Job infrahub-job failed',
            outputTail: output.split('\n').slice(50).join('\n'),
            occurredAt: clock.now(),
          },
        ],
      });
    });

    it('refuses step reports from whoever does not hold the lease, and changes nothing', async () => {
      const { tasks, createTask, claim } = await createStores();
      const task = await createTask(['Apply']);
      const [apply] = task.steps;
      const lease = await claim();
      const other = await createTask(['Other']);

      const refused: Array<[FlowRunLease, RegExp]> = [
        [{ ...lease, owner: 'agent-2' }, /not leased to agent-2/],
        [{ ...lease, attempt: 2 }, /not leased to agent-1 for attempt 2/],
        // The lease on another run says nothing about this task's steps.
        [
          { ...lease, flowRunId: other.flowRunId },
          /not leased to agent-1 for attempt 1 \(the lease names flow run/,
        ],
      ];
      for (const [wrongLease, message] of refused) {
        const promise = tasks.startStep({
          stepId: apply.id,
          lease: wrongLease,
        });
        await expect(promise).rejects.toThrow(ConflictError);
        await expect(promise).rejects.toThrow(message);
      }
      await expect(
        tasks.startStep({ stepId: UNKNOWN_ID, lease }),
      ).rejects.toThrow(NotFoundError);
      await expect(
        tasks.succeedStep({ stepId: apply.id, lease }),
      ).rejects.toThrow(
        `Cannot succeed step ${apply.id} ("Apply"): it is PENDING`,
      );

      await tasks.startStep({ stepId: apply.id, lease });
      await expect(
        tasks.failStep({
          stepId: apply.id,
          lease: { ...lease, owner: 'agent-2' },
          message: 'late',
        }),
      ).rejects.toThrow(ConflictError);
      await expect(
        tasks.startStep({ stepId: apply.id, lease }),
      ).rejects.toThrow('it is RUNNING');
      await expect(tasks.getTask({ taskId: task.id })).resolves.toMatchObject({
        steps: [{ status: 'RUNNING', attempts: 1, errors: [] }],
      });
    });

    it('never starts a step that SUCCEEDED again, and runs the rest on a retry', async () => {
      const { tasks, flowRuns, clock, createTask, claim } =
        await createStores();
      const task = await createTask(['Prepare', 'Apply', 'Verify']);
      const [prepare, apply] = task.steps;
      const first = await claim('agent-1');
      await tasks.startStep({ stepId: prepare.id, lease: first });
      await tasks.succeedStep({ stepId: prepare.id, lease: first });
      await tasks.startStep({ stepId: apply.id, lease: first });

      // agent-1 dies; the sweep (FlowRunBroker.expireLeases) ends its lease and its step.
      clock.advance({ seconds: 31 });
      const [expired] = await flowRuns.expireLeases();
      await expect(
        tasks.failRunningSteps({
          flowRunId: task.flowRunId,
          message: expired.reason,
        }),
      ).resolves.toBe(1);
      const second = await claim('agent-2');

      const retried = (await tasks.getTaskOfFlowRun({
        flowRunId: task.flowRunId,
      }))!;
      expect(remainingSteps(retried).map(step => step.name)).toEqual([
        'Apply',
        'Verify',
      ]);
      await expect(
        tasks.startStep({ stepId: prepare.id, lease: second }),
      ).rejects.toThrow(
        `Cannot start step ${prepare.id} ("Prepare"): it SUCCEEDED, and a step that succeeded never runs again`,
      );
      await tasks.startStep({ stepId: apply.id, lease: second });
      await tasks.succeedStep({ stepId: apply.id, lease: second });

      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps.map(({ status, attempts }) => [status, attempts])).toEqual([
        ['SUCCEEDED', 1],
        ['SUCCEEDED', 2],
        ['PENDING', 0],
      ]);
      expect(steps[1].errors).toEqual([
        {
          attempt: 1,
          message: expired.reason,
          occurredAt: clock.now(),
        },
      ]);
    });

    it('records a failure outside the steps on the step that would have run next', async () => {
      const { tasks, createTask, claim } = await createStores();
      const task = await createTask(['Prepare', 'Apply', 'Verify']);
      const [prepare] = task.steps;
      const lease = await claim();
      await tasks.startStep({ stepId: prepare.id, lease });
      await tasks.succeedStep({ stepId: prepare.id, lease });

      await expect(
        tasks.failNextStep({
          flowRunId: task.flowRunId,
          message: 'no implementation',
        }),
      ).resolves.toBe(true);
      // Once a step failed, the steps behind it wait: nothing more to fail.
      await expect(
        tasks.failNextStep({ flowRunId: task.flowRunId, message: 'again' }),
      ).resolves.toBe(false);

      const { steps } = (await tasks.getTask({ taskId: task.id }))!;
      expect(steps.map(s => [s.status, s.attempts, s.errors])).toEqual([
        ['SUCCEEDED', 1, []],
        [
          'FAILED',
          1,
          [
            expect.objectContaining({
              attempt: 1,
              message: 'no implementation',
            }),
          ],
        ],
        ['PENDING', 0, []],
      ]);

      // A RUNNING step fails with the attempt it was running.
      const running = await createTask(['Apply']);
      const runningLease = await claim();
      await tasks.startStep({
        stepId: running.steps[0].id,
        lease: runningLease,
      });
      const other = await createTask(['Elsewhere']);
      await tasks.failNextStep({
        flowRunId: running.flowRunId,
        message: 'crashed',
      });
      await expect(
        tasks.getTask({ taskId: running.id }),
      ).resolves.toMatchObject({
        steps: [
          {
            status: 'FAILED',
            attempts: 1,
            errors: [{ attempt: 1, message: 'crashed' }],
          },
        ],
      });
      await expect(tasks.getTask({ taskId: other.id })).resolves.toMatchObject({
        steps: [{ status: 'PENDING' }],
      });
    });

    it('links the tasks a step started, once each', async () => {
      const { tasks, clock, createTask } = await createStores();
      const upgrade = await createTask(['Run the upgrade pre-hook', 'Apply']);
      const [hook, apply] = upgrade.steps;
      clock.advance({ seconds: 1 });
      const stop = await createTask(['Stop components'], 'stop_components');
      clock.advance({ seconds: 1 });
      const start = await createTask(['Start components'], 'start_components');

      await tasks.linkStartedTask({ stepId: hook.id, startedTaskId: stop.id });
      await tasks.linkStartedTask({ stepId: hook.id, startedTaskId: start.id });
      await tasks.linkStartedTask({ stepId: hook.id, startedTaskId: stop.id });

      await expect(
        tasks.getTask({ taskId: upgrade.id }),
      ).resolves.toMatchObject({
        steps: [
          {
            name: 'Run the upgrade pre-hook',
            startedTaskIds: [stop.id, start.id],
          },
          { name: 'Apply', startedTaskIds: [] },
        ],
      });
      await expect(
        tasks.linkStartedTask({ stepId: apply.id, startedTaskId: stop.id }),
      ).rejects.toThrow(`Task ${stop.id} was started by step ${hook.id}`);
      await expect(
        tasks.linkStartedTask({ stepId: UNKNOWN_ID, startedTaskId: stop.id }),
      ).rejects.toThrow(NotFoundError);
      await expect(
        tasks.linkStartedTask({ stepId: hook.id, startedTaskId: UNKNOWN_ID }),
      ).rejects.toThrow(NotFoundError);
    });

    it('reads many tasks with their steps, step errors, links and lines in two queries', async () => {
      const { knex, tasks, clock, createTask, claim } = await createStores();
      const upgrade = await createTask(['Run the upgrade pre-hook', 'Apply']);
      const [hook, apply] = upgrade.steps;
      clock.advance({ seconds: 1 });
      const stop = await createTask(['Stop components'], 'stop_components');
      clock.advance({ seconds: 1 });
      const start = await createTask(['Start components'], 'start_components');
      // Linked newest first: the links read in the order the tasks were created.
      await tasks.linkStartedTask({ stepId: hook.id, startedTaskId: start.id });
      await tasks.linkStartedTask({ stepId: hook.id, startedTaskId: stop.id });
      const lease = await claim();
      for (const attempt of [1, 2]) {
        await tasks.startStep({ stepId: hook.id, lease });
        await tasks.recordStepLines({
          stepId: hook.id,
          lines: [`attempt ${attempt}`, 'pre-hook failed'],
        });
        await tasks.failStep({
          stepId: hook.id,
          lease,
          message: `failure ${attempt}`,
        });
        clock.advance({ seconds: 1 });
      }

      const { queries, result } = await countQueries(knex, () =>
        tasks.getTasks({ taskIds: [start.id, upgrade.id, stop.id] }),
      );

      expect(queries).toBe(2);
      expect(result.map(task => task.id)).toEqual([
        upgrade.id,
        stop.id,
        start.id,
      ]);
      expect(result[0].steps).toEqual([
        expect.objectContaining({
          id: hook.id,
          status: 'FAILED',
          attempts: 2,
          startedTaskIds: [stop.id, start.id],
          lines: ['attempt 2', 'pre-hook failed'],
          errors: [
            expect.objectContaining({ attempt: 1, message: 'failure 1' }),
            expect.objectContaining({ attempt: 2, message: 'failure 2' }),
          ],
        }),
        expect.objectContaining({
          id: apply.id,
          startedTaskIds: [],
          lines: [],
          errors: [],
        }),
      ]);
      expect(result[0].steps[0].errors[1].occurredAt).toEqual(
        new Date(clock.now().getTime() - 1000),
      );
      expect(result[1].steps).toEqual([
        expect.objectContaining({ name: 'Stop components', errors: [] }),
      ]);
    });

    it('supersedes the steps that had not ended, with the superseding task', async () => {
      const { tasks, createTask, claim, clock } = await createStores();
      const older = await createTask([
        'Prepare',
        'Install or upgrade the HelmRelease',
        'Run the setup post-hook',
      ]);
      const [prepare, install] = older.steps;
      const lease = await claim();
      await tasks.startStep({ stepId: prepare.id, lease });
      await tasks.succeedStep({ stepId: prepare.id, lease });
      await tasks.startStep({ stepId: install.id, lease });
      const newer = await createTask(['Apply'], 'update_instance');
      clock.advance({ seconds: 5 });

      await expect(
        tasks.supersedeSteps({
          taskId: older.id,
          supersededByTaskId: newer.id,
        }),
      ).resolves.toBe(2);

      const { steps } = (await tasks.getTask({ taskId: older.id }))!;
      expect(
        steps.map(s => [s.status, s.supersededByTaskId, s.endedAt]),
      ).toEqual([
        ['SUCCEEDED', undefined, expect.any(Date)],
        ['SUPERSEDED', newer.id, clock.now()],
        ['SUPERSEDED', newer.id, clock.now()],
      ]);
      await expect(
        tasks.succeedStep({ stepId: install.id, lease }),
      ).rejects.toThrow('it is SUPERSEDED');
      await expect(
        tasks.supersedeSteps({
          taskId: newer.id,
          supersededByTaskId: newer.id,
        }),
      ).rejects.toThrow(InputError);
    });

    it('reads the task graph at any depth for the task result', async () => {
      const { tasks, flowRuns, createTask, claim } = await createStores();
      // root → a → b → c, each started by the first step of the one above.
      const chain = [];
      for (const type of [
        'upgrade_instance',
        'stop_components',
        'run_job',
        'start_components',
      ] as const) {
        const task = await createTask(['Run the hook'], type);
        const lease = await claim();
        await tasks.startStep({ stepId: task.steps[0].id, lease });
        await tasks.succeedStep({ stepId: task.steps[0].id, lease });
        chain.push({ task, lease });
      }
      const [root, a, b, c] = chain;
      for (const [parent, child] of [
        [root, a],
        [a, b],
        [b, c],
      ]) {
        await tasks.linkStartedTask({
          stepId: parent.task.steps[0].id,
          startedTaskId: child.task.id,
        });
      }
      // A link back up is impossible in practice; the walk still ends.
      await tasks.linkStartedTask({
        stepId: c.task.steps[0].id,
        startedTaskId: root.task.id,
      });
      const unrelated = await createTask(['Other']);

      const graph = (await tasks.getTaskGraph({ taskId: root.task.id }))!;
      expect(graph.taskId).toBe(root.task.id);
      expect(graph.tasks.map(t => t.id).sort()).toEqual(
        [root, a, b, c].map(({ task }) => task.id).sort(),
      );
      expect(graph.tasks.map(t => t.id)).not.toContain(unrelated.id);
      expect(computeTaskResult(graph)).toBe('RUNNING');

      await flowRuns.complete({ lease: root.lease, state: 'SUCCEEDED' });
      await flowRuns.complete({ lease: a.lease, state: 'SUCCEEDED' });
      await flowRuns.complete({ lease: b.lease, state: 'SUCCEEDED' });
      await flowRuns.complete({
        lease: c.lease,
        state: 'FAILED',
        reason: 'boom',
      });
      expect(
        computeTaskResult(
          (await tasks.getTaskGraph({ taskId: root.task.id }))!,
        ),
      ).toBe('FAILED');
      await expect(tasks.getTaskGraph({ taskId: UNKNOWN_ID })).resolves.toBe(
        undefined,
      );
    });

    it('starts and ends exactly the step attempt that a report names', async () => {
      const { tasks, createTask, claim } = await createStores();
      const task = await createTask(['One']);
      const lease = await claim();
      const [step] = task.steps;

      // Attempt 2 cannot start before attempt 1.
      await expect(
        tasks.startStep({ stepId: step.id, lease, stepAttempt: 2 }),
      ).rejects.toThrow(ConflictError);
      await tasks.startStep({ stepId: step.id, lease, stepAttempt: 1 });
      await expect(
        tasks.succeedStep({ stepId: step.id, lease, stepAttempt: 2 }),
      ).rejects.toThrow('it is RUNNING at attempt 1');
      await tasks.failStep({
        stepId: step.id,
        lease,
        stepAttempt: 1,
        message: 'first',
      });
      // A replayed start of attempt 1 changes nothing; attempt 2 starts.
      await expect(
        tasks.startStep({ stepId: step.id, lease, stepAttempt: 1 }),
      ).rejects.toThrow(ConflictError);
      await tasks.startStep({ stepId: step.id, lease, stepAttempt: 2 });
      await tasks.succeedStep({ stepId: step.id, lease, stepAttempt: 2 });

      await expect(tasks.getStep({ stepId: step.id })).resolves.toMatchObject({
        id: step.id,
        taskId: task.id,
        status: 'SUCCEEDED',
        attempts: 2,
        errors: [{ attempt: 1, message: 'first' }],
      });
      await expect(tasks.getStep({ stepId: UNKNOWN_ID })).resolves.toBe(
        undefined,
      );
      await expect(tasks.getStep({ stepId: 'nope' })).resolves.toBe(undefined);
    });

    it('pages the tasks of deployments newest first, and finds the newest task of each', async () => {
      const { tasks, flowRuns, clock } = await createStores();
      const created: Record<string, string[]> = { [D1]: [], [D2]: [] };
      for (let i = 0; i < 5; i++) {
        for (const deploymentId of [D1, D2]) {
          const run = await flowRuns.createFlowRun({
            pool: 'cluster:c1',
            flowName: 'UPDATE_INSTANCE',
          });
          const task = await tasks.createTask({
            type: 'update_instance',
            deploymentId,
            flowRunId: run.id,
            createdBy: 'user:default/ada',
            stepNames: ['One'],
          });
          created[deploymentId].unshift(task.id);
        }
        clock.advance({ seconds: 1 });
      }

      const first = await tasks.listTaskPage({
        deploymentIds: [D1],
        limit: 2,
      });
      expect(first.tasks.map(t => t.id)).toEqual(created[D1].slice(0, 2));
      expect(first.hasNextPage).toBe(true);
      const last = first.tasks[1];
      const rest = await tasks.listTaskPage({
        deploymentIds: [D1],
        limit: 10,
        after: { createdAt: last.createdAt.getTime(), id: last.id },
      });
      expect(rest.tasks.map(t => t.id)).toEqual(created[D1].slice(2));
      expect(rest.hasNextPage).toBe(false);
      const both = await tasks.listTaskPage({
        deploymentIds: [D1, D2],
        limit: 10,
      });
      expect(both.tasks).toHaveLength(10);
      expect(both.tasks.map(t => t.createdAt.getTime())).toEqual(
        [...both.tasks.map(t => t.createdAt.getTime())].sort((a, b) => b - a),
      );

      const newest = await tasks.getNewestTasks({
        deploymentIds: [D1, D2, D3],
      });
      expect(newest.map(t => t.id).sort()).toEqual(
        [created[D1][0], created[D2][0]].sort(),
      );
      await expect(
        tasks.getNewestTasks({ deploymentIds: [] }),
      ).resolves.toEqual([]);
    });

    it('finds the newest task by the order of creation, not the clock, and leaves out started tasks', async () => {
      const { tasks, flowRuns } = await createStores();
      // The clock stands still: every task has the same createdAt.
      const create = async (options: { startKey?: string } = {}) =>
        tasks.createTask({
          type: 'stop_components',
          deploymentId: D1,
          flowRunId: (
            await flowRuns.createFlowRun({
              pool: 'cluster:c1',
              flowName: 'STOP_COMPONENTS',
            })
          ).id,
          createdBy: 'user:default/ada',
          stepNames: ['Stop the components'],
          ...options,
        });
      const created = [];
      for (let i = 0; i < 6; i++) {
        created.push(await create());
        const [newest] = await tasks.getNewestTasks({ deploymentIds: [D1] });
        expect(newest.id).toBe(created[i].id);
      }
      await expect(tasks.listTasks({ deploymentId: D1 })).resolves.toEqual(
        created.map(task => expect.objectContaining({ id: task.id })),
      );

      // A task that a step started belongs to that step's task: it is never the newest.
      const hook = created[5];
      const started = await create({ startKey: 'run/1/step/1/0' });
      await tasks.linkStartedTask({
        stepId: hook.steps[0].id,
        startedTaskId: started.id,
      });
      const [newest] = await tasks.getNewestTasks({ deploymentIds: [D1] });
      expect(newest.id).toBe(hook.id);
      // Its tree is the hook's task's, at any depth; a task no step started is its own.
      const nested = await create({ startKey: 'run/2/step/1/0' });
      await tasks.linkStartedTask({
        stepId: started.steps[0].id,
        startedTaskId: nested.id,
      });
      for (const task of [hook, started, nested]) {
        await expect(
          tasks.getRootTask({ taskId: task.id }),
        ).resolves.toMatchObject({ id: hook.id });
      }
      await expect(tasks.getRootTask({ taskId: UNKNOWN_ID })).resolves.toBe(
        undefined,
      );
    });

    it('pages only the tasks that no step started with topLevel, and keeps a task’s cause', async () => {
      const { tasks, flowRuns, createTask } = await createStores();
      const hook = await createTask(['Run the upgrade pre-hook']);
      const cause = {
        kind: 'HOOK' as const,
        message: 'started by the upgrade pre-hook of dev/infrahub',
        causedBy: 'user:default/ada',
        record: {
          type: 'task' as const,
          id: hook.id,
          name: 'Run the upgrade pre-hook',
        },
      };
      const started = await tasks.createTask({
        type: hook.type,
        deploymentId: D1,
        createdBy: hook.createdBy,
        flowRunId: (
          await flowRuns.createFlowRun({
            pool: 'cluster:c1',
            flowName: 'STOP_COMPONENTS',
          })
        ).id,
        stepNames: ['Stop the components'],
        cause,
      });
      await tasks.linkStartedTask({
        stepId: hook.steps[0].id,
        startedTaskId: started.id,
      });
      expect(started.cause).toEqual(cause);
      await expect(
        tasks.getTask({ taskId: started.id }),
      ).resolves.toMatchObject({ cause });
      expect(hook).not.toHaveProperty('cause');

      const page = async (topLevel?: boolean) =>
        (
          await tasks.listTaskPage({ deploymentIds: [D1], limit: 10, topLevel })
        ).tasks.map(task => task.id);
      expect(await page()).toContain(started.id);
      const topLevel = await page(true);
      expect(topLevel).toContain(hook.id);
      expect(topLevel).not.toContain(started.id);
    });

    it("finds a started task by its start key, refuses a second one, and keeps a task's prompt answers", async () => {
      const { tasks, flowRuns } = await createStores();
      const create = async (options: object) =>
        tasks.createTask({
          type: 'upgrade_instance',
          deploymentId: D1,
          flowRunId: (
            await flowRuns.createFlowRun({
              pool: 'cluster:c1',
              flowName: 'UPGRADE_INSTANCE',
            })
          ).id,
          createdBy: 'user:default/ada',
          stepNames: ['One'],
          ...options,
        });
      const prompts = { 'run-migrations': { migration_timeout_minutes: 45 } };
      const task = await create({ startKey: 'k1', prompts });
      expect(task).toMatchObject({ startKey: 'k1', prompts });
      await expect(
        tasks.getTaskByStartKey({ startKey: 'k1' }),
      ).resolves.toEqual(task);
      await expect(
        tasks.getTaskByStartKey({ startKey: 'k2' }),
      ).resolves.toBeUndefined();
      await expect(create({ startKey: 'k1' })).rejects.toThrow(ConflictError);
      const plain = await create({ prompts: {} });
      expect(plain).not.toHaveProperty('prompts');
      expect(plain).not.toHaveProperty('startKey');
    });

    it('refuses a task of a deployment that does not exist', async () => {
      const { tasks, flowRuns } = await createStores();
      const run = await flowRuns.createFlowRun({
        pool: 'cluster:c1',
        flowName: 'DELETE',
      });
      await expect(
        tasks.createTask({
          type: 'delete_deployment',
          deploymentId: UNKNOWN_ID,
          flowRunId: run.id,
          createdBy: 'user:default/ada',
          stepNames: ['One'],
        }),
      ).rejects.toThrow();
    });

    it("records an environment task without a deployment, and pages it only among the environment's own tasks", async () => {
      const { tasks, flowRuns, createTask, clock } = await createStores();
      const ofDeployment = await createTask(['One']);
      clock.advance({ seconds: 1 });
      const run = await flowRuns.createFlowRun({
        pool: 'server',
        flowName: 'UPGRADE_ENVIRONMENT',
      });
      const environmentTask = await tasks.createTask({
        type: 'upgrade_environment',
        environmentId: testId(2),
        flowRunId: run.id,
        createdBy: 'user:default/ada',
        stepNames: ['Upgrade deployment-1 to 1.1.0'],
      });
      expect(environmentTask).toMatchObject({
        type: 'upgrade_environment',
        environmentId: testId(2),
        deploymentId: null,
      });
      await expect(
        tasks.getTask({ taskId: environmentTask.id }),
      ).resolves.toEqual(environmentTask);

      const page = async (environmentTasks?: boolean) =>
        (
          await tasks.listTaskPage({
            environmentId: testId(2),
            environmentTasks,
            limit: 10,
          })
        ).tasks.map(task => task.id);
      await expect(page()).resolves.toEqual([ofDeployment.id]);
      await expect(page(true)).resolves.toEqual([environmentTask.id]);
      await expect(
        tasks.getNewestTasks({ deploymentIds: [D1] }),
      ).resolves.toEqual([expect.objectContaining({ id: ofDeployment.id })]);

      // A deployment's task needs its deployment; the database holds the rule.
      const other = await flowRuns.createFlowRun({
        pool: 'server',
        flowName: 'UPDATE_INSTANCE',
      });
      await expect(
        tasks.createTask({
          type: 'update_instance',
          environmentId: testId(2),
          flowRunId: other.id,
          createdBy: 'user:default/ada',
          stepNames: ['One'],
        }),
      ).rejects.toThrow();
    });
  });
});
