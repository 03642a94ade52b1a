import { LoggerService } from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import { NotificationService } from '@backstage/plugin-notifications-node';
import {
  canonicalJson,
  computeTaskResult,
  environmentEntityName,
  redactSecrets,
  styrminPagePaths,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { createHash } from 'node:crypto';
import { ACTION_TOKEN_PATTERN } from '../actionTokens/actionToken';
import { runTextRedactor } from '../agentProtocol/redactRunText';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { FlowRun, FlowRunStore } from '../flows/FlowRunStore';
import { InstanceStore } from '../instances/InstanceStore';
import { Step } from './Step';
import { Task, TaskStore } from './TaskStore';

/**
 * The topic of failed-task notifications: users mute it in their notification settings.
 *
 * @internal
 */
export const TASK_FAILED_TOPIC = 'styrmin-task-failed';

/** What a notification quotes of a step's error at most; the Tasks tab has the rest. */
const MAX_ERROR_LENGTH = 500;

/** How a title names what a task of each type set out to do. */
const TASK_WORDS: Record<TaskType, string> = {
  create_instance: 'creation',
  update_instance: 'update',
  upgrade_instance: 'upgrade',
  stop_components: 'stop of components',
  start_components: 'start of components',
  restart_components: 'restart of components',
  run_job: 'job',
  delete_deployment: 'deletion',
  create_backup: 'backup',
  restore_backup: 'restore',
  delete_backup: 'deletion of a backup',
  upgrade_environment: 'environment upgrade',
  restore_environment: 'environment restore',
  clone_environment: 'environment clone',
};

/**
 * Options of {@link TaskFailureNotifier.create}.
 *
 * @internal
 */
export type TaskFailureNotifierOptions = {
  notifications: NotificationService;
  tasks: TaskStore;
  flowRuns: FlowRunStore;
  deployments: DeploymentStore;
  environments: EnvironmentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  logger: LoggerService;
  /** The catalog namespace of Styrmin's entities (`catalog.providers.styrmin.namespace`). */
  catalogNamespace: string;
};

/**
 * Tells the people concerned when a task fails, through Backstage notifications: the
 * task's author (when a user) and the owners of its environment's catalog entity (the
 * notifications backend resolves the entity to its owner, a group to its members).
 *
 * A task fails when its result (computed over the task and the tasks its steps started)
 * becomes FAILED, which happens at the end of the last run of the tree that was still
 * running: it is told of every run's end (`FlowRunBroker.onEnded`), whatever the flow, and
 * notifies about the tree's top task. A task that succeeds, or that another task
 * superseded, notifies nobody.
 *
 * The notification's scope is the change the task makes (its flow and parameters, on its
 * deployment or environment), so that a retry of a failed task, which runs the same flow
 * with the same parameters under a new task id, updates the notification of the first
 * failure instead of adding one. Its text quotes the failed step's error redacted as the
 * agent's reports are (`runTextRedactor`).
 *
 * @internal
 */
export class TaskFailureNotifier {
  readonly #options: TaskFailureNotifierOptions;

  static create(options: TaskFailureNotifierOptions): TaskFailureNotifier {
    return new TaskFailureNotifier(options);
  }

  private constructor(options: TaskFailureNotifierOptions) {
    this.#options = options;
  }

  /**
   * After a flow run ended (committed): notifies when the task tree it belongs to failed.
   * Never throws: a notification that cannot be sent is logged, and the task stays failed.
   */
  async afterRunEnded(options: { flowRunId: string }): Promise<void> {
    try {
      await this.#notifyIfFailed(options.flowRunId);
    } catch (error) {
      this.#options.logger.warn(
        `Could not notify about the end of flow run ${options.flowRunId}: ${error}`,
      );
    }
  }

  async #notifyIfFailed(flowRunId: string): Promise<void> {
    const { tasks, flowRuns, notifications } = this.#options;
    const task = await tasks.getTaskOfFlowRun({ flowRunId });
    const root =
      task && task.startKey !== undefined
        ? await tasks.getRootTask({ taskId: task.id })
        : task;
    const graph = root && (await tasks.getTaskGraph({ taskId: root.id }));
    if (!root || !graph || computeTaskResult(graph) !== 'FAILED') {
      return;
    }
    const run = (await flowRuns.getFlowRun({ flowRunId: root.flowRunId }))!;
    const treeTasks = await tasks.getTasks({
      taskIds: graph.tasks.map(t => t.id),
    });
    // The top task's own failed step first: it is what its author started.
    const failedStep = [root, ...treeTasks.filter(t => t.id !== root.id)]
      .flatMap(t => t.steps)
      .find(step => step.status === 'FAILED');
    await notifications.send(await this.#notification(root, run, failedStep));
  }

  async #notification(task: Task, run: FlowRun, failedStep?: Step) {
    const { deployments, environments, catalogNamespace } = this.#options;
    const environment = (await environments.getEnvironment({
      id: task.environmentId,
    }))!;
    const deployment = task.deploymentId
      ? await deployments.getDeployment({ id: task.deploymentId })
      : undefined;
    const subject = deployment
      ? `${deployment.name} in ${environment.name}`
      : environment.name;
    const what = `${TASK_WORDS[task.type]} failed`;
    const where = failedStep ? ` at step '${failedStep.name}'` : '';
    const redact = await this.#redactor(run, task.deploymentId);
    const error = failedStep?.errors.at(-1)?.message ?? run.reason;
    const page = deployment
      ? styrminPagePaths.deployment(deployment)
      : styrminPagePaths.environment(environment);
    // A service (the backup scheduler, styrminctl's static token) has nobody to tell.
    const author = isUserRef(task.createdBy) ? [task.createdBy] : [];
    return {
      recipients: {
        type: 'entity' as const,
        entityRef: [
          ...author,
          `resource:${catalogNamespace}/${environmentEntityName(environment)}`,
        ],
      },
      payload: {
        title: `${subject}: ${what}${where}`,
        description: `${error ? `${truncate(redact(error))} ` : ''}(task ${
          task.id
        }, started by ${task.createdBy})`,
        link: `${page}/tasks`,
        severity: 'high' as const,
        topic: TASK_FAILED_TOPIC,
        scope: changeScope(task, run),
      },
    };
  }

  async #redactor(
    run: FlowRun,
    deploymentId: string | null,
  ): Promise<(text: string) => string> {
    if (deploymentId) {
      return runTextRedactor(this.#options, { run, deploymentId });
    }
    // An environment task's errors come from the backend's own flows: no instance of it.
    return text =>
      redactSecrets(text, { secrets: [] }).replace(
        ACTION_TOKEN_PATTERN,
        '<redacted>',
      );
  }
}

/** The change a task makes: its flow with its parameters, on its record. */
function changeScope(task: Task, run: FlowRun): string {
  const parameters = createHash('sha256')
    .update(JSON.stringify(canonicalJson(run.parameters)))
    .digest('hex')
    .slice(0, 16);
  const record = task.deploymentId
    ? `deployment:${task.deploymentId}`
    : `environment:${task.environmentId}`;
  return `styrmin:${record}:${run.flowName}:${parameters}`;
}

function isUserRef(ref: string): boolean {
  try {
    return parseEntityRef(ref).kind.toLocaleLowerCase('en-US') === 'user';
  } catch {
    return false;
  }
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_LENGTH
    ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…`
    : text;
}
