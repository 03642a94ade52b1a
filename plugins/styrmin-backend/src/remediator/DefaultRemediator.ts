import {
  APPLY_STYRMIN_DEPLOYMENT_STEP,
  FlowRunState,
  plannedSteps,
  remediationFlow,
  TASK_TYPE_OF_FLOW,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { inTransaction } from '../database/inTransaction';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { InstanceStore } from '../instances/InstanceStore';
import { Task, TaskStore } from '../tasks/TaskStore';
import {
  Remediation,
  Remediator,
  RemediatorRemediateOptions,
} from './Remediator';

/**
 * Options of {@link DefaultRemediator.create}.
 *
 * @internal
 */
export type DefaultRemediatorOptions = {
  knex: Knex;
  broker: FlowRunBroker;
  tasks: TaskStore;
  instances: InstanceStore;
  deployments: DeploymentStore;
  changes: ChangeNotifier;
};

/** The flow run states of a task that has not ended. */
const OPEN_TASK_STATUSES: FlowRunState[] = ['SCHEDULED', 'RUNNING'];

/**
 * The {@link Remediator} on the stores and the flow-run queue. For each change it
 * dispatches the flow run to the work pool of the deployment's cluster, creates the task
 * with its planned steps (`plannedSteps`), links the new instance to the task, supersedes
 * older tasks of the deployment that the new one takes over from, and moves the
 * deployment to DEPLOYING, or DELETING for a deletion: all in the caller's transaction, so
 * that the instance and what acts on it are recorded together or not at all.
 *
 * @internal
 */
export class DefaultRemediator implements Remediator {
  readonly #knex: Knex;
  readonly #broker: FlowRunBroker;
  readonly #tasks: TaskStore;
  readonly #instances: InstanceStore;
  readonly #deployments: DeploymentStore;
  readonly #changes: ChangeNotifier;

  static create(options: DefaultRemediatorOptions): DefaultRemediator {
    return new DefaultRemediator(options);
  }

  private constructor(options: DefaultRemediatorOptions) {
    this.#knex = options.knex;
    this.#broker = options.broker;
    this.#tasks = options.tasks;
    this.#instances = options.instances;
    this.#deployments = options.deployments;
    this.#changes = options.changes;
  }

  async remediate(options: RemediatorRemediateOptions): Promise<Remediation> {
    const { deploymentId, cluster, active, instance, driver, createdBy } =
      options;
    const flowName = remediationFlow({
      active: active?.context,
      desired: instance?.context,
    });
    return inTransaction(options.tx ?? this.#knex, async tx => {
      const older = await this.#tasks.listTasks({
        tx,
        deploymentId,
        statuses: OPEN_TASK_STATUSES,
      });
      const flowRun = await this.#broker.dispatch({
        tx,
        pool: cluster.workPool,
        flowName,
        parameters: {
          deploymentId,
          ...(instance && { instanceId: instance.id }),
        },
      });
      const task = await this.#tasks.createTask({
        tx,
        type: TASK_TYPE_OF_FLOW[flowName],
        deploymentId,
        flowRunId: flowRun.id,
        createdBy,
        stepNames: plannedSteps({ flowName, driver }),
        prompts: options.prompts,
      });
      if (instance) {
        await this.#instances.setTask({ tx, id: instance.id, taskId: task.id });
      }
      const supersededTaskIds: string[] = [];
      for (const olderTask of older.filter(hasAppliedItsResource)) {
        await this.#tasks.supersedeSteps({
          tx,
          taskId: olderTask.id,
          supersededByTaskId: task.id,
        });
        supersededTaskIds.push(olderTask.id);
      }
      await this.#deployments.setState({
        tx,
        id: deploymentId,
        state: flowName === 'DELETE' ? 'DELETING' : 'DEPLOYING',
      });
      this.#changes.notify({ tx, deploymentIds: [deploymentId] });
      return { flowName, task, flowRun, supersededTaskIds };
    });
  }
}

/**
 * Whether a task that has not ended applied its StyrminDeployment resource: its operator
 * phases, and what follows them, act on that resource, which the new task's replaces. A
 * task that has not got that far is left alone: its run was dispatched first, and a
 * takeover that happens later, when the newer run applies its resource, is the agent
 * protocol's to record.
 */
function hasAppliedItsResource(task: Task): boolean {
  return task.steps.some(
    step =>
      step.name === APPLY_STYRMIN_DEPLOYMENT_STEP &&
      step.status === 'SUCCEEDED',
  );
}
