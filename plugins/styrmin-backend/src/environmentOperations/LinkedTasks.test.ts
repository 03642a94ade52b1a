import { mockServices } from '@backstage/backend-test-utils';
import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { setupReconciliation } from '../__testUtils__/reconciliation';
import { FlowStepRun } from '../flows/Flow';
import { LinkedTasks, LinkedTaskStart } from './LinkedTasks';

jest.setTimeout(60_000);

describe('LinkedTasks', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /** An environment task of dev with one step, as its flow's step sees it; infrahub in dev. */
    async function setUp() {
      const setup = await setupReconciliation({ databases, databaseId });
      const { deployment } = await setup.createInfrahub();
      const { task, flowRun } = await setup.knex.transaction(tx =>
        setup.remediator.recordEnvironmentTask({
          tx,
          environmentId: setup.dev.id,
          task: {
            flowName: 'UPGRADE_ENVIRONMENT',
            parameters: {},
            stepNames: ['Upgrade infrahub to 1.1.0'],
          },
          createdBy: TEST_USER,
        }),
      );
      const controller = new AbortController();
      const stepRun: FlowStepRun = {
        flowRun,
        task,
        step: task.steps[0],
        signal: controller.signal,
        logger: mockServices.logger.mock(),
      };
      const linkedTasks = LinkedTasks.create({ ...setup, pollIntervalMs: 5 });
      /** A run_job task of infrahub, started by the step; counts its calls. */
      const calls: string[] = [];
      const startJob: LinkedTaskStart<any> = async (tx, startedBy) => {
        calls.push(startedBy.startKey);
        const { task: started } = await setup.remediator.recordTask({
          tx,
          cluster: setup.cluster,
          deploymentId: deployment.id,
          task: { flowName: 'RUN_JOB', parameters: {}, stepNames: ['Run'] },
          createdBy: TEST_USER,
          startedBy,
        });
        return started;
      };
      return { ...setup, stepRun, controller, linkedTasks, calls, startJob };
    }

    it('starts a task under a key once, linked to the step, and finds it again', async () => {
      const { linkedTasks, stepRun, startJob, calls, tasks } = await setUp();

      const first = await linkedTasks.start(stepRun, 'job/infrahub', startJob);
      const again = await linkedTasks.start(stepRun, 'job/infrahub', startJob);

      expect(again.id).toBe(first.id);
      expect(calls).toEqual([
        `${stepRun.flowRun.id}/${stepRun.step.id}/job/infrahub`,
      ]);
      expect(first.startKey).toBe(calls[0]);
      await expect(
        tasks.getStep({ stepId: stepRun.step.id }),
      ).resolves.toMatchObject({ startedTaskIds: [first.id] });
    });

    it('starts several tasks under one key once, and finds those the step started under it', async () => {
      const { linkedTasks, stepRun, startJob, calls } = await setUp();
      const startTwo: LinkedTaskStart<any> = async (tx, startedBy) => [
        await startJob(tx, {
          ...startedBy,
          startKey: `${startedBy.startKey}/a`,
        }),
        await startJob(tx, {
          ...startedBy,
          startKey: `${startedBy.startKey}/b`,
        }),
      ];

      const first = await linkedTasks.startMany(stepRun, 'backup', startTwo);
      const again = await linkedTasks.startMany(stepRun, 'backup', startTwo);

      expect(again.map(t => t.id).sort()).toEqual(first.map(t => t.id).sort());
      expect(calls).toHaveLength(2);
      const other = await linkedTasks.startMany(stepRun, 'backup-2', startTwo);
      expect(other.map(t => t.id)).not.toContain(first[0].id);
    });

    it('waits until every task ended, with its result, and stops when the step is aborted', async () => {
      const setup = await setUp();
      const { linkedTasks, stepRun, startJob, flowRuns, tasks, cluster } =
        setup;
      const task = await linkedTasks.start(stepRun, 'job', startJob);

      const waiting = linkedTasks.waitFor(stepRun, [task.id]);
      // What the agent reports: the claim, its step failed, the run FAILED.
      await flowRuns.claim({
        pool: cluster.workPool,
        owner: 'agent',
        leaseSeconds: 30,
        flowRunId: task.flowRunId,
      });
      const lease = { flowRunId: task.flowRunId, owner: 'agent', attempt: 1 };
      const stepId = task.steps[0].id;
      await tasks.startStep({ stepId, lease });
      await tasks.failStep({ stepId, lease, message: 'it failed' });
      await flowRuns.complete({ lease, state: 'FAILED', reason: 'it failed' });
      await expect(waiting).resolves.toEqual([
        { task: expect.objectContaining({ id: task.id }), result: 'FAILED' },
      ]);

      const open = await linkedTasks.start(stepRun, 'job-2', startJob);
      const aborted = linkedTasks.waitFor(stepRun, [open.id]);
      setup.controller.abort(new Error('the worker is stopping'));
      await expect(aborted).rejects.toThrow();
    });
  });
});
