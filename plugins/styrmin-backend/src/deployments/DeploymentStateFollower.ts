import {
  computeTaskResult,
  JsonObject,
  DeploymentStateChange,
  deploymentStateAfterRun,
  deploymentStateFromStatus,
  TaskGraph,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { BackupRunFollower } from '../backups/BackupRunFollower';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { FlowRun, FlowRunStore } from '../flows/FlowRunStore';
import { ObservedStateStore } from '../observedState/ObservedStateStore';
import { TaskStore } from '../tasks/TaskStore';
import { DeploymentStore } from './DeploymentStore';

/**
 * Options of {@link DeploymentStateFollower.create}.
 *
 * @internal
 */
export type DeploymentStateFollowerOptions = {
  deployments: DeploymentStore;
  tasks: TaskStore;
  flowRuns: FlowRunStore;
  observedState: ObservedStateStore;
  changes: ChangeNotifier;
  /** What the end of a backup flow's run does to the backup and restore records. */
  backupRuns?: BackupRunFollower;
};

/**
 * The tasks that work beside the application and say nothing of whether it runs: the
 * newest task that decides the state is the newest of the others, so that a backup taken
 * while a change runs does not leave the deployment DEPLOYING when the change ends.
 *
 * @internal
 */
export const BESIDE_TASK_TYPES: readonly TaskType[] = [
  'create_backup',
  'delete_backup',
];

/**
 * Moves a deployment's state as the glossary says, from what the agent reports: the end of
 * the flow run of its newest task (`deploymentStateAfterRun`: a restore ends RESTORING),
 * and the resource's `.status` between tasks (`deploymentStateFromStatus`); and lets the
 * backup and restore records follow the end of their runs (`BackupRunFollower`). Both run in the caller's transaction, so the
 * state changes with the report that causes it or not at all.
 *
 * @internal
 */
export class DeploymentStateFollower {
  readonly #deployments: DeploymentStore;
  readonly #tasks: TaskStore;
  readonly #flowRuns: FlowRunStore;
  readonly #observedState: ObservedStateStore;
  readonly #changes: ChangeNotifier;
  readonly #backupRuns?: BackupRunFollower;

  static create(
    options: DeploymentStateFollowerOptions,
  ): DeploymentStateFollower {
    return new DeploymentStateFollower(options);
  }

  private constructor(options: DeploymentStateFollowerOptions) {
    this.#deployments = options.deployments;
    this.#tasks = options.tasks;
    this.#flowRuns = options.flowRuns;
    this.#observedState = options.observedState;
    this.#changes = options.changes;
    this.#backupRuns = options.backupRuns;
  }

  /**
   * After a flow run ended: when its task's tree is the deployment's newest task (a task
   * that a hook's step started is part of the task of that step), the deployment follows
   * once nothing in the tree runs any more (RUNNING, DELETED with its observed state gone,
   * or FAILED with the reason of the run that failed in the tree). An older task that a
   * newer change overtook leaves the state to the newer one.
   */
  async afterRunEnded(options: {
    tx: Knex.Transaction;
    flowRunId: string;
    state: 'SUCCEEDED' | 'FAILED' | 'CRASHED';
    reason?: string;
  }): Promise<DeploymentStateChange | undefined> {
    const { tx, flowRunId, state, reason } = options;
    const [task, run] = await Promise.all([
      this.#tasks.getTaskOfFlowRun({ tx, flowRunId }),
      this.#flowRuns.getFlowRun({ tx, flowRunId }),
    ]);
    if (!task || !run) {
      return undefined;
    }
    const { deploymentId } = task;
    if (deploymentId === null) {
      // An environment task: no deployment follows it, its environment's pages refresh.
      this.#changes.notify({ tx, environmentIds: [task.environmentId] });
      return undefined;
    }
    // The task's status changed, whether or not the deployment's state follows it.
    this.#changes.notify({ tx, deploymentIds: [deploymentId] });
    await this.#backupRuns?.afterRunEnded({
      tx,
      run,
      deploymentId,
      state,
      reason,
    });
    const root =
      task.startKey === undefined
        ? task
        : await this.#tasks.getRootTask({ tx, taskId: task.id });
    if (!root || !(await this.#isNewest(tx, root.id, deploymentId))) {
      return undefined;
    }
    const graph = (await this.#tasks.getTaskGraph({ tx, taskId: root.id }))!;
    const result = computeTaskResult(graph);
    if (result === 'RUNNING') {
      // A run of the tree is still to end: a hook's upgrade runs after the hook's task.
      return undefined;
    }
    const failed =
      result === 'FAILED' && state === 'SUCCEEDED'
        ? await this.#failedRunOf(tx, graph)
        : undefined;
    const change = deploymentStateAfterRun(
      failed
        ? {
            flowName: failed.flowName,
            state: failed.state === 'CRASHED' ? 'CRASHED' : 'FAILED',
            reason: failed.reason,
          }
        : { flowName: run.flowName, state, reason },
    );
    if (change) {
      await this.#apply(tx, deploymentId, change);
    }
    return change;
  }

  /**
   * After the agent reported a new `.status` of the deployment's resource: between tasks,
   * the state follows its Ready condition.
   */
  async afterStatusReported(options: {
    tx: Knex.Transaction;
    deploymentId: string;
    status: JsonObject;
  }): Promise<DeploymentStateChange | undefined> {
    const { tx, deploymentId, status } = options;
    const deployment = await this.#deployments.getDeployment({
      tx,
      id: deploymentId,
    });
    if (!deployment) {
      return undefined;
    }
    const [newest] = await this.#tasks.getNewestTasks({
      tx,
      deploymentIds: [deploymentId],
      ignoreTypes: BESIDE_TASK_TYPES,
    });
    const graph =
      newest && (await this.#tasks.getTaskGraph({ tx, taskId: newest.id }));
    const change = deploymentStateFromStatus({
      state: deployment.state,
      newestTaskResult: graph ? computeTaskResult(graph) : undefined,
      status,
    });
    if (change) {
      await this.#apply(tx, deploymentId, change);
    }
    return change;
  }

  /** The run of a task of the tree that failed, when this run's success ended it. */
  async #failedRunOf(
    tx: Knex.Transaction,
    graph: TaskGraph,
  ): Promise<FlowRun | undefined> {
    const failedTask = graph.tasks.find(
      task => task.status === 'FAILED' || task.status === 'CRASHED',
    );
    const task =
      failedTask && (await this.#tasks.getTask({ tx, taskId: failedTask.id }));
    return task && this.#flowRuns.getFlowRun({ tx, flowRunId: task.flowRunId });
  }

  async #isNewest(
    tx: Knex.Transaction,
    taskId: string,
    deploymentId: string,
  ): Promise<boolean> {
    const [newest] = await this.#tasks.getNewestTasks({
      tx,
      deploymentIds: [deploymentId],
      ignoreTypes: BESIDE_TASK_TYPES,
    });
    return newest?.id === taskId;
  }

  async #apply(
    tx: Knex.Transaction,
    deploymentId: string,
    change: DeploymentStateChange,
  ): Promise<void> {
    await this.#deployments.setState({
      tx,
      id: deploymentId,
      state: change.state,
      reason: change.reason,
    });
    this.#changes.notify({ tx, deploymentIds: [deploymentId] });
    if (change.state === 'DELETED') {
      await this.#observedState.removeObservedState({ tx, deploymentId });
    }
  }
}
