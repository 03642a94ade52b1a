import {
  AgentFlowRun,
  AgentProtocolClient,
  StyrminClient,
  TaskTree,
} from '@styrmin/sdk';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import {
  INFRAHUB_CONFIGURATION,
  SEMAPHORE_CONFIGURATION,
} from '../__testUtils__/reconciliation';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(180_000);

/** The sandbox's object store, as the embedded default registers it. */
const SANDBOX_STORE = {
  bucket: 'velero',
  region: 'minio',
  endpointUrl: 'http://127.0.0.1:9000',
  pathStyle: true,
  credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
};

const WORKER_POLL = 'styrmin-flow-run-worker-server';

/*
 * The environment restore and clone flows in the plugin (its server pool's worker), over
 * the API, with a scripted agent that plays every run of the cluster's pool to success
 * (a backup Completed as Velero would report it).
 */
describe('environment restore and clone flows', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0', 'semaphore/1.0.0'],
      });
    });

    afterAll(() => backend.stop());

    /**
     * Plays every run the agent can claim now, failing those `fails` picks at the step it
     * names; true when it played one.
     */
    async function playAll(
      agent: AgentProtocolClient,
      fails: (run: AgentFlowRun) => string | undefined = () => undefined,
    ): Promise<boolean> {
      let played = false;
      const { clock } = backend;
      for (;;) {
        const owner = `agent-${randomUUID()}`;
        const run = await agent.claim({ owner });
        if (!run) {
          return played;
        }
        played = true;
        const { backupId } = run.parameters as { backupId?: string };
        const failing = fails(run);
        await runScripted(agent, run, owner, {
          fail: failing ? { step: failing, error: 'it failed' } : undefined,
          onRun: () =>
            run.flow === 'CREATE_BACKUP' &&
            agent.reportBackupStatus({
              backupId: backupId!,
              phase: 'Completed',
              sizeBytes: 4096,
              observedAt: clock.now().toISOString(),
            }),
        });
      }
    }

    /** Plays the cluster's runs until the task's result is final; its tree then. */
    async function playUntilEnded(
      agent: AgentProtocolClient,
      taskId: string,
      client: StyrminClient = backend.styrmin,
      fails?: (run: AgentFlowRun) => string | undefined,
    ): Promise<TaskTree> {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const tree = (await client.taskTree(taskId))!;
        if (tree.result !== 'RUNNING') {
          return tree;
        }
        if (Date.now() > deadline) {
          throw new Error(`Task ${taskId} still runs: ${JSON.stringify(tree)}`);
        }
        if (!(await playAll(agent, fails))) {
          await sleep(100);
        }
      }
    }

    /** dev: infrahub and semaphore (connected to it) RUNNING, backing up to a location. */
    async function runningEnvironment() {
      const { styrmin } = backend;
      const suffix = randomUUID().slice(0, 8);
      const { cluster, agent, agentToken } = await backend.newCluster(suffix);
      const location = await styrmin.backupStorageLocations.create({
        name: `bsl-${suffix}`,
        ...SANDBOX_STORE,
      });
      const environment = await styrmin.createEnvironment({
        name: `dev-${suffix}`,
        cluster: cluster.id,
        backupStorageLocation: location.name,
      });
      const create = async (
        name: string,
        driver: string,
        configuration: object,
      ) => {
        const { deployment } = await styrmin.createDeployment({
          environment: environment.id,
          name,
          driver,
          driverVersion: '1.0.0',
          configuration,
        });
        await playAll(agent);
        return deployment;
      };
      const infrahub = await create(
        'infrahub',
        'infrahub',
        INFRAHUB_CONFIGURATION,
      );
      const semaphore = await create(
        'semaphore',
        'semaphore',
        SEMAPHORE_CONFIGURATION,
      );
      await playAll(agent);
      return {
        cluster,
        agent,
        agentToken,
        environment,
        infrahub,
        semaphore,
        suffix,
      };
    }

    /** An environment backup of the environment, its constituents Completed. */
    async function backedUp(agent: AgentProtocolClient, environmentId: string) {
      const started = await backend.styrmin.environmentBackups.create({
        environment: environmentId,
      });
      await playAll(agent);
      const ended = (await backend.styrmin.environmentBackups.get(started.id))!;
      expect(ended.status).toBe('COMPLETED');
      return ended;
    }

    const deploymentsOf = async (environment: string) =>
      (await backend.styrmin.environmentWithDeployments({
        name: environment,
      }))!.deployments
        .map(d => ({ name: d.name, id: d.id, state: d.state }))
        .sort((a, b) => a.name.localeCompare(b.name));

    it("restores what it can: infrahub's declared state put back and restored in place, semaphore reported with its name and reason, no deployment created or deleted", async () => {
      const { styrmin } = backend;
      const { agent, environment, infrahub } = await runningEnvironment();
      const environmentBackup = await backedUp(agent, environment.id);
      await styrmin.backups.delete(
        environmentBackup.constituents[1].backup!.id,
      );
      await playAll(agent);
      // A change since the backup, which the restore puts back.
      await styrmin.editDeployment({
        id: infrahub.id,
        configuration: { parameters: { admin_password: 'changed since then' } },
      });
      await playAll(agent);
      const before = await deploymentsOf(environment.name);

      const { task } = await styrmin.restoreEnvironment({
        environmentBackup: environmentBackup.id,
      });
      const tree = await playUntilEnded(agent, task.id);

      expect(tree.result).toBe('FAILED');
      expect(
        tree.steps.map(step => [
          step.name,
          step.status,
          step.startedTasks.map(t => [t.type, t.result]),
        ]),
      ).toEqual([
        ['Apply the environment configuration', 'SUCCEEDED', []],
        [
          'Restore infrahub',
          'SUCCEEDED',
          [
            ['update_instance', 'SUCCEEDED'],
            ['restore_backup', 'SUCCEEDED'],
          ],
        ],
        ['Report what was not restored', 'FAILED', []],
      ]);
      const report = tree.steps[2].errors[0];
      expect(report.message).toContain(
        '1 of the 2 deployments the backup captured were not restored',
      );
      expect(report.outputTail).toBe(
        'semaphore: CONSTITUENT_GONE: The constituent backup of semaphore was deleted or expired',
      );
      expect(await deploymentsOf(environment.name)).toEqual(before);
      const restored = (await styrmin.deployment({ id: infrahub.id }))!;
      expect(restored.state).toBe('RUNNING');
      // Its own instance put the captured password back (the diff names it, masked).
      expect(JSON.stringify(restored.activeInstance!.diff)).toContain(
        'admin_password',
      );
    });

    it('reports a constituent whose in-place restore failed as RESTORE_FAILED, and restores the others', async () => {
      const { styrmin } = backend;
      const { agent, environment, infrahub } = await runningEnvironment();
      const environmentBackup = await backedUp(agent, environment.id);

      const { task } = await styrmin.restoreEnvironment({
        environmentBackup: environmentBackup.id,
      });
      const tree = await playUntilEnded(agent, task.id, styrmin, run =>
        run.flow === 'RESTORE_BACKUP' &&
        run.parameters.deploymentId === infrahub.id
          ? 'Restore the namespace'
          : undefined,
      );

      expect(tree.result).toBe('FAILED');
      expect(
        tree.steps.map(step => [
          step.name,
          step.startedTasks.map(t => [t.type, t.result]),
        ]),
      ).toEqual([
        ['Apply the environment configuration', []],
        ['Restore infrahub', [['restore_backup', 'FAILED']]],
        ['Restore semaphore', [['restore_backup', 'SUCCEEDED']]],
        ['Report what was not restored', []],
      ]);
      const restoreId = tree.steps[1].startedTasks[0].id;
      expect(tree.steps[3].errors[0].outputTail).toBe(
        `infrahub: RESTORE_FAILED: The in-place restore of infrahub FAILED (task ${restoreId})`,
      );
    });

    it('clones into a new environment: its own deployments from the captured states, restored across targets, semaphore connected to the clone’s infrahub', async () => {
      const { styrmin } = backend;
      const { agent, environment, infrahub, semaphore, suffix } =
        await runningEnvironment();

      const { task, environment: copy } = await styrmin.cloneEnvironment({
        source: environment.id,
        name: `copy-${suffix}`,
      });
      const tree = await playUntilEnded(agent, task.id);

      expect(tree.result).toBe('SUCCEEDED');
      expect(
        tree.steps.map(step => [step.name, step.startedTasks.map(t => t.type)]),
      ).toEqual([
        ['Back up the environment', ['create_backup', 'create_backup']],
        ['Create the deployments', ['create_instance', 'create_instance']],
        ['Wait for the deployments to run', []],
        ['Restore infrahub from its constituent backup', ['restore_backup']],
        ['Restore semaphore from its constituent backup', ['restore_backup']],
      ]);
      const copies = await deploymentsOf(copy.name);
      expect(copies.map(d => [d.name, d.state])).toEqual([
        ['infrahub', 'RUNNING'],
        ['semaphore', 'RUNNING'],
      ]);
      const copiedSemaphore = (await styrmin.deployment({
        id: copies[1].id,
      }))!;
      const context = JSON.stringify(copiedSemaphore.activeInstance!.context);
      expect(context).toContain(`styrmin-${copies[0].id}`);
      expect(context).not.toContain(infrahub.id);
      expect(context).not.toContain(semaphore.id);
      // Each restore went from the source's namespace into the copy's own.
      const restoreStep = tree.steps[3].startedTasks[0];
      const restoreRun = (await styrmin.task(restoreStep.id))!;
      expect(restoreRun.deployment?.id).toBe(copies[0].id);
    });

    it('finishes a clone whose server worker was killed in the middle, with no deployment created twice', async () => {
      const { agent, agentToken, environment, suffix } =
        await runningEnvironment();
      const first = backend;
      const { task, environment: copy } = await first.styrmin.cloneEnvironment({
        source: environment.id,
        name: `killed-${suffix}`,
      });
      // The agent plays the backup and the creations, then stops playing: the clone waits
      // for its deployments to run.
      for (;;) {
        await playAll(agent);
        const tree = (await first.styrmin.taskTree(task.id))!;
        if (tree.steps[1].status === 'SUCCEEDED') {
          break;
        }
        await sleep(100);
      }
      const second = await startAgentProtocolBackend({
        knex,
        clock: first.clock,
      });
      try {
        // The first backend goes with its worker: its lease stays until it expires.
        await first.stop();
        first.clock.advance({ seconds: 120 });
        await second.sweepLeases();
        await second.runScheduledTask(WORKER_POLL);
        const tree = await playUntilEnded(
          second.agentClient(agentToken),
          task.id,
          second.styrmin,
        );

        expect(tree.result).toBe('SUCCEEDED');
        expect(tree.flowRun.attempts).toBe(2);
        const copies = await second.styrmin.environmentWithDeployments({
          name: copy.name,
        });
        expect(copies!.deployments.map(d => [d.name, d.state]).sort()).toEqual([
          ['infrahub', 'RUNNING'],
          ['semaphore', 'RUNNING'],
        ]);
        const creations = tree.steps[1].startedTasks;
        expect(creations.map(t => t.type)).toEqual([
          'create_instance',
          'create_instance',
        ]);
      } finally {
        backend = second;
      }
    });
  });
});
