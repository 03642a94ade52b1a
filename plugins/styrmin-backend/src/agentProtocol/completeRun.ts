import { ConflictError } from '@backstage/errors';
import { AgentCompleteRunResponse } from '@styrmin/plugin-styrmin-common';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { FlowRunLease } from '../flows/FlowRunStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { checkErrorSize } from './agentRequests';
import { AgentCaller } from './authenticateAgent';
import { findClusterRun, holdsLease, lostLease } from './clusterRecords';
import { lockEnvironmentOf } from './lockEnvironmentOf';
import { runTextRedactor } from './redactRunText';

/** @internal */
export type CompleteRunOptions = {
  caller: AgentCaller;
  runId: string;
  owner: string;
  attempt: number;
  state: 'SUCCEEDED' | 'FAILED';
  error?: string;
};

/**
 * `POST /runs/:runId/complete`: ends the run under its lease, and in the same transaction
 * lets the deployment's state follow (`DeploymentStateFollower`) and, when it failed, rolls
 * a failed upgrade back if its environment says so (`DeploymentRollbacks.afterTaskFailed`).
 *
 * SUCCEEDED needs every step SUCCEEDED or SUPERSEDED: a step that never ran would keep the
 * task result RUNNING. FAILED records its error (redacted) on the RUNNING steps, or, when
 * no step failed, on the step the run would have run next, so that the task result is
 * FAILED with a readable error. The same completion again is answered the same.
 *
 * Locks are taken in the order of the environment's changes and of the lease sweep: the
 * environment, the run, its steps, the deployment.
 *
 * @internal
 */
export async function completeRun(
  deps: AgentProtocolDeps,
  options: CompleteRunOptions,
): Promise<AgentCompleteRunResponse> {
  const { caller, runId, owner, attempt, state } = options;
  checkErrorSize(options.error);
  const lease: FlowRunLease = { flowRunId: runId, owner, attempt };
  const answer: AgentCompleteRunResponse = { run: { id: runId, state } };
  return retryOnDeadlock(() =>
    deps.knex.transaction(async tx => {
      const run = await findClusterRun(deps, {
        tx,
        cluster: caller.cluster,
        runId,
      });
      if (run.state === state && run.attempts === attempt) {
        return answer;
      }
      if (!holdsLease(run, lease)) {
        throw lostLease(run, lease);
      }
      const task = (await deps.tasks.getTaskOfFlowRun({
        tx,
        flowRunId: runId,
      }))!;
      await lockEnvironmentOf(tx, deploymentIdOf(task));
      let reason: string | undefined;
      if (state === 'SUCCEEDED') {
        const left = task.steps.filter(
          step => step.status !== 'SUCCEEDED' && step.status !== 'SUPERSEDED',
        );
        if (left.length > 0) {
          throw new ConflictError(
            `Flow run ${runId} cannot succeed: ${left
              .map(step => `"${step.name}" is ${step.status}`)
              .join(', ')}`,
          );
        }
      } else {
        const redact = await runTextRedactor(deps, {
          tx,
          run,
          deploymentId: deploymentIdOf(task),
          caller,
        });
        reason = redact(options.error!);
      }
      await deps.broker.complete({ tx, lease, state, reason });
      if (reason !== undefined) {
        const failed = await deps.tasks.failRunningSteps({
          tx,
          flowRunId: runId,
          message: reason,
        });
        if (failed === 0 && !task.steps.some(s => s.status === 'FAILED')) {
          await deps.tasks.failNextStep({
            tx,
            flowRunId: runId,
            message: reason,
          });
        }
      }
      await deps.stateFollower.afterRunEnded({
        tx,
        flowRunId: runId,
        state,
        reason,
      });
      if (reason !== undefined) {
        await deps.rollbacks.afterTaskFailed({
          tx,
          task: (await deps.tasks.getTaskOfFlowRun({ tx, flowRunId: runId }))!,
        });
      }
      return answer;
    }),
  );
}
