import { ConflictError } from '@backstage/errors';
import {
  AgentStartedTaskResponse,
  AgentTaskStart,
  ComponentFlow,
  RESTORE_RESTORE_POINT_STEP,
  StyrminError,
  TAKE_RESTORE_POINT_STEP,
  TASK_TYPE_OF_FLOW,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Cluster } from '../clusters/ClusterStore';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { FlowRun, FlowRunLease } from '../flows/FlowRunStore';
import {
  checkComponents,
  componentTask,
} from '../reconciliation/componentTask';
import { Deployment } from '../deployments/DeploymentStore';
import { TaskStartedBy } from '../remediator/Remediator';
import { hookCause } from '../remediator/taskCauses';
import { Task } from '../tasks/TaskStore';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import {
  findClusterDeployment,
  findClusterRun,
  findRunStep,
  holdsLease,
  lostLease,
} from './clusterRecords';
import { lockEnvironmentOf } from './lockEnvironmentOf';
import { toAgentFlowRun } from './toAgentFlowRun';

/** @internal */
export type StartTaskOptions = {
  caller: AgentCaller;
  runId: string;
  stepId: string;
  owner: string;
  attempt: number;
  stepAttempt: number;
  call: number;
} & AgentTaskStart;

/**
 * Who holds the run of a started task: the caller's owner, with the call that started it,
 * so that it never takes the place of the run the caller's owner already holds.
 */
export function startedTaskOwner(
  options: Pick<StartTaskOptions, 'owner' | 'stepAttempt' | 'call'>,
): string {
  return `${options.owner}/${options.stepAttempt}.${options.call}`;
}

/**
 * `POST /runs/:runId/steps/:stepId/tasks`: an action primitive (stop_components,
 * start_components, restart_components, upgrade_deployment_version) starts a task of the
 * run's deployment from the hook step that runs the action. In one transaction: the task
 * with its flow run in the cluster's pool and the link from the step to it, both recorded
 * by the remediator (so that it shows under the step and its result counts in the hook's),
 * and the claim of that run for the caller, who runs it at once while the step waits for
 * it.
 *
 * An upgrade is recorded as `upgradeDeployment` records it (DeploymentChanges, in this
 * transaction, with the start key), and its run is not claimed: the deployment is busy with
 * the caller's own run, after which the agent runs it (the runs of a deployment run one at
 * a time, in order), so that the step never waits for a run that waits for the step.
 *
 * Idempotent: the run, its attempt, the step, the step's attempt and the call's index make
 * the task's start key, and the same call again finds the task it started. Its run is then
 * answered again while it is the caller's (or claimed again if its lease ran out), and
 * `null` once it ended or another holds it. The step must be RUNNING at `stepAttempt`
 * under the run's lease (else CONFLICT); the components must be the deployment's driver
 * version's (VALIDATION_FAILED).
 *
 * @internal
 */
export async function startTask(
  deps: AgentProtocolDeps,
  options: StartTaskOptions,
): Promise<AgentStartedTaskResponse> {
  const { caller, runId, stepId, owner, attempt, stepAttempt, call } = options;
  const lease: FlowRunLease = { flowRunId: runId, owner, attempt };
  const cluster = caller.cluster;
  const startKey = `${runId}/${attempt}/${stepId}/${stepAttempt}/${call}`;
  return retryOnDeadlock(() =>
    deps.knex.transaction(async tx => {
      const run = await findClusterRun(deps, { tx, cluster, runId });
      const { task, step } = await findRunStep(deps, { tx, run, stepId });
      if (!holdsLease(run, lease)) {
        throw lostLease(run, lease);
      }
      const started = await deps.tasks.getTaskByStartKey({ tx, startKey });
      if (started) {
        return answer(deps, { tx, cluster, task: started, options });
      }
      if (step.status !== 'RUNNING' || step.attempts !== stepAttempt) {
        throw new ConflictError(
          `Step ${stepId} ("${step.name}") is ${step.status} at attempt ${step.attempts}: ` +
            `only its running attempt ${stepAttempt} starts tasks`,
        );
      }
      await lockEnvironmentOf(tx, deploymentIdOf(task));
      const deployment = await findClusterDeployment(deps, {
        tx,
        cluster,
        deploymentId: deploymentIdOf(task),
      });
      const start = {
        tx,
        deployment,
        task,
        stepName: step.name,
        startedBy: { stepId, startKey },
      };
      const child = await startChild(deps, { ...start, run, cluster, options });
      return answer(deps, { tx, cluster, task: child, options });
    }),
  );
}

/** What starting a task from a step knows, in the endpoint's transaction. */
type TaskStartContext = {
  tx: Knex.Transaction;
  /** The run's deployment, the one the task acts on. */
  deployment: Deployment;
  /** The task whose step starts the task. */
  task: Task;
  stepName: string;
  startedBy: TaskStartedBy;
};

/** The task the call starts, by its flow. */
async function startChild(
  deps: AgentProtocolDeps,
  start: TaskStartContext & {
    run: FlowRun;
    cluster: Cluster;
    options: StartTaskOptions;
  },
): Promise<Task> {
  const { options } = start;
  switch (options.flow) {
    case 'UPGRADE_INSTANCE':
      return startUpgrade(deps, { ...start, upgrade: options });
    case 'CREATE_BACKUP':
    case 'RESTORE_BACKUP':
      return startRestorePointTask(deps, { ...start, flow: options.flow });
    default:
      return startComponentTask(deps, {
        ...start,
        flow: options.flow,
        components: options.components,
      });
  }
}

/** stop_components, start_components or restart_components, by the remediator. */
async function startComponentTask(
  deps: AgentProtocolDeps,
  options: TaskStartContext & {
    cluster: Cluster;
    flow: ComponentFlow;
    components: string[];
  },
): Promise<Task> {
  const { tx, deployment, task } = options;
  const driver = await deps.drivers.getDriverVersion({
    tx,
    ...deployment.driver,
  });
  if (!driver) {
    throw new Error(
      `Driver version ${deployment.driver.name} ${deployment.driver.version} is not stored`,
    );
  }
  checkComponents(driver.spec, options.components);
  const environment = (await deps.environments.getEnvironment({
    tx,
    id: deployment.environmentId,
  }))!;
  const { task: child } = await deps.remediator.recordTask({
    tx,
    cluster: options.cluster,
    deploymentId: deployment.id,
    task: componentTask(options.flow, options.components),
    createdBy: task.createdBy,
    startedBy: options.startedBy,
    cause: hookCause({
      environment,
      deployment,
      task,
      stepName: options.stepName,
    }),
  });
  return child;
}

/**
 * The steps of an instance's flow that act on its restore points: "Take the restore
 * point" starts the backup of the instance before (create_backup, recorded on the run's
 * instance as its restore point), and "Restore the restore point" of a rollback with data
 * the in-place restore of the backup the instance restores (restore_backup, the
 * deployment RESTORING while it runs). From any other step, or for an instance that
 * restores nothing, VALIDATION_FAILED.
 */
async function startRestorePointTask(
  deps: AgentProtocolDeps,
  options: TaskStartContext & {
    run: FlowRun;
    flow: 'CREATE_BACKUP' | 'RESTORE_BACKUP';
  },
): Promise<Task> {
  const { tx, deployment, task, stepName, startedBy, run, flow } = options;
  const expected =
    flow === 'CREATE_BACKUP'
      ? TAKE_RESTORE_POINT_STEP
      : RESTORE_RESTORE_POINT_STEP;
  const instanceId = (run.parameters as { instanceId?: string }).instanceId;
  const [instance] = instanceId
    ? await deps.instances.getInstances({ tx, ids: [instanceId] })
    : [];
  if (stepName !== expected || !instance) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `A ${TASK_TYPE_OF_FLOW[flow]} task starts only from the step "${expected}" of an instance's flow, not from "${stepName}"`,
      { field: 'flow' },
    );
  }
  if (flow === 'CREATE_BACKUP') {
    const backup = await deps.deploymentBackups.createBackup({
      tx,
      deploymentId: deployment.id,
      trigger: 'ON_DEMAND',
      createdBy: task.createdBy,
      startedBy,
      restorePointOf: instance.id,
    });
    return (await deps.tasks.getTask({ tx, taskId: backup.taskId }))!;
  }
  if (!instance.restoresBackupId) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `Instance ${instance.number} of deployment ${deployment.name} restores no backup`,
      { field: 'flow' },
    );
  }
  const restore = await deps.deploymentBackups.restoreBackup({
    tx,
    backupId: instance.restoresBackupId,
    createdBy: task.createdBy,
    startedBy,
    startingTaskId: task.id,
  });
  return (await deps.tasks.getTask({ tx, taskId: restore.taskId }))!;
}

/**
 * upgrade_deployment_version: the upgrade of the run's deployment to another version of
 * its driver, recorded as `upgradeDeployment` records it (its checks, its refusals),
 * by the person whose task runs the hook. Another version is needed: the same one would
 * change nothing (VALIDATION_FAILED).
 */
async function startUpgrade(
  deps: AgentProtocolDeps,
  options: TaskStartContext & {
    upgrade: Extract<AgentTaskStart, { flow: 'UPGRADE_INSTANCE' }>;
  },
): Promise<Task> {
  const { tx, deployment, task, startedBy, upgrade } = options;
  if (upgrade.driverVersion === deployment.driver.version) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `Deployment ${deployment.name} is at ${deployment.driver.name} ${deployment.driver.version} already: name another version to upgrade to`,
      { field: 'driverVersion' },
    );
  }
  const result = await deps.deploymentChanges.changeDeployment({
    tx,
    deploymentId: deployment.id,
    driverVersion: upgrade.driverVersion,
    prompts: upgrade.prompts,
    updatedBy: task.createdBy,
    startedBy,
  });
  const started = result.redeployment?.remediation?.task;
  if (!started) {
    throw new Error(
      `The upgrade of deployment ${deployment.name} to ${upgrade.driverVersion} recorded no task`,
    );
  }
  return started;
}

/**
 * The started task, and its run claimed for the caller while it has not ended; an
 * upgrade's run never (see startTask).
 */
async function answer(
  deps: AgentProtocolDeps,
  options: {
    tx: Knex.Transaction;
    cluster: Cluster;
    task: Task;
    options: StartTaskOptions;
  },
): Promise<AgentStartedTaskResponse> {
  const { tx, cluster, task } = options;
  const owner = startedTaskOwner(options.options);
  if (task.type === 'upgrade_instance') {
    return { task: { id: task.id, status: task.status }, run: null, owner };
  }
  const { flowRuns, leaseSeconds } = deps;
  let run: FlowRun | undefined = await flowRuns.getFlowRun({
    tx,
    flowRunId: task.flowRunId,
  });
  if (run?.state === 'RUNNING' && run.leaseOwner === owner) {
    const { leaseExpiresAt } = await flowRuns.heartbeat({
      tx,
      lease: { flowRunId: run.id, owner, attempt: run.attempts },
      leaseSeconds,
    });
    run = { ...run, leaseExpiresAt };
  } else if (run?.state === 'SCHEDULED') {
    run = await flowRuns.claim({
      tx,
      pool: cluster.workPool,
      owner,
      leaseSeconds,
      flowRunId: run.id,
    });
  } else {
    run = undefined;
  }
  const claimed = run && (await toAgentFlowRun(deps, { tx, run, cluster }));
  return {
    task: { id: task.id, status: claimed ? 'RUNNING' : task.status },
    run: claimed ?? null,
    owner,
  };
}
