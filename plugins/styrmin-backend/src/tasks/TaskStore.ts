import {
  FlowRunState,
  PromptAnswers,
  TaskGraph,
  TaskType,
} from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';
import { FlowRunLease } from '../flows/FlowRunStore';
import { Step } from './Step';
import { TaskCause } from './TaskCause';

export type { Step, StepAttemptError } from './Step';
export type { TaskCause, TaskCauseKind, TaskCauseRecord } from './TaskCause';

/**
 * One asynchronous operation.
 *
 * @internal
 */
export type Task = {
  id: string;
  type: TaskType;
  /** The environment it acts in: its deployment's, or the one an environment task acts on. */
  environmentId: string;
  /** The deployment it acts on; null for an environment task, which acts on its environment. */
  deploymentId: string | null;
  flowRunId: string;
  /** The entity ref of the user or service that caused the task. */
  createdBy: string;
  createdAt: Date;
  /** The state of the task's flow run, and nothing else. */
  status: FlowRunState;
  /** In order. */
  steps: Step[];
  /**
   * The answers to the prompts of the actions the task runs (secret answers included: for
   * the agent only, never shown).
   */
  prompts?: PromptAnswers;
  /** The key of the action primitive's call that started the task. */
  startKey?: string;
  /** Why the task was started, when its author did not start it directly. */
  cause?: TaskCause;
};

/** @internal */
export type TaskStoreCreateTaskOptions = TransactionOption &
  (
    | {
        /** The deployment it acts on; the task acts in its environment. */
        deploymentId: string;
        environmentId?: never;
      }
    | {
        /** For an environment task (upgrade, restore, clone of an environment): no deployment. */
        environmentId: string;
        deploymentId?: never;
      }
  ) & {
    type: TaskType;
    /** The task's flow run, created first (in the same transaction). */
    flowRunId: string;
    createdBy: string;
    /** The planned steps, in the order they run; each starts PENDING. */
    stepNames: string[];
    /** The answers to the prompts of the actions the task runs. */
    prompts?: PromptAnswers;
    /**
     * For a task that an action primitive starts: the key of that call, unique; a second
     * task with the same key is refused (`ConflictError`).
     */
    startKey?: string;
    /** Why the task is started, when its author did not start it directly. */
    cause?: TaskCause;
  };

/** @internal */
export type TaskStoreFindByIdPrefixOptions = TransactionOption & {
  /** The start of the ids, as people type them: `3f2a1b`. */
  prefix: string;
  limit: number;
};

/** @internal */
export type TaskStoreGetTaskByStartKeyOptions = TransactionOption & {
  startKey: string;
};

/** @internal */
export type TaskStoreGetTaskOptions = TransactionOption & {
  taskId: string;
};

/** @internal */
export type TaskStoreGetTaskOfFlowRunOptions = TransactionOption & {
  flowRunId: string;
};

/** @internal */
export type TaskStoreListTasksOptions = TransactionOption & {
  deploymentId: string;
  /** Only the tasks whose flow runs are in one of these states. */
  statuses?: FlowRunState[];
};

/** @internal */
export type TaskStoreGetTaskGraphOptions = TransactionOption & {
  taskId: string;
};

/** @internal */
export type TaskStoreGetManyOptions = TransactionOption & {
  taskIds: string[];
};

/** @internal */
export type TaskStoreStepOptions = TransactionOption & {
  stepId: string;
  /** The lease on the flow run of the step's task; the report counts only under it. */
  lease: FlowRunLease;
  /**
   * The step's attempt the report is about, when the reporter names it (the agent
   * protocol does): a start begins exactly this attempt, an end ends exactly this one.
   */
  stepAttempt?: number;
};

/** @internal */
export type TaskStoreSucceedStepOptions = TaskStoreStepOptions & {
  /** The output of the command the step ran; the step keeps its `outputTail`. */
  output?: string;
};

/** @internal */
export type TaskStoreGetStepOptions = TransactionOption & {
  stepId: string;
};

/** @internal */
export type TaskStoreNewestTasksOptions = TransactionOption & {
  deploymentIds: string[];
  /** Tasks of these types are left out, as if they did not exist. */
  ignoreTypes?: readonly TaskType[];
};

/**
 * Where a page of tasks starts: after this task, newest first.
 *
 * @internal
 */
export type TaskCursor = { createdAt: number; id: string };

/** @internal */
export type TaskStoreListTaskPageOptions = TransactionOption &
  (
    | {
        /** The tasks of these deployments. */
        deploymentIds: string[];
        environmentId?: never;
      }
    | {
        /**
         * The tasks of the deployments of this environment, tombstones included; with
         * `environmentTasks`, the environment's own tasks instead (which have no deployment).
         */
        environmentId: string;
        deploymentIds?: never;
        environmentTasks?: boolean;
      }
  ) & {
    limit: number;
    after?: TaskCursor;
    /**
     * Only the tasks that no step started: a started task is part of the task whose step
     * started it, and shows under that step.
     */
    topLevel?: boolean;
  };

/** @internal */
export type TaskStoreListTaskPageResult = {
  /** Newest first. */
  tasks: Task[];
  hasNextPage: boolean;
};

/** @internal */
export type TaskStoreFailStepOptions = TaskStoreStepOptions & {
  message: string;
  /** The output of the failed command; the step keeps its `outputTail`. */
  output?: string;
};

/** @internal */
export type TaskStoreRecordStepLinesOptions = TransactionOption & {
  stepId: string;
  /** Redacted, within the limits of `stepLines`; none removes the step's lines. */
  lines: string[];
};

/** @internal */
export type TaskStoreFailStepsOfFlowRunOptions = TransactionOption & {
  flowRunId: string;
  /** The error recorded for the attempt of each step that it fails. */
  message: string;
};

/** @internal */
export type TaskStoreLinkStartedTaskOptions = TransactionOption & {
  stepId: string;
  startedTaskId: string;
};

/** @internal */
export type TaskStoreSupersedeStepsOptions = TransactionOption & {
  taskId: string;
  supersededByTaskId: string;
};

/**
 * Tasks and their steps. A task's status is read from its flow run; its result is computed
 * from {@link TaskStore.getTaskGraph} with `computeTaskResult` and never stored.
 *
 * Steps are recorded under the lease of the task's flow run (start, succeed, fail): a report
 * from a worker or agent that no longer holds the run throws `ConflictError` and changes
 * nothing, and a step that SUCCEEDED is never started again.
 *
 * @internal
 */
export interface TaskStore {
  createTask(options: TaskStoreCreateTaskOptions): Promise<Task>;

  getTask(options: TaskStoreGetTaskOptions): Promise<Task | undefined>;

  getTaskOfFlowRun(
    options: TaskStoreGetTaskOfFlowRunOptions,
  ): Promise<Task | undefined>;

  /** The task that the action primitive's call with this key started. */
  getTaskByStartKey(
    options: TaskStoreGetTaskByStartKeyOptions,
  ): Promise<Task | undefined>;

  /**
   * The tasks whose ids start with the prefix, oldest first, at most `limit`: what a
   * prefix of an id names (InputError for one that no id can start with).
   */
  findTasksByIdPrefix(options: TaskStoreFindByIdPrefixOptions): Promise<Task[]>;

  /** The tasks with these ids, oldest first; unknown ids are left out. */
  getTasks(options: TaskStoreGetManyOptions): Promise<Task[]>;

  /** The tasks of a deployment, oldest first. */
  listTasks(options: TaskStoreListTasksOptions): Promise<Task[]>;

  /** A page of the tasks of some deployments, newest first. */
  listTaskPage(
    options: TaskStoreListTaskPageOptions,
  ): Promise<TaskStoreListTaskPageResult>;

  /**
   * The newest task of each of these deployments that has one, in one query: by the order
   * of creation, among the tasks that no step started (a started task is part of the task
   * whose step started it).
   */
  getNewestTasks(options: TaskStoreNewestTasksOptions): Promise<Task[]>;

  /**
   * The task whose tree holds this one, as `getNewestTasks` counts them: the task itself
   * unless a step of a deployment's task started it (then the task at the top of those
   * steps). Undefined for an unknown task.
   */
  getRootTask(options: TaskStoreGetTaskOptions): Promise<Task | undefined>;

  /** One step, with its errors and the tasks it started. */
  getStep(options: TaskStoreGetStepOptions): Promise<Step | undefined>;

  /** The task and every task that its steps started, at any depth. */
  getTaskGraph(
    options: TaskStoreGetTaskGraphOptions,
  ): Promise<TaskGraph | undefined>;

  /**
   * The graphs of several tasks at once, in the same few queries per level of links as
   * one; unknown tasks are left out.
   */
  getTaskGraphs(options: TaskStoreGetManyOptions): Promise<TaskGraph[]>;

  /** PENDING, or FAILED in an earlier attempt of the run, to RUNNING: a new attempt. */
  startStep(options: TaskStoreStepOptions): Promise<void>;

  /** RUNNING to SUCCEEDED, keeping the end of its command's output. */
  succeedStep(options: TaskStoreSucceedStepOptions): Promise<void>;

  /** RUNNING to FAILED, keeping the attempt's error and the end of its output. */
  failStep(options: TaskStoreFailStepOptions): Promise<void>;

  /**
   * Replaces the lines of a step with those of the attempt that just ended: call it in the
   * transaction that ended the step under the lease.
   */
  recordStepLines(options: TaskStoreRecordStepLinesOptions): Promise<void>;

  /**
   * Fails the RUNNING steps of the run's task with the same error, so that the next attempt
   * starts them again: the lease-expiry sweep calls it in the transaction that schedules the
   * run again. Returns how many steps it failed.
   */
  failRunningSteps(
    options: TaskStoreFailStepsOfFlowRunOptions,
  ): Promise<number>;

  /**
   * Records the failure of a run that ended outside a step (its lease expired on the last
   * attempt, or its flow has no implementation) on the step that it would have run next:
   * the first that did not succeed, if it is RUNNING or PENDING; a PENDING step gets an
   * attempt that failed before it could start. The steps behind it then wait behind a failed
   * step, and the task result is FAILED rather than RUNNING for good. Returns whether it
   * failed a step.
   */
  failNextStep(options: TaskStoreFailStepsOfFlowRunOptions): Promise<boolean>;

  /** Records that a (hook) step started a task; recording it again changes nothing. */
  linkStartedTask(options: TaskStoreLinkStartedTaskOptions): Promise<void>;

  /**
   * Records that another task interrupted this one: every step that had not ended (PENDING
   * or RUNNING) becomes SUPERSEDED with the other task's id, since none of them will run.
   * Returns how many steps it superseded.
   */
  supersedeSteps(options: TaskStoreSupersedeStepsOptions): Promise<number>;
}
