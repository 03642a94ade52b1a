import { isJsonObject, JsonObject } from '../configuration/JsonValue';
import { DeploymentState } from '../domain/DeploymentState';
import { TaskResult } from '../domain/TaskResult';
import { FlowName } from './FlowName';
import { FlowRunState } from './FlowRunState';
import { TASK_TYPE_OF_FLOW } from './plannedSteps';

/**
 * A deployment state to move to, with the reason to show when it needs one.
 *
 * @public
 */
export type DeploymentStateChange = {
  state: DeploymentState;
  /** Why; absent clears the stored reason. */
  reason?: string;
};

/**
 * The flows whose success means the instance runs: those that apply one, and the restore,
 * which starts the components of the active instance again.
 */
const RUNNING_AFTER_FLOWS: ReadonlySet<FlowName> = new Set([
  'CREATE_INSTANCE',
  'UPDATE_INSTANCE',
  'UPGRADE_INSTANCE',
  'RESTORE_BACKUP',
]);

/**
 * The flows that run beside the application and say nothing of whether it runs, whatever
 * their end: a job, a backup (Velero reads the running pods' volumes), the deletion of a
 * backup. Their task result says how they went.
 */
const BESIDE_FLOWS: ReadonlySet<FlowName> = new Set([
  'RUN_JOB',
  'CREATE_BACKUP',
  'DELETE_BACKUP',
]);

/**
 * The deployment state after the flow run of the deployment's newest task ended (the
 * glossary, "Deployment state"; an older task that a newer change overtook decides
 * nothing, which the caller checks):
 *
 * - SUCCEEDED of CREATE_INSTANCE, UPDATE_INSTANCE or UPGRADE_INSTANCE: RUNNING (the flow
 *   waits until the operator reports the resource ready before it succeeds); of
 *   RESTORE_BACKUP too, out of RESTORING, the components started again;
 * - SUCCEEDED of DELETE: DELETED, the tombstone;
 * - SUCCEEDED of the other flows (components stopped or started, a job): unchanged;
 * - a job (RUN_JOB), a backup (CREATE_BACKUP) or a backup's deletion (DELETE_BACKUP)
 *   whatever its end: unchanged, as work beside the application (a migration, a report, a
 *   copy of its volumes) says nothing of whether the application runs; its task result
 *   says how it went;
 * - FAILED or CRASHED of any other flow: FAILED, the reason `<task type> failed: <why>`.
 *
 * @public
 */
export function deploymentStateAfterRun(options: {
  flowName: FlowName;
  state: Extract<FlowRunState, 'SUCCEEDED' | 'FAILED' | 'CRASHED'>;
  /** Why the run FAILED or CRASHED. */
  reason?: string;
}): DeploymentStateChange | undefined {
  const { flowName, state, reason } = options;
  if (BESIDE_FLOWS.has(flowName)) {
    return undefined;
  }
  if (state === 'SUCCEEDED') {
    if (flowName === 'DELETE') {
      return { state: 'DELETED' };
    }
    return RUNNING_AFTER_FLOWS.has(flowName) ? { state: 'RUNNING' } : undefined;
  }
  const what = `${TASK_TYPE_OF_FLOW[flowName]} ${
    state === 'CRASHED' ? 'crashed' : 'failed'
  }`;
  return { state: 'FAILED', reason: reason ? `${what}: ${reason}` : what };
}

/**
 * The `Ready` condition of a StyrminDeployment resource's `.status`, if it has one.
 *
 * @public
 */
export function readyConditionOf(status: JsonObject | undefined):
  | {
      status: 'True' | 'False' | 'Unknown';
      reason?: string;
      message?: string;
    }
  | undefined {
  const conditions = status?.conditions;
  if (!Array.isArray(conditions)) {
    return undefined;
  }
  const ready = conditions.find(
    condition => isJsonObject(condition) && condition.type === 'Ready',
  ) as JsonObject | undefined;
  if (
    !ready ||
    (ready.status !== 'True' &&
      ready.status !== 'False' &&
      ready.status !== 'Unknown')
  ) {
    return undefined;
  }
  return {
    status: ready.status,
    ...(typeof ready.reason === 'string' ? { reason: ready.reason } : {}),
    ...(typeof ready.message === 'string' ? { message: ready.message } : {}),
  };
}

/**
 * The deployment state after the agent reported the resource's `.status` (DeploymentStatus),
 * between tasks only: while the newest task has not ended, the task decides.
 *
 * - `Ready` False moves a RUNNING deployment to FAILED, the reason `<reason>: <message>`;
 * - `Ready` True moves a FAILED deployment back to RUNNING when its newest task
 *   SUCCEEDED: the failure came from the status, which now says ready. A deployment whose
 *   task failed stays FAILED until a new change;
 * - anything else (Unknown, no condition, another state) changes nothing.
 *
 * @public
 */
export function deploymentStateFromStatus(options: {
  state: DeploymentState;
  /** The result of the deployment's newest task; undefined when it has none. */
  newestTaskResult?: TaskResult;
  status: JsonObject;
}): DeploymentStateChange | undefined {
  const { state, newestTaskResult, status } = options;
  const ready = readyConditionOf(status);
  if (!ready || newestTaskResult === 'RUNNING') {
    return undefined;
  }
  if (state === 'RUNNING' && ready.status === 'False') {
    const why = [ready.reason, ready.message].filter(Boolean).join(': ');
    return {
      state: 'FAILED',
      reason: why || 'The StyrminDeployment resource is not ready',
    };
  }
  if (
    state === 'FAILED' &&
    ready.status === 'True' &&
    newestTaskResult === 'SUCCEEDED'
  ) {
    return { state: 'RUNNING' };
  }
  return undefined;
}
