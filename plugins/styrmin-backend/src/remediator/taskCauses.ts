import { canonicalJson } from '@styrmin/plugin-styrmin-common';
import { Cluster } from '../clusters/ClusterStore';
import { Environment } from '../environments/EnvironmentStore';
import { Task, TaskCause } from '../tasks/TaskStore';

/*
 * The causes that the callers of the remediator record with the tasks their author did not
 * start directly, each with its sentence.
 */

/** A deployment change as its siblings' causes name it. */
export type DeploymentChangeVerb =
  | 'created'
  | 'changed'
  | 'upgraded'
  | 'deleted';

/** The redeployments of a cluster settings change: "... cluster sandbox changed ingress_class". */
export function clusterSettingsCause(options: {
  cluster: Pick<Cluster, 'id' | 'name'>;
  before: unknown;
  after: unknown;
  changedBy: string;
}): TaskCause {
  const { cluster } = options;
  const keys = changedKeys(options.before, options.after);
  return {
    kind: 'CLUSTER_SETTINGS',
    message: `redeployed because cluster ${cluster.name} changed ${
      keys.length > 0 ? keys.join(', ') : 'its settings'
    }`,
    causedBy: options.changedBy,
    record: { type: 'cluster', id: cluster.id, name: cluster.name },
  };
}

/** The redeployments of an environment change: "... environment dev changed its overrides". */
export function environmentSettingsCause(options: {
  environment: Pick<Environment, 'id' | 'name'>;
  /** What changed: "overrides", "backup storage location". */
  changed: string[];
  changedBy: string;
}): TaskCause {
  const { environment } = options;
  return {
    kind: 'ENVIRONMENT_SETTINGS',
    message: `redeployed because environment ${
      environment.name
    } changed its ${options.changed.join(' and ')}`,
    causedBy: options.changedBy,
    record: { type: 'environment', id: environment.id, name: environment.name },
  };
}

/** The redeployments of a deployment's siblings: "... because dev/semaphore was created". */
export function deploymentChangeCause(options: {
  environment: Pick<Environment, 'name'>;
  deployment: { id: string; name: string };
  verb: DeploymentChangeVerb;
  changedBy: string;
}): TaskCause {
  const { environment, deployment } = options;
  const name = `${environment.name}/${deployment.name}`;
  return {
    kind: 'DEPLOYMENT_CHANGE',
    message: `redeployed because ${name} was ${options.verb}`,
    causedBy: options.changedBy,
    record: { type: 'deployment', id: deployment.id, name },
  };
}

/** A task that a hook's action primitive started: "started by the upgrade pre-hook of dev/infrahub". */
export function hookCause(options: {
  environment: Pick<Environment, 'name'>;
  deployment: { name: string };
  /** The task whose (hook) step started it. */
  task: Pick<Task, 'id' | 'createdBy'>;
  stepName: string;
}): TaskCause {
  const { environment, deployment, task, stepName } = options;
  // Hook steps are named by `hookStepName`: "Run the upgrade pre-hook".
  const hook = /^Run the (.+-hook)$/.exec(stepName)?.[1];
  return {
    kind: 'HOOK',
    message: `started by ${hook ? `the ${hook}` : `step "${stepName}"`} of ${
      environment.name
    }/${deployment.name}`,
    causedBy: task.createdBy,
    record: { type: 'task', id: task.id, name: stepName },
  };
}

/**
 * An automatic rollback (the environment's rollback_on_failed_upgrade): "rolled back
 * automatically because the upgrade of dev/infrahub to 1.1.0 failed at the upgrade
 * post-hook", naming the failed task and its step.
 */
export function rollbackCause(options: {
  environment: Pick<Environment, 'name'>;
  deployment: { name: string };
  /** The upgrade task that failed. */
  task: Pick<Task, 'id' | 'createdBy'>;
  driverVersion: string;
  /** The step it failed at. */
  stepName: string;
}): TaskCause {
  const { environment, deployment, task, stepName } = options;
  return {
    kind: 'ROLLBACK',
    message: `rolled back automatically because the upgrade of ${environment.name}/${deployment.name} to ${options.driverVersion} failed at "${stepName}"`,
    causedBy: task.createdBy,
    record: { type: 'task', id: task.id, name: stepName },
  };
}

/** A backup that a schedule started. */
export const SCHEDULED_BACKUP_CAUSE: TaskCause = {
  kind: 'SCHEDULE',
  message: 'scheduled backup',
};

/** The top-level keys whose values differ between two settings objects, sorted. */
function changedKeys(before: unknown, after: unknown): string[] {
  const a = asObject(before);
  const b = asObject(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter(
      key =>
        JSON.stringify(canonicalJson(a[key])) !==
        JSON.stringify(canonicalJson(b[key])),
    )
    .sort();
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
