import { InputError } from '@backstage/errors';
import {
  APPLY_STYRMIN_DEPLOYMENT_STEP,
  BackupBeforeUpgrade,
  DeploymentConfiguration,
  DeploymentState,
  DriverSpec,
  FlowRunState,
  isEnvironmentFlow,
  plannedSteps,
  PromptAnswers,
  remediationFlow,
  takesRestorePoint,
  TASK_TYPE_OF_FLOW,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { Cluster } from '../clusters/ClusterStore';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';
import { FlowRunBroker } from '../flows/FlowRunBroker';
import { FlowRun } from '../flows/FlowRunStore';
import { GeneratedInstance } from '../generator/Generator';
import { Instance } from '../instances/Instance';
import { InstanceStore } from '../instances/InstanceStore';
import { Task, TaskCause, TaskStore } from '../tasks/TaskStore';
import {
  DeploymentIntent,
  Redeployment,
  Remediator,
  RemediatorRecordEnvironmentTaskOptions,
  RemediatorRecordTaskOptions,
  RemediatorRemediateOptions,
  RemediatorRollback,
  TaskStartedBy,
} from './Remediator';

/**
 * Options of {@link DefaultRemediator.create}.
 *
 * @internal
 */
export type DefaultRemediatorOptions = {
  broker: FlowRunBroker;
  tasks: TaskStore;
  instances: InstanceStore;
  deployments: DeploymentStore;
  changes: ChangeNotifier;
};

/** The flow run states of a task that has not ended. */
const OPEN_TASK_STATUSES: FlowRunState[] = ['SCHEDULED', 'RUNNING'];

/** One deployment to redeploy, as {@link DefaultRemediator} goes through a change. */
type DeploymentRemediation = {
  deploymentId: string;
  /** The instance active before the change. */
  active?: Instance;
  /** The newly generated instance; absent for a deletion. */
  generated?: GeneratedInstance;
  /** The deployment configuration the instance is generated from. */
  configuration?: DeploymentConfiguration;
  driver: DriverSpec;
  /** Records the deployment's intent and state in one statement; returns it after. */
  write(state: DeploymentState): Promise<Deployment>;
};

/**
 * The {@link Remediator} on the stores and the flow-run queue. Each row it writes it
 * writes once: the deployment's intent with its state, the flow run, the task and its
 * planned steps, the instance with its task (its predecessor deactivated first); what the
 * change did is answered from what it wrote.
 *
 * @internal
 */
export class DefaultRemediator implements Remediator {
  readonly #broker: FlowRunBroker;
  readonly #tasks: TaskStore;
  readonly #instances: InstanceStore;
  readonly #deployments: DeploymentStore;
  readonly #changes: ChangeNotifier;

  static create(options: DefaultRemediatorOptions): DefaultRemediator {
    return new DefaultRemediator(options);
  }

  private constructor(options: DefaultRemediatorOptions) {
    this.#broker = options.broker;
    this.#tasks = options.tasks;
    this.#instances = options.instances;
    this.#deployments = options.deployments;
    this.#changes = options.changes;
  }

  async remediate(
    options: RemediatorRemediateOptions,
  ): Promise<Redeployment[]> {
    const { tx, cluster, intent, createdBy, prompts, cause, startedBy } =
      options;
    const policy = options.environment?.settings.backup_before_upgrade;
    const deployments = this.#deploymentsOf(options);
    if (intent?.kind === 'delete') {
      deployments.unshift(this.#deletion(tx, intent, createdBy));
    }
    const redeployments: Redeployment[] = [];
    for (const deployment of deployments) {
      redeployments.push(
        await this.#remediateOne(tx, {
          ...deployment,
          cluster,
          createdBy,
          ...(prompts?.deploymentId === deployment.deploymentId && {
            prompts: prompts.answers,
          }),
          ...(isOwn(intent, deployment.deploymentId)
            ? { startedBy, ...options.rollback }
            : { cause }),
          policy,
        }),
      );
    }
    return redeployments;
  }

  async recordTask(
    options: RemediatorRecordTaskOptions,
  ): Promise<{ task: Task; flowRun: FlowRun }> {
    const { tx, cluster, deploymentId, task, createdBy, startedBy, state } =
      options;
    if (state) {
      await this.#deployments.setState({ tx, id: deploymentId, state });
    }
    const flowRun = await this.#broker.dispatch({
      tx,
      pool: cluster.workPool,
      flowName: task.flowName,
      parameters: { ...task.parameters, deploymentId },
    });
    const created = await this.#tasks.createTask({
      tx,
      type: TASK_TYPE_OF_FLOW[task.flowName],
      deploymentId,
      flowRunId: flowRun.id,
      createdBy,
      stepNames: task.stepNames,
      startKey: startedBy?.startKey,
      cause: options.cause,
      prompts: options.prompts,
    });
    await this.#link(tx, startedBy, created);
    this.#changes.notify({ tx, deploymentIds: [deploymentId] });
    return { task: created, flowRun };
  }

  async recordEnvironmentTask(
    options: RemediatorRecordEnvironmentTaskOptions,
  ): Promise<{ task: Task; flowRun: FlowRun }> {
    const { tx, environmentId, task, createdBy } = options;
    if (!isEnvironmentFlow(task.flowName)) {
      throw new InputError(
        `${task.flowName} is not a flow of an environment task`,
      );
    }
    const flowRun = await this.#broker.dispatch({
      tx,
      pool: 'server',
      flowName: task.flowName,
      parameters: { ...task.parameters, environmentId },
    });
    const created = await this.#tasks.createTask({
      tx,
      type: TASK_TYPE_OF_FLOW[task.flowName],
      environmentId,
      flowRunId: flowRun.id,
      createdBy,
      stepNames: task.stepNames,
    });
    this.#changes.notify({ tx, environmentIds: [environmentId] });
    return { task: created, flowRun };
  }

  /** Links the step that started a task to it, when a step did. */
  async #link(
    tx: Knex.Transaction,
    startedBy: TaskStartedBy | undefined,
    task: Task,
  ): Promise<void> {
    if (startedBy) {
      await this.#tasks.linkStartedTask({
        tx,
        stepId: startedBy.stepId,
        startedTaskId: task.id,
      });
    }
  }

  /** The generated instances that changed, each with how its deployment is written. */
  #deploymentsOf(options: RemediatorRemediateOptions): DeploymentRemediation[] {
    const { tx, intent, createdBy } = options;
    return options.instances
      .filter(generated => generated.changed)
      .map(generated => {
        const own =
          intent?.kind !== 'delete' && isOwn(intent, generated.deploymentId)
            ? intent
            : undefined;
        const write = (state: DeploymentState) => {
          if (own?.kind === 'create') {
            return this.#deployments.createDeployment({
              tx,
              ...own.deployment,
              environmentId: own.environmentId,
              state,
              createdBy,
            });
          }
          if (own?.kind === 'update') {
            return this.#deployments.updateDeployment({
              tx,
              ...own.deployment,
              expectedVersion: own.expectedVersion,
              state,
              updatedBy: createdBy,
            });
          }
          return this.#setState(tx, generated.stored!, state);
        };
        return {
          deploymentId: generated.deploymentId,
          active: generated.active,
          generated,
          configuration:
            own?.deployment.configuration ?? generated.stored?.configuration,
          driver: generated.driverVersion.spec,
          write,
        };
      });
  }

  /** How the deletion of a deployment is written: its tombstone, its instance ended. */
  #deletion(
    tx: Knex.Transaction,
    intent: DeploymentIntent & { kind: 'delete' },
    deletedBy: string,
  ): DeploymentRemediation {
    const { deployment, expectedVersion, active } = intent;
    return {
      deploymentId: deployment.id,
      active,
      driver: intent.driverVersion.spec,
      write: async state => {
        if (active) {
          await this.#instances.deactivateInstance({ tx, id: active.id });
        }
        return expectedVersion === undefined
          ? this.#setState(tx, deployment, state)
          : this.#deployments.updateDeployment({
              tx,
              id: deployment.id,
              expectedVersion,
              driver: deployment.driver,
              configuration: deployment.configuration,
              deleted: true,
              state,
              updatedBy: deletedBy,
            });
      },
    };
  }

  async #remediateOne(
    tx: Knex.Transaction,
    options: DeploymentRemediation & {
      cluster: Cluster;
      createdBy: string;
      prompts?: PromptAnswers;
      cause?: TaskCause;
      startedBy?: TaskStartedBy;
      policy?: BackupBeforeUpgrade;
    } & RemediatorRollback,
  ): Promise<Redeployment> {
    const { deploymentId, active, generated, cluster, createdBy } = options;
    const flowName = remediationFlow({
      active: active?.context,
      desired: generated?.context,
    });
    const older = await this.#tasks.listTasks({
      tx,
      deploymentId,
      statuses: OPEN_TASK_STATUSES,
    });
    // First, since the task and the instance reference the deployment it may insert.
    const deployment = await options.write(
      flowName === 'DELETE' ? 'DELETING' : 'DEPLOYING',
    );
    // The instance's id is chosen first: the flow run names it, and the instance its task.
    const instanceId = generated && randomUUID();
    const flowRun = await this.#broker.dispatch({
      tx,
      pool: cluster.workPool,
      flowName,
      parameters: { deploymentId, ...(instanceId && { instanceId }) },
    });
    const task = await this.#tasks.createTask({
      tx,
      type: TASK_TYPE_OF_FLOW[flowName],
      deploymentId,
      flowRunId: flowRun.id,
      createdBy,
      stepNames: plannedSteps({
        flowName,
        driver: options.driver,
        restorePoint:
          options.restoresBackupId === undefined &&
          takesRestorePoint({
            flowName,
            driver: options.driver,
            policy: options.policy,
          }),
        restoresBackup: options.restoresBackupId !== undefined,
      }),
      prompts: options.prompts,
      cause: options.cause,
      startKey: options.startedBy?.startKey,
    });
    await this.#link(tx, options.startedBy, task);
    const instance =
      generated &&
      (await this.#instances.createInstance({
        tx,
        id: instanceId,
        deploymentId,
        driver: generated.driverVersion,
        context: generated.context,
        diff: generated.diff,
        replaces: active?.id,
        taskId: task.id,
        configuration: options.configuration,
        rollbackToInstanceId: options.rollbackToInstanceId,
        restoresBackupId: options.restoresBackupId,
        createdBy,
      }));
    const supersededTaskIds = await this.#supersede(tx, older, task);
    this.#changes.notify({ tx, deploymentIds: [deploymentId] });
    return {
      deployment,
      diff: generated?.diff ?? [],
      flowName,
      instance,
      remediation: { flowName, task, flowRun, supersededTaskIds },
    };
  }

  /**
   * Supersedes the older tasks that the new one takes over from; returns their ids. A task
   * that a step of an older one started (an action's upgradeDeploymentVersion) takes over
   * from none of the tasks it was started from, which go on after it, as when it applies
   * its resource (endStep).
   */
  async #supersede(
    tx: Knex.Transaction,
    older: Task[],
    task: Task,
  ): Promise<string[]> {
    const applied = older.filter(hasAppliedItsResource);
    const graphs =
      applied.length > 0
        ? await this.#tasks.getTaskGraphs({
            tx,
            taskIds: applied.map(olderTask => olderTask.id),
          })
        : [];
    const startedFrom = new Set(
      graphs
        .filter(graph => graph.tasks.some(t => t.id === task.id))
        .map(graph => graph.taskId),
    );
    const superseded = applied.filter(
      olderTask => !startedFrom.has(olderTask.id),
    );
    for (const olderTask of superseded) {
      await this.#tasks.supersedeSteps({
        tx,
        taskId: olderTask.id,
        supersededByTaskId: task.id,
      });
    }
    return superseded.map(olderTask => olderTask.id);
  }

  /** Moves a deployment whose intent stays to a state; answers it as it is then. */
  async #setState(
    tx: Knex.Transaction,
    deployment: Deployment,
    state: DeploymentState,
  ): Promise<Deployment> {
    await this.#deployments.setState({ tx, id: deployment.id, state });
    return { ...deployment, state, stateReason: undefined };
  }
}

/** Whether a deployment is the one whose intent the change records. */
function isOwn(
  intent: DeploymentIntent | undefined,
  deploymentId: string,
): intent is DeploymentIntent {
  return intent?.deployment.id === deploymentId;
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
