import { digestDriverFiles } from '@styrmin/plugin-styrmin-node';
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
import { readExampleDriver } from '../__testUtils__/exampleDrivers';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(120_000);

const PASSWORD = INFRAHUB_CONFIGURATION.parameters.admin_password;

/** A StyrminDeployment `.status` with its Ready condition. */
function readyStatus(status: 'True' | 'False' | 'Unknown', reason = 'X') {
  return {
    observedGeneration: 1,
    conditions: [
      { type: 'Ready', status, reason, message: `${reason} happened` },
    ],
  };
}

describe('flows over the agent protocol', () => {
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

    /** Claims and runs a run to SUCCEEDED. */
    async function runToSuccess(agent: AgentProtocolClient) {
      const owner = `agent-${randomUUID()}`;
      const run = (await agent.claim({ owner }))!;
      await expect(runScripted(agent, run, owner)).resolves.toBe('SUCCEEDED');
      return run;
    }

    /** Runs every run of the pool to SUCCEEDED until the one of `taskId` is next. */
    async function drain(agent: AgentProtocolClient, taskId: string) {
      for (;;) {
        const owner = `drain-${randomUUID()}`;
        const run = (await agent.claim({ owner }))!;
        if (run.task.id === taskId) {
          // Give it back: its lease runs out at once for the next claimant.
          backend.clock.advance({ seconds: 31 });
          await backend.sweepLeases();
          return;
        }
        await runScripted(agent, run, owner);
      }
    }

    const stateOf = async (id: string) =>
      (await backend.styrmin.deployment({ id }))!;

    it('fails the task with its error and output tail, secrets redacted, readable by a read-only user', async () => {
      const { agent, agentToken, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      const run = (await agent.claim({ owner: 'agent-f' }))!;

      await expect(
        runScripted(agent, run, 'agent-f', {
          fail: {
            step: 'Install or upgrade the HelmRelease',
            error: `helm upgrade failed for admin ${PASSWORD} (token ${agentToken})`,
            outputTail: `Error: values invalid\npassword: ${PASSWORD}\nAPI_TOKEN=abc123456\n`,
          },
        }),
      ).resolves.toBe('FAILED');

      const deployment = await stateOf(change.deployment.id);
      expect(deployment.state).toBe('FAILED');
      expect(deployment.stateReason).toBe(
        'create_instance failed: helm upgrade failed for admin <redacted> (token <redacted>)',
      );
      const task = (await backend.readOnly.taskTree(run.task.id))!;
      expect(task).toMatchObject({ result: 'FAILED', status: 'FAILED' });
      const failed = task.steps.find(
        step => step.name === 'Install or upgrade the HelmRelease',
      )!;
      expect(failed).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        errors: [
          {
            attempt: 1,
            message:
              'helm upgrade failed for admin <redacted> (token <redacted>)',
            outputTail:
              'Error: values invalid\npassword: <redacted>\nAPI_TOKEN=<redacted>\n',
            occurredAt: expect.any(String),
          },
        ],
      });
      expect(task.steps.at(-1)).toMatchObject({ status: 'PENDING' });
      expect(JSON.stringify(task)).not.toContain(PASSWORD);
      const stored = await knex('styrmin_step_errors');
      expect(JSON.stringify(stored)).not.toContain(PASSWORD);
      expect(JSON.stringify(stored)).not.toContain(agentToken);
    });

    it('counts a linked task in the result of the step that started it, and shows it under the step', async () => {
      const { agent, cluster, createInfrahub } = await backend.newCluster();
      const parent = await createInfrahub('parent');
      const child = await createInfrahub('child');
      // The parent's setup post-hook started the child's task.
      const owner = 'agent-l';
      const parentRun = (await agent.claim({ owner }))!;
      expect(parentRun.task.id).toBe(parent.task!.id);
      const hook = parentRun.task.steps.find(
        step => step.name === 'Run the setup post-hook',
      )!;
      await expect(
        runScripted(agent, parentRun, owner, {
          onRun: async step => {
            if (step.id === hook.id) {
              await agent.linkStartedTask({
                runId: parentRun.id,
                owner,
                attempt: parentRun.attempt,
                stepId: hook.id,
                taskId: child.task!.id,
              });
            }
          },
          beforeComplete: () => undefined,
        }),
      ).resolves.toBe('SUCCEEDED');

      // The parent's own flow succeeded, but the child's runs: the result is RUNNING.
      let tree = (await backend.readOnly.taskTree(parent.task!.id))!;
      expect(tree.status).toBe('SUCCEEDED');
      expect(tree.result).toBe('RUNNING');
      const step = tree.steps.find(s => s.id === hook.id)!;
      expect(step.startedTasks.map(t => t.id)).toEqual([child.task!.id]);

      // The child fails: so does the parent's result.
      const childRun = (await agent.claim({ owner: 'agent-l2' }))!;
      expect(childRun.task.id).toBe(child.task!.id);
      await runScripted(agent, childRun, 'agent-l2', {
        fail: { step: 'Apply the Services', error: 'Service port taken' },
      });
      tree = (await backend.readOnly.taskTree(parent.task!.id))!;
      expect(tree.result).toBe('FAILED');
      expect(
        tree.steps.find(s => s.id === hook.id)!.startedTasks[0],
      ).toMatchObject({
        id: child.task!.id,
        result: 'FAILED',
        steps: expect.arrayContaining([
          expect.objectContaining({
            name: 'Apply the Services',
            errors: [
              expect.objectContaining({ message: 'Service port taken' }),
            ],
          }),
        ]),
      });

      // Linking again is harmless; a task of another cluster is not found.
      await expect(
        agent.linkStartedTask({
          runId: parentRun.id,
          owner,
          attempt: parentRun.attempt,
          stepId: hook.id,
          taskId: child.task!.id,
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' }); // the lease ended with the run
      const other = await backend.newCluster();
      const foreign = await other.createInfrahub();
      // In an environment of its own, so that no sibling's redeployment comes first.
      const elsewhere = await backend.styrmin.createEnvironment({
        name: `e-${randomUUID().slice(0, 8)}`,
        cluster: cluster.id,
      });
      const third = await backend.styrmin.createDeployment({
        environment: elsewhere.id,
        name: 'third',
        driver: 'infrahub',
        driverVersion: '1.0.0',
        configuration: INFRAHUB_CONFIGURATION,
      });
      await drain(agent, third.task!.id);
      const thirdRun = (await agent.claim({ owner: 'agent-l3' }))!;
      expect(thirdRun.task.id).toBe(third.task!.id);
      const lease = {
        runId: thirdRun.id,
        owner: 'agent-l3',
        attempt: thirdRun.attempt,
      };
      const [first] = thirdRun.task.steps;
      await agent.startStep({
        ...lease,
        stepId: first.id,
        stepAttempt: first.attempts + 1,
      });
      await expect(
        agent.linkStartedTask({
          ...lease,
          stepId: first.id,
          taskId: foreign.task!.id,
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
      await agent.linkStartedTask({
        ...lease,
        stepId: first.id,
        taskId: parent.task!.id,
      });
      await agent.linkStartedTask({
        ...lease,
        stepId: first.id,
        taskId: parent.task!.id,
      });
      await expect(
        agent.linkStartedTask({
          ...lease,
          stepId: first.id,
          taskId: thirdRun.task.id,
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
    });
    it('claims a run again after the lease of a killed agent expired, and never runs a SUCCEEDED step twice', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      const ran = new Map<string, number>();
      const onRun = (step: { id: string }) =>
        ran.set(step.id, (ran.get(step.id) ?? 0) + 1);

      const first = (await agent.claim({ owner: 'agent-k1' }))!;
      // Killed while its third step runs: no end, no heartbeat, no completion.
      let started = 0;
      await expect(
        runScripted(agent, first, 'agent-k1', {
          onRun,
          beforeStep: () => (started++ === 3 ? 'crash' : undefined),
          afterStep: () => undefined,
        }),
      ).resolves.toBe('CRASHED');
      await agent.startStep({
        runId: first.id,
        owner: 'agent-k1',
        attempt: 1,
        stepId: first.task.steps[3].id,
        stepAttempt: 1,
      });

      // Before the lease runs out, nobody else gets the run.
      await expect(agent.claim({ owner: 'agent-k2' })).resolves.toBeUndefined();
      await backend.sweepLeases();
      await expect(agent.claim({ owner: 'agent-k2' })).resolves.toBeUndefined();

      backend.clock.advance({ seconds: 31 });
      await backend.sweepLeases();
      const second = (await agent.claim({ owner: 'agent-k2' }))!;

      expect(second).toMatchObject({ id: first.id, attempt: 2 });
      expect(
        second.task.steps.map(step => [step.status, step.attempts]),
      ).toEqual([
        ['SUCCEEDED', 1],
        ['SUCCEEDED', 1],
        ['SUCCEEDED', 1],
        ['FAILED', 1],
        ['PENDING', 0],
        ['PENDING', 0],
      ]);
      // The killed agent's late reports are refused.
      await expect(
        agent.endStep({
          runId: first.id,
          owner: 'agent-k1',
          attempt: 1,
          stepId: first.task.steps[3].id,
          stepAttempt: 1,
          status: 'SUCCEEDED',
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(
        agent.heartbeat({ runId: first.id, owner: 'agent-k1', attempt: 1 }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      // Starting a step that SUCCEEDED in the first attempt is refused.
      await expect(
        agent.startStep({
          runId: second.id,
          owner: 'agent-k2',
          attempt: 2,
          stepId: second.task.steps[0].id,
          stepAttempt: 2,
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });

      await expect(
        runScripted(agent, second, 'agent-k2', { onRun }),
      ).resolves.toBe('SUCCEEDED');
      expect([...ran.values()].every(count => count === 1)).toBe(true);
      const tree = (await backend.styrmin.taskTree(change.task!.id))!;
      expect(tree.result).toBe('SUCCEEDED');
      expect(tree.steps[3]).toMatchObject({
        status: 'SUCCEEDED',
        attempts: 2,
        errors: [
          {
            attempt: 1,
            message: expect.stringContaining('stopped reporting'),
          },
        ],
      });
      expect((await stateOf(change.deployment.id)).state).toBe('RUNNING');
    });

    it('keeps a run with heartbeats past its first lease', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      await createInfrahub();
      const run = (await agent.claim({ owner: 'agent-h' }))!;
      const lease = { runId: run.id, owner: 'agent-h', attempt: run.attempt };

      backend.clock.advance({ seconds: 20 });
      const { leaseExpiresAt } = await agent.heartbeat(lease);
      // The clock runs on with real time: the lease ends 30 s after the heartbeat.
      const expected = backend.clock.now().getTime() + 30_000;
      expect(Date.parse(leaseExpiresAt)).toBeLessThanOrEqual(expected);
      expect(Date.parse(leaseExpiresAt)).toBeGreaterThan(expected - 5_000);
      backend.clock.advance({ seconds: 20 });
      await backend.sweepLeases();

      // 40 seconds after the claim, the run is still the agent's.
      await expect(agent.heartbeat(lease)).resolves.toEqual({
        leaseExpiresAt: expect.any(String),
      });
      await expect(runScripted(agent, run, 'agent-h')).resolves.toBe(
        'SUCCEEDED',
      );
    });

    it('ends a run CRASHED after its last attempt, and the deployment FAILED with the reason', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      for (let attempt = 1; attempt <= 3; attempt++) {
        const run = (await agent.claim({ owner: `agent-c${attempt}` }))!;
        expect(run.attempt).toBe(attempt);
        backend.clock.advance({ seconds: 31 });
        await backend.sweepLeases();
      }
      await expect(agent.claim({ owner: 'agent-c4' })).resolves.toBeUndefined();
      const tree = (await backend.styrmin.taskTree(change.task!.id))!;
      expect(tree).toMatchObject({ status: 'CRASHED', result: 'FAILED' });
      const deployment = await stateOf(change.deployment.id);
      expect(deployment.state).toBe('FAILED');
      expect(deployment.stateReason).toMatch(
        /^create_instance crashed: Attempt 3 of 3 stopped reporting/,
      );
    });

    it('stores status snapshots only when they change, removes pods gone, and lets the state follow Ready', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      const deploymentId = change.deployment.id;
      const observedAt = (seconds: number) =>
        new Date(Date.UTC(2026, 11, 1, 12, 0, seconds)).toISOString();
      const pods = [
        {
          name: 'server-0',
          phase: 'Running' as const,
          ready: true,
          restarts: 0,
          component: 'server',
        },
        {
          name: 'worker-0',
          phase: 'Pending' as const,
          ready: false,
          restarts: 2,
          reason: 'CrashLoopBackOff',
        },
      ];

      await expect(
        agent.reportDeploymentStatus({
          deploymentId,
          observedAt: observedAt(1),
          status: readyStatus('Unknown', 'Progressing'),
          pods,
        }),
      ).resolves.toEqual({ changed: true });
      await expect(
        agent.reportDeploymentStatus({
          deploymentId,
          observedAt: observedAt(2),
          status: readyStatus('Unknown', 'Progressing'),
          pods,
        }),
      ).resolves.toEqual({ changed: false });
      // While its task runs, the task decides the state.
      await agent.reportDeploymentStatus({
        deploymentId,
        observedAt: observedAt(3),
        status: readyStatus('False', 'HelmReleaseFailed'),
        pods: [pods[0]],
      });
      let state = (await backend.readOnly.deploymentObservedState(
        deploymentId,
      ))!;
      expect(state).toMatchObject({
        state: 'DEPLOYING',
        deploymentStatus: {
          ready: false,
          reason: 'HelmReleaseFailed',
          observedAt: observedAt(3),
        },
        pods: [
          {
            name: 'server-0',
            phase: 'Running',
            ready: true,
            component: 'server',
          },
        ],
      });
      // A late snapshot changes nothing.
      await expect(
        agent.reportDeploymentStatus({
          deploymentId,
          observedAt: observedAt(0),
          status: readyStatus('True'),
          pods,
        }),
      ).resolves.toEqual({ changed: false });

      await runToSuccess(agent);
      expect((await stateOf(deploymentId)).state).toBe('RUNNING');
      await agent.reportDeploymentStatus({
        deploymentId,
        observedAt: observedAt(10),
        status: readyStatus('False', 'HelmReleaseFailed'),
        pods,
      });
      state = (await backend.styrmin.deploymentObservedState(deploymentId))!;
      expect(state).toMatchObject({
        state: 'FAILED',
        stateReason: 'HelmReleaseFailed: HelmReleaseFailed happened',
        latestTask: { result: 'SUCCEEDED' },
        pods: [
          { name: 'server-0' },
          { name: 'worker-0', reason: 'CrashLoopBackOff', restarts: 2 },
        ],
      });
      await agent.reportDeploymentStatus({
        deploymentId,
        observedAt: observedAt(11),
        status: readyStatus('True', 'Reconciled'),
        pods,
      });
      expect((await stateOf(deploymentId)).state).toBe('RUNNING');
    });

    it('deletes: the DELETE run makes a tombstone, whose observed state goes and takes no more', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      await runToSuccess(agent);
      const deploymentId = change.deployment.id;
      await agent.reportDeploymentStatus({
        deploymentId,
        observedAt: new Date().toISOString(),
        status: readyStatus('True'),
        pods: [{ name: 'p', phase: 'Running', ready: true, restarts: 0 }],
      });

      const deleted = await backend.styrmin.deleteDeployment({
        id: deploymentId,
      });
      expect(deleted.deployment.state).toBe('DELETING');
      const run = (await agent.claim({ owner: 'agent-d' }))!;
      expect(run).toMatchObject({
        flow: 'DELETE',
        instance: null,
        driverVersion: null,
      });
      expect(run.task.steps.map(s => s.name)).toEqual([
        'Delete the StyrminDeployment resource',
        'Uninstall the HelmRelease',
        'Remove the namespace',
      ]);
      await runScripted(agent, run, 'agent-d');

      const state = (await backend.styrmin.deploymentObservedState(
        deploymentId,
      ))!;
      expect(state).toMatchObject({
        state: 'DELETED',
        deploymentStatus: null,
        pods: [],
      });
      await expect(
        agent.reportDeploymentStatus({
          deploymentId,
          observedAt: new Date().toISOString(),
          status: readyStatus('True'),
          pods: [{ name: 'p', phase: 'Running', ready: true, restarts: 0 }],
        }),
      ).resolves.toEqual({ changed: false });
      expect(
        await knex('styrmin_pod_statuses').where({
          deployment_id: deploymentId,
        }),
      ).toEqual([]);
    });

    it('upgrades: the run carries the instance before; its bundle is served by digest', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      const created = await runToSuccess(agent);

      const upgraded = await backend.styrmin.upgradeDeployment({
        id: change.deployment.id,
        driverVersion: '1.1.0',
      });
      const run = (await agent.claim({ owner: 'agent-u' }))!;
      expect(run).toMatchObject({
        flow: 'UPGRADE_INSTANCE',
        instance: { id: upgraded.instance!.id, number: 2 },
        driverVersion: { version: '1.1.0' },
        previousInstance: {
          id: change.instance!.id,
          number: 1,
          driverVersion: {
            name: 'infrahub',
            version: '1.0.0',
            digest: created.driverVersion!.digest,
          },
        },
      });
      expect(run.previousInstance!.context.parameters.admin_password).toBe(
        PASSWORD,
      );

      for (const [digest, path] of [
        [run.driverVersion!.digest, 'infrahub/1.1.0'],
        [run.previousInstance!.driverVersion.digest, 'infrahub/1.0.0'],
      ]) {
        const bundle = await agent.bundle(digest);
        const expected = await readExampleDriver(path);
        expect(bundle.digest).toBe(digest);
        expect(
          digestDriverFiles(
            bundle.files.map(file => ({
              path: file.path,
              content: Buffer.from(file.content),
            })),
          ),
        ).toBe(digest);
        expect(bundle.files.map(f => f.path)).toEqual(
          expected.files.map(f => f.path),
        );
      }
    });

    it('supersedes the older task when a newer one applied its resource; the older one changes no state', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      const older = (await agent.claim({ owner: 'agent-o' }))!;
      const olderLease = { runId: older.id, owner: 'agent-o', attempt: 1 };
      // The older task gets as far as its first step.
      await agent.startStep({
        ...olderLease,
        stepId: older.task.steps[0].id,
        stepAttempt: 1,
      });

      const edited = await backend.styrmin.editDeployment({
        id: change.deployment.id,
        configuration: { parameters: { task_worker_replicas: 3 } },
      });
      const newer = (await agent.claim({ owner: 'agent-n' }))!;
      expect(newer.task.id).toBe(edited.task!.id);
      const newerLease = { runId: newer.id, owner: 'agent-n', attempt: 1 };
      const apply = newer.task.steps.find(
        s => s.name === 'Apply the StyrminDeployment resource',
      )!;
      await agent.startStep({
        ...newerLease,
        stepId: apply.id,
        stepAttempt: 1,
      });
      await agent.endStep({
        ...newerLease,
        stepId: apply.id,
        stepAttempt: 1,
        status: 'SUCCEEDED',
      });

      const olderTree = (await backend.styrmin.taskTree(change.task!.id))!;
      expect(olderTree.steps.map(s => s.status)).toEqual(
        olderTree.steps.map(() => 'SUPERSEDED'),
      );
      expect(olderTree.steps[0].supersededBy?.id).toBe(edited.task!.id);
      // The older agent finds its step taken over, and ends its run.
      const refused = await agent
        .endStep({
          ...olderLease,
          stepId: older.task.steps[0].id,
          stepAttempt: 1,
          status: 'SUCCEEDED',
        })
        .catch((e: StyrminApiError) => e);
      expect(refused).toMatchObject({ code: 'CONFLICT' });
      await agent.completeRun({ ...olderLease, state: 'SUCCEEDED' });
      expect((await backend.styrmin.taskTree(change.task!.id))!.result).toBe(
        'SUPERSEDED',
      );
      expect((await stateOf(change.deployment.id)).state).toBe('DEPLOYING');

      await runScripted(
        agent,
        {
          ...newer,
          task: {
            ...newer.task,
            steps: newer.task.steps.filter(s => s.id !== apply.id),
          },
        } as AgentFlowRun,
        'agent-n',
      );
      expect((await stateOf(change.deployment.id)).state).toBe('RUNNING');
    });
  });
});
