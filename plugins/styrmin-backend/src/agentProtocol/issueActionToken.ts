import { ConflictError } from '@backstage/errors';
import { AgentActionTokenResponse } from '@styrmin/plugin-styrmin-common';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import {
  findClusterRun,
  findRunStep,
  holdsLease,
  lostLease,
} from './clusterRecords';

/**
 * The longest an action token lasts, however long its run goes on: an action that runs
 * longer asks again (each hook step's start of an action gets one).
 *
 * @internal
 */
export const ACTION_TOKEN_MAX_SECONDS = 6 * 60 * 60;

/** @internal */
export type IssueActionTokenOptions = {
  caller: AgentCaller;
  runId: string;
  stepId: string;
  owner: string;
  attempt: number;
  stepAttempt: number;
};

/**
 * `POST /runs/:runId/steps/:stepId/action-token`: an API token for the driver actions that
 * the RUNNING attempt `stepAttempt` of a step runs, under the run's lease. It acts on the
 * run's deployment only, with an operator's rights there, and ends with the run's claim
 * (the run ends, or its lease expires and it is claimed again) or after
 * {@link ACTION_TOKEN_MAX_SECONDS}. Each call issues another token; the server keeps only
 * their hashes.
 *
 * @internal
 */
export async function issueActionToken(
  deps: AgentProtocolDeps,
  options: IssueActionTokenOptions,
): Promise<AgentActionTokenResponse> {
  const { caller, runId, stepId, owner, attempt, stepAttempt } = options;
  const lease = { flowRunId: runId, owner, attempt };
  return deps.knex.transaction(async tx => {
    const run = await findClusterRun(deps, {
      tx,
      cluster: caller.cluster,
      runId,
    });
    if (!holdsLease(run, lease)) {
      throw lostLease(run, lease);
    }
    const { task, step } = await findRunStep(deps, { tx, run, stepId });
    if (step.status !== 'RUNNING' || step.attempts !== stepAttempt) {
      throw new ConflictError(
        `Step ${step.name} is ${step.status} at attempt ${step.attempts}, not running attempt ${stepAttempt}`,
      );
    }
    if (!task.deploymentId) {
      throw new ConflictError(
        `Task ${task.id} acts on no deployment: its actions get no API token`,
      );
    }
    const { token, expiresAt } = await deps.actionTokens.issue({
      tx,
      deploymentId: task.deploymentId,
      flowRunId: run.id,
      runAttempt: run.attempts,
      expiresAt: new Date(
        deps.clock.now().getTime() + ACTION_TOKEN_MAX_SECONDS * 1000,
      ),
    });
    return { token, expiresAt: expiresAt.toISOString() };
  });
}
