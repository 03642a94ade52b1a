import { mockServices } from '@backstage/backend-test-utils';
import { computeTaskResult } from '@styrmin/plugin-styrmin-common';
import { TEST_USER } from '../__testUtils__/coreStores';
import { createTestDatabases } from '../__testUtils__/databases';
import { waitFor } from '../__testUtils__/waitFor';
import { FlowRegistry } from '../flows/FlowRegistry';
import { FlowRunWorker } from '../flows/FlowRunWorker';
import {
  expectRefusedWritingNothing,
  setupEnvironmentBackups,
} from './__testUtils__/environmentBackupSetup';
import { LinkedTasks } from './LinkedTasks';
import { upgradeEnvironmentFlow } from './upgradeEnvironmentFlow';

jest.setTimeout(60_000);

describe('EnvironmentUpgrades', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    /**
     * dev's two infrahubs at 1.0.0, RUNNING; the server pool's worker as the plugin runs
     * it (`worker(owner)`), and `agent`, which runs what the cluster's pool holds: each
     * run's steps, then its end (FAILED for the deployments named in `failing`; a backup
     * reported Completed).
     */
    async function setUp() {
      const setup = await setupEnvironmentBackups({ databases, databaseId });
      const { flowRuns, tasks, broker, cluster } = setup;
      const linkedTasks = LinkedTasks.create({ ...setup, pollIntervalMs: 10 });
      const flows = FlowRegistry.create({
        flows: [upgradeEnvironmentFlow({ ...setup, linkedTasks })],
      });
      const workers: FlowRunWorker[] = [];
      const worker = async (owner: string) => {
        const started = FlowRunWorker.create({
          ...setup,
          flows,
          owner,
          logger: mockServices.logger.mock(),
          scheduler: mockServices.scheduler(),
          stopGraceMs: 10,
        });
        workers.push(started);
        await started.start();
        await started.claimRuns();
        return started;
      };
      const failing = new Set<string>();
      const agent = async () => {
        for (;;) {
          const run = await flowRuns.claim({
            pool: cluster.workPool,
            owner: 'agent',
            leaseSeconds: 30,
          });
          if (!run) {
            return;
          }
          const lease = { flowRunId: run.id, owner: 'agent', attempt: 1 };
          const task = (await tasks.getTaskOfFlowRun({ flowRunId: run.id }))!;
          const fails = failing.has(task.deploymentId!);
          for (const step of task.steps) {
            await tasks.startStep({ stepId: step.id, lease });
            if (fails) {
              await tasks.failStep({ stepId: step.id, lease, message: 'no' });
              break;
            }
            await tasks.succeedStep({ stepId: step.id, lease });
          }
          if (run.flowName === 'CREATE_BACKUP' && !fails) {
            // What the agent reports of the Velero Backup it ran.
            await setup.report(String(run.parameters.backupId), 'Completed');
          }
          await flowRuns.complete({
            lease,
            state: fails ? 'FAILED' : 'SUCCEEDED',
            reason: fails ? 'it failed' : undefined,
          });
        }
      };
      /** The parent task, with its result, once it has ended (the agent running meanwhile). */
      const ended = (taskId: string) =>
        waitFor(
          async () => {
            await agent();
            const graph = await tasks.getTaskGraph({ taskId });
            const result = computeTaskResult(graph!);
            return (
              result !== 'RUNNING' && {
                result,
                task: (await tasks.getTask({ taskId }))!,
              }
            );
          },
          { timeoutMs: 30_000, description: `task ${taskId} to end` },
        );
      const upgradeTasksOf = async (deploymentId: string) =>
        (await tasks.listTasks({ deploymentId })).filter(
          t => t.type === 'upgrade_instance',
        );
      return {
        ...setup,
        broker,
        worker,
        workers,
        agent,
        failing,
        ended,
        upgradeTasksOf,
        stopAll: () => Promise.all(workers.map(w => w.stop())),
      };
    }

    it('plans every deployment with a newer version, and refuses a plan with problems writing nothing', async () => {
      const setup = await setUp();
      const { environmentUpgrades, dev, infrahub } = setup;

      const plan = await environmentUpgrades.plan({ environmentId: dev.id });
      expect(
        plan.upgrades.map(u => [u.position, u.deployment.name, u.toVersion]),
      ).toEqual([
        [1, 'infrahub', '1.1.0'],
        [2, 'infrahub-2', '1.1.0'],
      ]);
      expect(plan.problems).toEqual([]);

      await expectRefusedWritingNothing(
        setup.knex,
        'VALIDATION_FAILED',
        () =>
          environmentUpgrades.upgrade({
            environmentId: dev.id,
            versions: [{ deploymentId: infrahub.id, driverVersion: '9.9.9' }],
            createdBy: TEST_USER,
          }),
        /infrahub: driver infrahub has no version 9.9.9 loaded/,
      );
    });

    it('backs up first, then upgrades one deployment after the other under one parent task whose result covers them', async () => {
      const setup = await setUp();
      const { environmentUpgrades, dev, infrahub, infrahub2, tasks } = setup;
      const { task } = await environmentUpgrades.upgrade({
        environmentId: dev.id,
        backupFirst: true,
        createdBy: TEST_USER,
      });
      expect(task).toMatchObject({
        type: 'upgrade_environment',
        environmentId: dev.id,
        deploymentId: null,
        steps: [
          { name: 'Back up the environment' },
          { name: 'Upgrade infrahub to 1.1.0' },
          { name: 'Upgrade infrahub-2 to 1.1.0' },
        ],
      });
      await setup.worker('worker-a');

      const { result, task: done } = await setup.ended(task.id);
      expect(result).toBe('SUCCEEDED');
      const [backUp, first, second] = done.steps;
      const linked = await tasks.getTasks({
        taskIds: backUp.startedTaskIds,
      });
      expect(linked.map(t => t.type)).toEqual([
        'create_backup',
        'create_backup',
      ]);
      expect(first.startedTaskIds).toEqual(
        (await setup.upgradeTasksOf(infrahub.id)).map(t => t.id),
      );
      expect(second.startedTaskIds).toEqual(
        (await setup.upgradeTasksOf(infrahub2.id)).map(t => t.id),
      );
      // The second upgrade started only after the first had ended.
      const [firstTask, secondTask] = await tasks.getTasks({
        taskIds: [...first.startedTaskIds, ...second.startedTaskIds],
      });
      expect(secondTask.createdAt >= firstTask.createdAt).toBe(true);
      await expect(
        setup.deployments.getDeployments({ ids: [infrahub.id, infrahub2.id] }),
      ).resolves.toEqual([
        expect.objectContaining({
          driver: { name: 'infrahub', version: '1.1.0' },
        }),
        expect.objectContaining({
          driver: { name: 'infrahub', version: '1.1.0' },
        }),
      ]);
      await setup.stopAll();
    });

    it('upgrades nothing when the environment backup it takes first does not complete', async () => {
      const setup = await setUp();
      const { environmentUpgrades, dev, infrahub, infrahub2 } = setup;
      setup.failing.add(infrahub.id);
      const { task } = await environmentUpgrades.upgrade({
        environmentId: dev.id,
        backupFirst: true,
        createdBy: TEST_USER,
      });
      await setup.worker('worker-a');

      const { result, task: done } = await setup.ended(task.id);
      expect(result).toBe('FAILED');
      expect(done.steps.map(s => s.status)).toEqual([
        'FAILED',
        'PENDING',
        'PENDING',
      ]);
      expect(done.steps[0].errors.at(-1)?.message).toMatch(
        /^The environment backup \S+ is \w+: infrahub \(no phase reported\): no deployment was upgraded$/,
      );
      await expect(setup.upgradeTasksOf(infrahub.id)).resolves.toEqual([]);
      await expect(setup.upgradeTasksOf(infrahub2.id)).resolves.toEqual([]);
      await setup.stopAll();
    });

    it('stops at a failed upgrade and says which ran and which did not', async () => {
      const setup = await setUp();
      const { environmentUpgrades, dev, infrahub, infrahub2 } = setup;
      setup.failing.add(infrahub.id);
      const { task } = await environmentUpgrades.upgrade({
        environmentId: dev.id,
        createdBy: TEST_USER,
      });
      await setup.worker('worker-a');

      const { result, task: done } = await setup.ended(task.id);
      expect(result).toBe('FAILED');
      expect(done.steps.map(s => s.status)).toEqual(['FAILED', 'PENDING']);
      expect(done.steps[0].errors.at(-1)?.message).toBe(
        `The upgrade of infrahub from 1.0.0 to 1.1.0 ended FAILED (task ${done.steps[0].startedTaskIds[0]}). ` +
          'Upgraded before it: none; not run: infrahub-2 (1.1.0)',
      );
      await expect(setup.upgradeTasksOf(infrahub2.id)).resolves.toEqual([]);
      await setup.stopAll();
    });

    it('finishes when the worker is killed mid-step and another claims the run, starting each upgrade once', async () => {
      const setup = await setUp();
      const { environmentUpgrades, dev, infrahub, infrahub2, tasks } = setup;
      const { task } = await environmentUpgrades.upgrade({
        environmentId: dev.id,
        createdBy: TEST_USER,
      });
      const first = await setup.worker('worker-a');
      // Killed while its first step waits for infrahub's upgrade, which it started.
      await waitFor(
        async () =>
          (await tasks.getTask({ taskId: task.id }))!.steps[0].startedTaskIds
            .length === 1,
      );
      await first.stop();
      await expect(
        setup.flowRuns.getFlowRun({ flowRunId: task.flowRunId }),
      ).resolves.toMatchObject({ state: 'RUNNING', leaseOwner: 'worker-a' });

      // Its lease runs out; the run is claimed again by a new worker over the same database.
      setup.clock.advance({ seconds: 31 });
      await setup.broker.expireLeases();
      await setup.worker('worker-b');

      const { result, task: done } = await setup.ended(task.id);
      expect(result).toBe('SUCCEEDED');
      await expect(
        setup.flowRuns.getFlowRun({ flowRunId: task.flowRunId }),
      ).resolves.toMatchObject({ state: 'SUCCEEDED', attempts: 2 });
      const upgrades = [
        await setup.upgradeTasksOf(infrahub.id),
        await setup.upgradeTasksOf(infrahub2.id),
      ];
      expect(upgrades.map(list => list.length)).toEqual([1, 1]);
      expect(done.steps.map(s => s.startedTaskIds)).toEqual(
        upgrades.map(list => list.map(t => t.id)),
      );
      await setup.stopAll();
    });
  });
});
