import {
  OUTPUT_TAIL_MAX_LINES,
  outputTail,
  plannedSteps,
} from '@styrmin/plugin-styrmin-common';
import { AgentFlowRun, StyrminApiError } from '@styrmin/sdk';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import {
  AgentProtocolBackend,
  AgentProtocolCluster,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import { runScripted } from '../__testUtils__/scriptedAgent';
import { AGENT_ERROR_MAX_BYTES } from './agentRequests';

jest.setTimeout(120_000);

/** Every row that a refused call must leave alone. */
async function protocolState(knex: Knex) {
  const [runs, tasks, steps, errors, links, deployments, statuses, pods] =
    await Promise.all([
      knex('styrmin_flow_runs').orderBy('id'),
      knex('styrmin_tasks').orderBy('id'),
      knex('styrmin_steps').orderBy('id'),
      knex('styrmin_step_errors').orderBy(['step_id', 'attempt']),
      knex('styrmin_step_links').orderBy(['step_id', 'started_task_id']),
      knex('styrmin_deployments')
        .orderBy('id')
        .select('id', 'state', 'state_reason', 'version'),
      knex('styrmin_deployment_statuses').orderBy('deployment_id'),
      knex('styrmin_pod_statuses').orderBy(['deployment_id', 'pod_name']),
    ]);
  return { runs, tasks, steps, errors, links, deployments, statuses, pods };
}

/** The code and status a call was refused with. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error('The call was not refused');
    },
    (e: unknown) => e,
  );
  if (!(error instanceof StyrminApiError)) {
    throw error;
  }
  return { code: error.code, status: error.status };
}

describe('the agent protocol', () => {
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

    it('tells the agent which cluster its token acts for', async () => {
      const { cluster, agent } = await backend.newCluster();

      await expect(agent.info()).resolves.toEqual({
        protocolVersion: 1,
        cluster: { id: cluster.id, name: cluster.name },
        workPool: `cluster:${cluster.id}`,
        leaseSeconds: 30,
        maxWaitSeconds: 30,
      });
      const seen = await backend.styrmin.cluster({ id: cluster.id });
      expect(seen?.agentLastSeenAt).toEqual(expect.any(String));
    });

    it('drives a create_instance task to SUCCEEDED and the deployment to RUNNING', async () => {
      const { agent, createInfrahub, cluster, environment } =
        await backend.newCluster();
      const change = await createInfrahub();

      const run = (await agent.claim({ owner: 'agent-a' }))!;

      expect(run).toMatchObject({
        flow: 'CREATE_INSTANCE',
        attempt: 1,
        maxAttempts: 3,
        leaseSeconds: 30,
        parameters: {
          deploymentId: change.deployment.id,
          instanceId: change.instance!.id,
        },
        task: {
          id: change.task!.id,
          type: 'create_instance',
          deploymentId: change.deployment.id,
        },
        deployment: {
          id: change.deployment.id,
          name: 'infrahub',
          namespace: `styrmin-${change.deployment.id}`,
          environment: { id: environment.id, name: environment.name },
          cluster: { id: cluster.id, name: cluster.name },
        },
        instance: { id: change.instance!.id, number: 1 },
        driverVersion: { name: 'infrahub', version: '1.0.0' },
      });
      expect(run.previousInstance).toBeUndefined();
      // The agent gets the secrets in clear: it renders them into the cluster.
      expect(run.instance!.context.parameters.admin_password).toBe(
        INFRAHUB_CONFIGURATION.parameters.admin_password,
      );
      expect(run.driverVersion!.valuesTemplate).toContain('{{');
      expect(run.driverVersion!.digest).toMatch(/^sha256:/);
      expect(run.task.steps.map(step => step.name)).toEqual(
        plannedSteps({
          flowName: 'CREATE_INSTANCE',
          driver: run.driverVersion!.spec,
        }),
      );
      expect(run.task.steps.every(step => step.status === 'PENDING')).toBe(
        true,
      );

      await expect(runScripted(agent, run, 'agent-a')).resolves.toBe(
        'SUCCEEDED',
      );

      const deployment = await backend.styrmin.deployment({
        id: change.deployment.id,
      });
      expect(deployment?.state).toBe('RUNNING');
      expect(deployment?.activeInstance?.task).toMatchObject({
        status: 'SUCCEEDED',
        result: 'SUCCEEDED',
      });
      expect(
        deployment?.activeInstance?.task?.steps.map(step => [
          step.status,
          step.attempts,
        ]),
      ).toEqual(run.task.steps.map(() => ['SUCCEEDED', 1]));
      await expect(agent.claim({ owner: 'agent-a' })).resolves.toBeUndefined();
    });

    it('answers a retried claim of the same owner with the run it holds', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      await createInfrahub();

      const first = (await agent.claim({ owner: 'agent-r' }))!;
      const again = (await agent.claim({ owner: 'agent-r' }))!;

      expect(again.id).toBe(first.id);
      expect(again.attempt).toBe(first.attempt);
      expect(Date.parse(again.leaseExpiresAt)).toBeGreaterThanOrEqual(
        Date.parse(first.leaseExpiresAt),
      );
      await expect(agent.claim({ owner: 'agent-s' })).resolves.toBeUndefined();
    });

    it('waits for a run in a long poll, and wakes when one is dispatched', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const started = Date.now();
      const claim = agent.claim({ owner: 'agent-w', waitSeconds: 20 });
      await new Promise(resolve => setImmediate(resolve));
      const change = await createInfrahub();

      const run = await claim;

      expect(run?.task.id).toBe(change.task!.id);
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('answers an empty long poll with none after its wait', async () => {
      const { agent } = await backend.newCluster();
      const started = Date.now();

      await expect(
        agent.claim({ owner: 'agent-e', waitSeconds: 1 }),
      ).resolves.toBeUndefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    });

    it('makes start, end and completion idempotent for the lease holder', async () => {
      const { agent, createInfrahub } = await backend.newCluster();
      const change = await createInfrahub();
      const run = (await agent.claim({ owner: 'agent-i' }))!;
      const lease = { runId: run.id, owner: 'agent-i', attempt: run.attempt };
      const [first] = run.task.steps;

      const started = await agent.startStep({
        ...lease,
        stepId: first.id,
        stepAttempt: 1,
      });
      const before = await protocolState(knex);
      await expect(
        agent.startStep({ ...lease, stepId: first.id, stepAttempt: 1 }),
      ).resolves.toEqual(started);
      expect(await protocolState(knex)).toEqual(before);

      const ended = await agent.endStep({
        ...lease,
        stepId: first.id,
        stepAttempt: 1,
        status: 'SUCCEEDED',
      });
      expect(ended).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
      const afterEnd = await protocolState(knex);
      await expect(
        agent.endStep({
          ...lease,
          stepId: first.id,
          stepAttempt: 1,
          status: 'SUCCEEDED',
        }),
      ).resolves.toEqual(ended);
      expect(await protocolState(knex)).toEqual(afterEnd);

      await runScripted(
        agent,
        { ...run, task: { ...run.task, steps: run.task.steps.slice(1) } },
        'agent-i',
      );
      const afterComplete = await protocolState(knex);
      await expect(
        agent.completeRun({ ...lease, state: 'SUCCEEDED' }),
      ).resolves.toEqual({ run: { id: run.id, state: 'SUCCEEDED' } });
      expect(await protocolState(knex)).toEqual(afterComplete);
      expect(
        (await backend.styrmin.deployment({ id: change.deployment.id }))?.state,
      ).toBe('RUNNING');
    });

    describe('refuses, with a code and nothing changed,', () => {
      let context: AgentProtocolCluster;
      let run: AgentFlowRun;
      let lease: { runId: string; owner: string; attempt: number };

      beforeAll(async () => {
        context = await backend.newCluster();
        await context.createInfrahub();
        run = (await context.agent.claim({ owner: 'agent-x' }))!;
        lease = { runId: run.id, owner: 'agent-x', attempt: run.attempt };
        // The first step SUCCEEDED, the second runs.
        const [first, second] = run.task.steps;
        await context.agent.startStep({
          ...lease,
          stepId: first.id,
          stepAttempt: 1,
        });
        await context.agent.endStep({
          ...lease,
          stepId: first.id,
          stepAttempt: 1,
          status: 'SUCCEEDED',
        });
        await context.agent.startStep({
          ...lease,
          stepId: second.id,
          stepAttempt: 1,
        });
      });

      /** How a call was refused, if nothing changed; throws when something did. */
      async function refusedUnchanged(call: () => Promise<unknown>) {
        const before = await protocolState(knex);
        const refused = await refusal(call());
        const after = await protocolState(knex);
        if (JSON.stringify(after) !== JSON.stringify(before)) {
          throw new Error(
            `The refused call changed the records: ${JSON.stringify({
              before,
              after,
            })}`,
          );
        }
        return refused;
      }

      it('a call without a token, or with a malformed or unknown one', async () => {
        const unauthenticated = { code: 'UNAUTHENTICATED', status: 401 };
        const { agentClient } = backend;
        const held = lease;
        for (const token of [
          '',
          'not-a-token',
          `styrmin-agent.${context.cluster.id}.${'A'.repeat(43)}`,
        ]) {
          expect(
            await refusedUnchanged(() => agentClient(token).heartbeat(held)),
          ).toEqual(unauthenticated);
        }
        // Not even a Backstage user token opens the agent protocol.
        const res = await fetch(
          `${backend.serverUrl}/api/styrmin/agent/v1/info`,
          {
            headers: { Authorization: 'Bearer mock-user-token' },
          },
        );
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({
          error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
        });
      });

      it('a revoked (rotated) token', async () => {
        const other = await backend.newCluster();
        await backend.styrmin.rotateAgentToken(other.cluster.id);

        expect(await refusedUnchanged(() => other.agent.info())).toEqual({
          code: 'UNAUTHENTICATED',
          status: 401,
        });
        expect(
          await refusedUnchanged(() => other.agent.claim({ owner: 'x' })),
        ).toEqual({
          code: 'UNAUTHENTICATED',
          status: 401,
        });
      });

      it("another cluster's run, step, deployment and bundle, as if they did not exist", async () => {
        const other = await backend.newCluster();
        const notFound = { code: 'NOT_FOUND', status: 404 };
        const [, second] = run.task.steps;

        expect(
          await refusedUnchanged(() => other.agent.heartbeat(lease)),
        ).toEqual(notFound);
        expect(
          await refusedUnchanged(() =>
            other.agent.endStep({
              ...lease,
              stepId: second.id,
              stepAttempt: 1,
              status: 'SUCCEEDED',
            }),
          ),
        ).toEqual(notFound);
        expect(
          await refusedUnchanged(() =>
            other.agent.completeRun({ ...lease, state: 'SUCCEEDED' }),
          ),
        ).toEqual(notFound);
        expect(
          await refusedUnchanged(() =>
            other.agent.reportDeploymentStatus({
              deploymentId: run.deployment.id,
              observedAt: new Date().toISOString(),
              status: {},
              pods: [],
            }),
          ),
        ).toEqual(notFound);
        // The bundle is used by the first cluster only.
        expect(
          await refusedUnchanged(() =>
            other.agent.bundle(run.driverVersion!.digest),
          ),
        ).toEqual(notFound);
        // The same answers as for records that do not exist.
        const unknown = randomUUID();
        expect(
          await refusedUnchanged(() =>
            other.agent.heartbeat({ ...lease, runId: unknown }),
          ),
        ).toEqual(notFound);
        await expect(
          refusal(other.agent.heartbeat({ ...lease, runId: unknown })),
        ).resolves.toEqual(await refusal(other.agent.heartbeat(lease)));
      });

      it('a report for a run the caller does not hold (another owner, an older attempt)', async () => {
        const conflict = { code: 'CONFLICT', status: 409 };
        const { agent } = context;
        const [, second] = run.task.steps;
        for (const wrong of [
          { ...lease, owner: 'agent-y' },
          { ...lease, attempt: lease.attempt + 1 },
        ]) {
          expect(await refusedUnchanged(() => agent.heartbeat(wrong))).toEqual(
            conflict,
          );
          expect(
            await refusedUnchanged(() =>
              agent.endStep({
                ...wrong,
                stepId: second.id,
                stepAttempt: 1,
                status: 'SUCCEEDED',
              }),
            ),
          ).toEqual(conflict);
          expect(
            await refusedUnchanged(() =>
              agent.completeRun({
                ...wrong,
                state: 'FAILED',
                error: 'x',
              }),
            ),
          ).toEqual(conflict);
        }
      });

      it('a replayed report: starting a step that SUCCEEDED, ending an attempt that is not running', async () => {
        const conflict = { code: 'CONFLICT', status: 409 };
        const [first, second, third] = run.task.steps;

        expect(
          await refusedUnchanged(() =>
            context.agent.startStep({
              ...lease,
              stepId: first.id,
              stepAttempt: 1,
            }),
          ),
        ).toEqual(conflict);
        expect(
          await refusedUnchanged(() =>
            context.agent.startStep({
              ...lease,
              stepId: first.id,
              stepAttempt: 2,
            }),
          ),
        ).toEqual(conflict);
        expect(
          await refusedUnchanged(() =>
            context.agent.endStep({
              ...lease,
              stepId: first.id,
              stepAttempt: 1,
              status: 'FAILED',
              error: 'late',
            }),
          ),
        ).toEqual(conflict);
        expect(
          await refusedUnchanged(() =>
            context.agent.endStep({
              ...lease,
              stepId: second.id,
              stepAttempt: 2,
              status: 'SUCCEEDED',
            }),
          ),
        ).toEqual(conflict);
        expect(
          await refusedUnchanged(() =>
            context.agent.endStep({
              ...lease,
              stepId: third.id,
              stepAttempt: 1,
              status: 'SUCCEEDED',
            }),
          ),
        ).toEqual(conflict);
        // A run whose steps have not all succeeded cannot succeed.
        expect(
          await refusedUnchanged(() =>
            context.agent.completeRun({ ...lease, state: 'SUCCEEDED' }),
          ),
        ).toEqual(conflict);
      });

      it('an oversized output tail or error', async () => {
        const tooLarge = { code: 'VALIDATION_FAILED', status: 413 };
        const [, second] = run.task.steps;
        const end = (report: { error: string; outputTail?: string }) =>
          context.agent.endStep({
            ...lease,
            stepId: second.id,
            stepAttempt: 1,
            status: 'FAILED',
            ...report,
          });
        const lines = Array.from(
          { length: OUTPUT_TAIL_MAX_LINES + 1 },
          (_, i) => `line ${i}`,
        ).join('\n');

        expect(
          await refusedUnchanged(() => end({ error: 'x', outputTail: lines })),
        ).toEqual(tooLarge);
        expect(
          await refusedUnchanged(() =>
            end({ error: 'x', outputTail: 'y'.repeat(64 * 1024 + 1) }),
          ),
        ).toEqual(tooLarge);
        expect(
          await refusedUnchanged(() =>
            end({ error: 'e'.repeat(AGENT_ERROR_MAX_BYTES + 1) }),
          ),
        ).toEqual(tooLarge);
        // What outputTail() keeps is accepted as it is.
        expect(outputTail(lines)).not.toBe(lines);
      });

      it('a malformed report', async () => {
        const invalid = { code: 'VALIDATION_FAILED', status: 400 };
        const [, second] = run.task.steps;

        expect(
          await refusedUnchanged(() =>
            context.agent.endStep({
              ...lease,
              stepId: second.id,
              stepAttempt: 1,
              status: 'FAILED',
            }),
          ),
        ).toEqual(invalid);
        expect(
          await refusedUnchanged(() =>
            context.agent.claim({ owner: 'has spaces' }),
          ),
        ).toEqual(invalid);
        expect(
          await refusedUnchanged(() =>
            context.agent.claim({ owner: 'x', waitSeconds: 31 }),
          ),
        ).toEqual(invalid);
        expect(
          await refusedUnchanged(() =>
            context.agent.reportDeploymentStatus({
              deploymentId: run.deployment.id,
              observedAt: 'yesterday',
              status: {},
              pods: [],
            }),
          ),
        ).toEqual(invalid);
        expect(
          await refusedUnchanged(() => context.agent.bundle('md5:abc')),
        ).toEqual(invalid);
      });
    });
  });
});
