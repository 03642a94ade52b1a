import {
  AgentFlowRun,
  AgentProtocolClient,
  StyrminApiError,
} from '@styrmin/sdk';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import {
  runScripted,
  ScriptedRunOptions,
} from '../__testUtils__/scriptedAgent';

jest.setTimeout(120_000);

const TAKE = 'Take the restore point';
const RESTORE = 'Restore the restore point';
const POST_HOOK = 'Run the upgrade post-hook';

/** The sandbox's object store, as the embedded default registers it. */
const SANDBOX_STORE = {
  bucket: 'velero',
  region: 'minio',
  endpointUrl: 'http://127.0.0.1:9000',
  pathStyle: true,
  credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
};

/*
 * Restore points and rollbacks over the API and the agent protocol, the agent scripted:
 * the upgrade's first step takes the backup, a rollback's last step restores it, and a
 * failed upgrade rolls back by itself when its environment says so.
 */
describe('restore points and rollbacks', () => {
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

    const observedAt = () => backend.clock.now().toISOString();
    /** The deployment's state at each in-place restore that `playStarted` played. */
    let statesWhileRestoring: string[] = [];
    beforeEach(() => {
      statesWhileRestoring = [];
    });

    /**
     * Claims the next run and plays it; the restore point steps start their task as the
     * agent does and play its run, reporting Velero's phase as `phase`.
     */
    async function play(
      agent: AgentProtocolClient,
      options: ScriptedRunOptions & { phase?: 'Completed' | 'Failed' } = {},
    ) {
      const owner = `agent-${randomUUID()}`;
      const run = (await agent.claim({ owner }))!;
      const lease = { runId: run.id, owner, attempt: run.attempt };
      const phase = options.phase ?? 'Completed';
      const outcome = await runScripted(agent, run, owner, {
        ...options,
        onRun: async step => {
          if (step.name === TAKE || step.name === RESTORE) {
            const started = await agent.startTask({
              ...lease,
              stepId: step.id,
              stepAttempt: 1,
              call: 0,
              flow: step.name === TAKE ? 'CREATE_BACKUP' : 'RESTORE_BACKUP',
            });
            await playStarted(agent, started.run!, started.owner, phase);
          }
          await options.onRun?.(step);
        },
      });
      return { run, outcome };
    }

    /** Plays a backup's or restore's run, Velero ending at `phase`. */
    async function playStarted(
      agent: AgentProtocolClient,
      run: AgentFlowRun,
      owner: string,
      phase: 'Completed' | 'Failed',
    ) {
      const parameters = run.parameters as {
        backupId?: string;
        restoreId?: string;
      };
      await runScripted(agent, run, owner, {
        onRun: async step => {
          if (run.flow === 'CREATE_BACKUP') {
            await agent.reportBackupStatus({
              backupId: parameters.backupId!,
              phase,
              observedAt: observedAt(),
            });
            return;
          }
          if (step.name !== 'Restore the namespace') {
            return;
          }
          statesWhileRestoring.push(
            (await backend.styrmin.deployment({ id: run.deployment.id }))!
              .state,
          );
          await agent.reportRestoreStatus({
            restoreId: parameters.restoreId!,
            phase,
            observedAt: observedAt(),
          });
        },
        ...(phase === 'Failed' && {
          fail: { step: run.task.steps[0].name, error: `Velero: ${phase}` },
        }),
      });
    }

    /** A RUNNING infrahub 1.0.0 in an environment with these settings and a location. */
    async function runningInfrahub(settings: object) {
      const { styrmin } = backend;
      const { cluster, agent } = await backend.newCluster();
      const location = await styrmin.backupStorageLocations.create({
        name: `bsl-${randomUUID().slice(0, 8)}`,
        ...SANDBOX_STORE,
      });
      const environment = await styrmin.createEnvironment({
        name: `r-${randomUUID().slice(0, 8)}`,
        cluster: cluster.id,
        backupStorageLocation: location.name,
        settings,
      });
      const { deployment } = await styrmin.createDeployment({
        environment: environment.id,
        name: 'infrahub',
        driver: 'infrahub',
        driverVersion: '1.0.0',
        configuration: INFRAHUB_CONFIGURATION,
      });
      await expect(play(agent)).resolves.toMatchObject({
        outcome: 'SUCCEEDED',
      });
      return { agent, environment, deployment };
    }

    const timeline = async (id: string) =>
      (await backend.styrmin.deploymentTimeline({ id }))!.nodes;

    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: StyrminApiError) => ({
          code: error.code,
          field: error.field,
        }),
      );

    it('takes a restore point before an upgrade, and rolls back to it with its data through RESTORING', async () => {
      const { styrmin } = backend;
      const { agent, deployment } = await runningInfrahub({
        backup_before_upgrade: 'always',
      });
      const upgraded = await styrmin.upgradeDeployment({
        id: deployment.id,
        driverVersion: '1.1.0',
      });
      expect(upgraded.task!.steps.map(s => s.name)[0]).toBe(TAKE);
      await expect(play(agent)).resolves.toMatchObject({
        outcome: 'SUCCEEDED',
      });

      const [second, first] = await timeline(deployment.id);
      expect(second).toMatchObject({
        number: 2,
        restorePoint: { phase: 'Completed' },
        rollbackTo: null,
        restoresData: false,
      });
      const restorePoint = (await styrmin.backups.get(
        second.restorePoint!.id,
      ))!;
      // A backup of the instance before the upgrade, linked under the upgrade's step.
      expect(restorePoint.instance.id).toBe(first.id);
      const tree = (await styrmin.taskTree(upgraded.task!.id))!;
      expect(
        tree.steps.find(s => s.name === TAKE)!.startedTasks.map(t => t.type),
      ).toEqual(['create_backup']);

      // Refusals write nothing.
      const rollback = (more: object) =>
        styrmin.rollbacks.rollback({
          deployment: deployment.id,
          ...more,
        } as any);
      await expect(refusal(rollback({ toInstance: 2 }))).resolves.toEqual({
        code: 'VALIDATION_FAILED',
        field: 'toInstance',
      });
      await expect(refusal(rollback({ toInstance: 7 }))).resolves.toEqual({
        code: 'NOT_FOUND',
        field: undefined,
      });
      await expect(
        refusal(rollback({ toInstance: 1, expectedVersion: 1 })),
      ).resolves.toMatchObject({ code: 'CONFLICT' });
      expect(await timeline(deployment.id)).toHaveLength(2);

      const rolledBack = await rollback({ toInstance: 1, withData: true });
      expect(rolledBack).toMatchObject({
        changed: true,
        task: { type: 'upgrade_instance' },
        instance: { number: 3, driverVersion: { version: '1.0.0' } },
      });
      const steps = rolledBack.task!.steps.map(s => s.name);
      // No restore point of its own: its data is restored anyway.
      expect(steps).not.toContain(TAKE);
      expect(steps.at(-1)).toBe(RESTORE);
      await expect(play(agent)).resolves.toMatchObject({
        outcome: 'SUCCEEDED',
      });
      expect(statesWhileRestoring).toEqual(['RESTORING']);
      expect((await styrmin.deployment({ id: deployment.id }))!).toMatchObject({
        state: 'RUNNING',
        driverVersion: { version: '1.0.0' },
        activeInstance: { number: 3 },
      });
      const [third] = await timeline(deployment.id);
      expect(third).toMatchObject({
        rollbackTo: { number: 1 },
        restoresData: true,
      });
      const rollbackTree = (await styrmin.taskTree(rolledBack.task!.id))!;
      const [restore] = rollbackTree.steps.find(
        s => s.name === RESTORE,
      )!.startedTasks;
      expect(restore).toMatchObject({
        type: 'restore_backup',
        result: 'SUCCEEDED',
      });
    });

    it('rolls a failed upgrade back by itself, with its data, the cause naming the failed task', async () => {
      const { styrmin } = backend;
      const { agent, deployment } = await runningInfrahub({
        backup_before_upgrade: 'always',
        rollback_on_failed_upgrade: true,
      });
      const upgraded = await styrmin.upgradeDeployment({
        id: deployment.id,
        driverVersion: '1.1.0',
      });
      await expect(
        play(agent, { fail: { step: POST_HOOK, error: 'exit 3' } }),
      ).resolves.toMatchObject({ outcome: 'FAILED' });

      const [rollback, failed] = await timeline(deployment.id);
      expect(failed).toMatchObject({
        number: 2,
        restorePoint: { phase: 'Completed' },
        task: { id: upgraded.task!.id, result: 'FAILED' },
      });
      expect(rollback).toMatchObject({
        number: 3,
        driverVersion: { version: '1.0.0' },
        rollbackTo: { number: 1 },
        restoresData: true,
        task: {
          cause: {
            kind: 'ROLLBACK',
            record: { type: 'task', id: upgraded.task!.id, name: POST_HOOK },
          },
        },
      });
      expect(rollback.task!.cause!.message).toContain(
        `failed at "${POST_HOOK}"`,
      );
      await expect(play(agent)).resolves.toMatchObject({
        outcome: 'SUCCEEDED',
      });
      expect(statesWhileRestoring).toEqual(['RESTORING']);
      expect((await styrmin.deployment({ id: deployment.id }))!).toMatchObject({
        state: 'RUNNING',
        activeInstance: { number: 3 },
      });
    });

    it('stops an upgrade whose restore point fails before it changes anything, and does not roll it back', async () => {
      const { styrmin } = backend;
      const { agent, deployment } = await runningInfrahub({
        backup_before_upgrade: 'always',
        rollback_on_failed_upgrade: true,
      });
      const upgraded = await styrmin.upgradeDeployment({
        id: deployment.id,
        driverVersion: '1.1.0',
      });
      const { run } = await play(agent, {
        phase: 'Failed',
        fail: { step: TAKE, error: 'The restore point failed' },
      });
      expect(run.task.id).toBe(upgraded.task!.id);
      const tree = (await styrmin.taskTree(upgraded.task!.id))!;
      expect(
        tree.steps.map(step => [step.name, step.status]).slice(0, 2),
      ).toEqual([
        [TAKE, 'FAILED'],
        ['Run the upgrade pre-hook', 'PENDING'],
      ]);
      const [second] = await timeline(deployment.id);
      expect(second.restorePoint).toMatchObject({ phase: 'Failed' });
      // Nothing of the upgrade ran: no rollback, and none with data either.
      expect(await timeline(deployment.id)).toHaveLength(2);
      await expect(
        refusal(
          styrmin.rollbacks.rollback({
            deployment: deployment.id,
            toInstance: 1,
            withData: true,
          }),
        ),
      ).resolves.toEqual({ code: 'CONFLICT', field: undefined });
    });

    it('rolls back the configuration only without a restore point, and leaves a failed upgrade alone unless the environment says so', async () => {
      const { styrmin } = backend;
      const { agent, deployment } = await runningInfrahub({});
      const upgraded = await styrmin.upgradeDeployment({
        id: deployment.id,
        driverVersion: '1.1.0',
      });
      expect(upgraded.task!.steps.map(s => s.name)).not.toContain(TAKE);
      await expect(
        play(agent, { fail: { step: POST_HOOK, error: 'exit 3' } }),
      ).resolves.toMatchObject({ outcome: 'FAILED' });
      // No automatic rollback: the environment does not ask for one.
      expect(await timeline(deployment.id)).toHaveLength(2);
      expect((await styrmin.deployment({ id: deployment.id }))!.state).toBe(
        'FAILED',
      );

      await expect(
        refusal(
          styrmin.rollbacks.rollback({
            deployment: deployment.id,
            toInstance: 1,
            withData: true,
          }),
        ),
      ).resolves.toEqual({ code: 'VALIDATION_FAILED', field: 'withData' });
      const rolledBack = await styrmin.rollbacks.rollback({
        deployment: deployment.id,
        toInstance: 1,
      });
      expect(rolledBack.task!.steps.map(s => s.name)).not.toContain(RESTORE);
      await expect(play(agent)).resolves.toMatchObject({
        outcome: 'SUCCEEDED',
      });
      expect((await styrmin.deployment({ id: deployment.id }))!).toMatchObject({
        state: 'RUNNING',
        driverVersion: { version: '1.0.0' },
        activeInstance: { number: 3 },
      });
    });
  });
});
