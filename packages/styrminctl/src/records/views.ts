import { Hook, hookStepName, Mode } from '@styrmin/plugin-styrmin-common';
import {
  Cluster,
  ContextChange,
  Deployment,
  DeploymentChangeResult,
  DeploymentSummary,
  DeploymentWithInstance,
  Environment,
  Instance,
  Redeployment,
  TimelineEntry,
} from '@styrmin/sdk';

/*
 * What the table format shows of the core records: the fields people read first, flat.
 * JSON and YAML print the records whole.
 */

/** A value in a cell: text as it is, anything else as JSON. */
const cell = (value: unknown) =>
  typeof value === 'string' || value === undefined
    ? value
    : JSON.stringify(value);

export function clusterView(cluster: Cluster) {
  return {
    name: cluster.name,
    id: cluster.id,
    workPool: cluster.workPool,
    settings: cluster.settings,
    version: cluster.version,
    agentLastSeenAt: cluster.agentLastSeenAt ?? 'never',
    agentTokenRotatedAt: cluster.agentTokenRotatedAt,
    updated: `${cluster.updatedAt} by ${cluster.updatedBy}`,
  };
}

/** A cluster's utilities, as `clusters show` lists them: what runs, and its newest task. */
export function utilityRows(utilities: readonly DeploymentSummary[]) {
  return utilities.map(utility => ({
    utility: utility.name,
    driver: `${utility.driverVersion.name} ${utility.driverVersion.version}`,
    app: utility.appVersion,
    state: utility.state,
    task: utility.latestTask
      ? `${utility.latestTask.type} ${utility.latestTask.result}`
      : 'none',
  }));
}

export function environmentView(environment: Environment) {
  return {
    name: environment.name,
    id: environment.id,
    cluster: environment.cluster.name,
    overrides: environment.overrides,
    backupStorageLocation: environment.backupStorageLocation,
    version: environment.version,
    updated: `${environment.updatedAt} by ${environment.updatedBy}`,
  };
}

export function deploymentRow(deployment: Deployment) {
  return {
    environment: deployment.environment.name,
    name: deployment.name,
    driver: `${deployment.driverVersion.name} ${deployment.driverVersion.version}`,
    app: deployment.appVersion,
    state: deployment.state,
    version: deployment.version,
    instance: deployment.activeInstance?.number,
  };
}

export function deploymentView(deployment: DeploymentWithInstance) {
  const instance = deployment.activeInstance;
  return {
    ...deploymentRow({
      ...deployment,
      activeInstance: instance && {
        id: instance.id,
        number: instance.number,
        createdAt: instance.createdAt,
      },
    }),
    id: deployment.id,
    stateReason: deployment.stateReason,
    configuration: deployment.configuration,
    updated: `${deployment.updatedAt} by ${deployment.updatedBy}`,
    deleted: deployment.deletedAt,
    task: instance?.task && taskSummary(instance.task),
  };
}

export function taskSummary(task: NonNullable<Instance['task']>) {
  return `${task.type} ${task.result} (flow run ${task.flowRun.flowName} ${task.flowRun.state} in ${task.flowRun.pool})`;
}

export function diffRows(changes: readonly ContextChange[]) {
  return changes.map(change => ({
    path: change.path,
    kind: change.kind,
    before: cell(change.before ?? undefined),
    after: cell(change.after ?? undefined),
  }));
}

export function redeploymentRows(redeployments: readonly Redeployment[]) {
  return redeployments.map(({ deployment, flow, diff, task }) => ({
    environment: deployment.environment.name,
    deployment: deployment.name,
    flow,
    changes: diff.length,
    task: task ? `${task.type} ${task.status}` : undefined,
  }));
}

export function instanceRows(instances: readonly TimelineEntry[]) {
  return instances.map(instance => ({
    number: instance.number,
    active: instance.active,
    created: instance.createdAt,
    by: instance.createdBy,
    driver: `${instance.driverVersion.name} ${instance.driverVersion.version}`,
    task: instance.task && `${instance.task.type} ${instance.task.result}`,
    changes: instance.diff.length,
    'restore point': instance.restorePoint?.phase ?? undefined,
    'rollback to': instance.rollbackTo
      ? `${instance.rollbackTo.number}${
          instance.restoresData ? ' with data' : ''
        }`
      : undefined,
  }));
}

/** The blocks the table format prints for a change: what happened, the diff, the others. */
/**
 * The steps of the task that a change starts, in the order they run, each hook step with
 * the driver actions it runs.
 */
export function plannedStepRows(
  result: Pick<DeploymentChangeResult, 'plannedSteps' | 'plannedActions'>,
) {
  return result.plannedSteps.map((step, index) => ({
    position: index + 1,
    step,
    actions:
      result.plannedActions
        .filter(
          action =>
            hookStepName(action.hook as Hook, action.mode as Mode) === step,
        )
        .map(action => action.name)
        .join(', ') || undefined,
  }));
}

export function changeTables(result: DeploymentChangeResult): unknown[] {
  const {
    deployment,
    changed,
    instance,
    task,
    droppedParameters,
    carriedOverParameters,
  } = result;
  const summary = {
    deployment: `${deployment.environment.name}/${deployment.name}`,
    changed,
    state: deployment.state,
    version: deployment.version,
    instance: instance?.number,
    task: task ? taskSummary(task) : undefined,
    droppedParameters,
    carriedOverParameters: carriedOverParameters.map(
      ({ parameter, field, value }) =>
        `${parameter} -> ${field} = ${JSON.stringify(value)}`,
    ),
  };
  return [
    summary,
    diffRows(result.diff),
    redeploymentRows(result.siblings),
  ].filter(block => !Array.isArray(block) || block.length > 0);
}
