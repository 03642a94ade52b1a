import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  computeTaskResult,
  FlowName,
  isComponentFlow,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { BESIDE_TASK_TYPES } from '../deployments/DeploymentStateFollower';
import { Deployment } from '../deployments/DeploymentStore';
import { FlowRun, FlowRunStore } from '../flows/FlowRunStore';
import { InstanceStore } from '../instances/InstanceStore';
import { Task, TaskStore } from '../tasks/TaskStore';
import { DeploymentChanges } from './DeploymentChanges';
import {
  recordDeploymentTask,
  RecordDeploymentTaskDeps,
} from './recordDeploymentTask';

/**
 * Options of {@link TaskRetries.create}.
 *
 * @internal
 */
export type TaskRetriesOptions = RecordDeploymentTaskDeps & {
  tasks: TaskStore;
  flowRuns: FlowRunStore;
  instances: InstanceStore;
  deploymentChanges: DeploymentChanges;
};

/** @internal */
export type TaskRetriesRetryOptions = {
  taskId: string;
  /** Who retries it: the new task's author. */
  createdBy: string;
};

/** The flows that apply an instance: their run names it (`instanceId`). */
const INSTANCE_FLOWS: ReadonlySet<FlowName> = new Set([
  'CREATE_INSTANCE',
  'UPDATE_INSTANCE',
  'UPGRADE_INSTANCE',
]);

/**
 * Retries failed tasks as users ask: a new task of the same change, by the same flow with
 * the same parameters, so that it does again what the failed one set out to do. A task that
 * applied an instance applies the same instance again (the deployment DEPLOYING again, the
 * answers to its actions' prompts kept, the instance's task the new one, which its
 * timeline entry links to); stop, start and restart components and run_job
 * act on the same components and run the same job; a failed deletion is started again.
 *
 * Refused with CONFLICT, writing nothing: a task that did not fail; one that a hook's step
 * started (it is part of that task: retry that one); a task of another kind (backups are
 * taken or restored again from their own actions); and a task whose deployment moved on,
 * that is, one that is no longer the deployment's newest task (backups aside, as for the
 * deployment's state): a newer instance, job or retry came after it. The newest-task check
 * runs again in the transaction that records the retry, under the lock of the deployment's
 * environment, so that two retries of one task cannot both start (a deletion's own rules
 * refuse a second: it must have FAILED). The deployment must also
 * take the task as when it was first started (recordDeploymentTask's state rules).
 *
 * @internal
 */
export class TaskRetries {
  readonly #options: TaskRetriesOptions;

  static create(options: TaskRetriesOptions): TaskRetries {
    return new TaskRetries(options);
  }

  private constructor(options: TaskRetriesOptions) {
    this.#options = options;
  }

  async retryTask(
    options: TaskRetriesRetryOptions,
  ): Promise<{ deployment: Deployment; task: Task }> {
    const { taskId, createdBy } = options;
    const { tasks, flowRuns, deploymentChanges } = this.#options;
    const failed = await tasks.getTask({ taskId });
    if (!failed) {
      throw new NotFoundError(`Task ${taskId} does not exist`);
    }
    const graph = (await tasks.getTaskGraph({ taskId }))!;
    const result = computeTaskResult(graph);
    if (result !== 'FAILED') {
      throw new ConflictError(
        `Task ${taskId} (${failed.type}) is ${result}: only a task that failed can be retried`,
      );
    }
    if (failed.startKey !== undefined) {
      throw new ConflictError(
        `Task ${taskId} (${failed.type}) was started by a step of another task: retry that task`,
      );
    }
    const deploymentId = failed.deploymentId;
    if (!deploymentId) {
      throw new ConflictError(
        `Task ${taskId} (${failed.type}) acts on an environment, not on a deployment: it is not retried`,
      );
    }
    const run = (await flowRuns.getFlowRun({ flowRunId: failed.flowRunId }))!;
    const stillNewest = (tx?: Knex.Transaction) =>
      this.#checkNewest(failed, deploymentId, tx);
    // First, so that the refusal says why before the deployment's state does.
    await stillNewest();

    if (run.flowName === 'DELETE') {
      // Its own rules refuse a second retry: the deletion must have FAILED.
      const deleted = await deploymentChanges.deleteDeployment({
        deploymentId,
        deletedBy: createdBy,
      });
      return {
        deployment: deleted.deployment,
        task: deleted.redeployment!.remediation!.task,
      };
    }
    const appliesInstance = INSTANCE_FLOWS.has(run.flowName);
    if (!appliesInstance && !isRecordedAsIs(run)) {
      throw new ConflictError(
        `Task ${taskId} (${failed.type}) is not retried here: start it again from its own action`,
      );
    }
    return recordDeploymentTask(this.#options, {
      deploymentId,
      operation: 'a failed task can be retried',
      check: (_driver, tx) => stillNewest(tx),
      task: {
        flowName: run.flowName,
        parameters: parametersOf(run),
        stepNames: failed.steps.map(step => step.name),
      },
      ...(appliesInstance && {
        state: 'DEPLOYING',
        prompts: failed.prompts,
        recorded: (task: Task, tx: Knex.Transaction) =>
          this.#options.instances.setInstanceTask({
            tx,
            id: instanceIdOf(run),
            taskId: task.id,
          }),
      }),
      createdBy,
    });
  }

  /** CONFLICT unless the task is still the newest that decides the deployment's state. */
  async #checkNewest(
    failed: Task,
    deploymentId: string,
    tx?: Knex.Transaction,
  ): Promise<void> {
    const [newest] = await this.#options.tasks.getNewestTasks({
      tx,
      deploymentIds: [deploymentId],
      ignoreTypes: BESIDE_TASK_TYPES,
    });
    if (newest && newest.id !== failed.id) {
      throw new ConflictError(
        `The deployment moved on since task ${failed.id} (${failed.type}) failed: task ${newest.id} (${newest.type}) is newer; retry that one, or start a new change`,
      );
    }
  }
}

/** Whether a run records intent only, so that the same parameters do the same again. */
function isRecordedAsIs(run: FlowRun): boolean {
  return isComponentFlow(run.flowName) || run.flowName === 'RUN_JOB';
}

/** The instance that a run of an instance flow applies. */
function instanceIdOf(run: FlowRun): string {
  const { instanceId } = run.parameters;
  if (typeof instanceId !== 'string') {
    throw new Error(`Flow run ${run.id} (${run.flowName}) names no instance`);
  }
  return instanceId;
}

/** What the run's flow needs besides the deployment, which the remediator adds. */
function parametersOf(run: FlowRun) {
  const { deploymentId: _deploymentId, ...parameters } = run.parameters;
  return parameters;
}
