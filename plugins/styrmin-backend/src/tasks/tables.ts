import { DbTimestamp } from '../database/tables';

/*
 * The rows of the task and step tables as the database returns them (see
 * migrations/20261130010000_tasks_and_flow_runs.js and the migrations after it).
 */

/** `styrmin_tasks`: one asynchronous operation, tracked by its flow run. */
export const TASKS_TABLE = 'styrmin_tasks';
/** `styrmin_steps`: the units of work of a task. */
export const STEPS_TABLE = 'styrmin_steps';
/** `styrmin_step_errors`: the error of each failed attempt of a step. */
export const STEP_ERRORS_TABLE = 'styrmin_step_errors';
/** `styrmin_step_links`: the tasks that a step started. */
export const STEP_LINKS_TABLE = 'styrmin_step_links';
/** `styrmin_step_lines`: the lines of a step's latest ended attempt. */
export const STEP_LINES_TABLE = 'styrmin_step_lines';

/** `styrmin_tasks` */
export type DbTaskRow = {
  /** A UUID. */
  id: string;
  /** A `TaskType`. */
  type: string;
  /** The deployment the task acts on; null for an environment task, and only for one. */
  deployment_id: string | null;
  /** The environment the task acts in: its deployment's, or the environment task's own. */
  environment_id: string;
  /** The task's flow run, whose state is the task's status. */
  flow_run_id: string;
  /** The user or service entity ref that caused the task. */
  created_by: string;
  created_at: DbTimestamp;
  /**
   * Grows with every task: the order in which tasks were created, ties impossible.
   * PostgreSQL returns a bigint as a string.
   */
  sequence: number | string;
  /**
   * The answers to the prompts of the actions the task runs, by action name then prompt
   * name, as JSON sealed whole (`sealJson`: secret answers included); null when none were
   * given.
   */
  prompts: string | null;
  /** The key of the action primitive's call that started the task, unique; or null. */
  start_key: string | null;
  /** A `TaskCause` as JSON; null for a task that its author started directly. */
  cause: string | null;
};

/** `styrmin_steps` */
export type DbStepRow = {
  /** A UUID. */
  id: string;
  task_id: string;
  /** The step's place in its task, from 0: the order in which the steps run. */
  position: number;
  name: string;
  /** A `StepStatus`. */
  status: string;
  /** How many times the step was started. */
  attempts: number;
  /** The start of the latest attempt. */
  started_at: DbTimestamp | null;
  /** The end of the latest attempt; null while it runs. */
  ended_at: DbTimestamp | null;
  /** With status SUPERSEDED, and only then: the task that interrupted the step. */
  superseded_by_task_id: string | null;
  /**
   * With status SUCCEEDED: the end of its command's output, within the limits of
   * `outputTail` (migration 20261201080000_step_output); null for a step without one.
   */
  output_tail: string | null;
};

/** `styrmin_step_errors` */
export type DbStepErrorRow = {
  step_id: string;
  /** The step's attempt (`styrmin_steps.attempts` when it failed), from 1. */
  attempt: number;
  message: string;
  /** The end of the failed command's output, within the limits of `outputTail`. */
  output_tail: string | null;
  occurred_at: DbTimestamp;
};

/** `styrmin_step_links` */
export type DbStepLinkRow = {
  step_id: string;
  /** A task that the step started; each task is started by at most one step. */
  started_task_id: string;
};

/** `styrmin_step_lines` */
export type DbStepLineRow = {
  step_id: string;
  /** The line's place among the step's lines, from 0. */
  position: number;
  /** Redacted, within the limits of `stepLines`. */
  line: string;
};
