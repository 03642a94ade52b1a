/**
 * What made a task that its author did not start directly: a change of the cluster's
 * settings or the environment's overrides, a change of a sibling deployment, a hook's
 * action primitive, a backup schedule, or an upgrade that failed and is rolled back.
 *
 * @internal
 */
export type TaskCauseKind =
  | 'CLUSTER_SETTINGS'
  | 'ENVIRONMENT_SETTINGS'
  | 'DEPLOYMENT_CHANGE'
  | 'HOOK'
  | 'SCHEDULE'
  | 'ROLLBACK';

/**
 * Why a task was started, recorded with it: a sentence for people ("redeployed because
 * cluster sandbox changed ingress_class"), who made the change that caused it, and the
 * record that change was made on.
 *
 * @internal
 */
export type TaskCause = {
  kind: TaskCauseKind;
  message: string;
  /** The entity ref of the user who made the change; absent for a schedule. */
  causedBy?: string;
  /** The record the change was made on. */
  record?: TaskCauseRecord;
};

/**
 * A record a task's cause names: a cluster, an environment, a deployment, or the task of
 * the hook step that started it.
 *
 * @internal
 */
export type TaskCauseRecord = {
  type: 'cluster' | 'environment' | 'deployment' | 'task';
  id: string;
  name: string;
};
