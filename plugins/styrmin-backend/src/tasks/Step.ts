import { StepStatus } from '@styrmin/plugin-styrmin-common';

/**
 * The error of one failed attempt of a step.
 *
 * @internal
 */
export type StepAttemptError = {
  /** The step's attempt, from 1. */
  attempt: number;
  message: string;
  /** The end of the failed command's output (see `outputTail`). */
  outputTail?: string;
  occurredAt: Date;
};

/**
 * One unit of work inside a task.
 *
 * @internal
 */
export type Step = {
  id: string;
  taskId: string;
  /** The step's place in its task, from 0: the order in which the steps run. */
  position: number;
  name: string;
  status: StepStatus;
  /**
   * How many attempts the step had: each start, and an attempt that failed before the step
   * could start (see `TaskStore.failNextStep`).
   */
  attempts: number;
  /** The start of the latest attempt that started. */
  startedAt?: Date;
  /** The end of the latest attempt. */
  endedAt?: Date;
  /** With status SUPERSEDED: the task that interrupted the step. */
  supersededByTaskId?: string;
  /** The error of each failed attempt, oldest first. */
  errors: StepAttemptError[];
  /**
   * With status SUCCEEDED: the end of the output of the command it ran (a run_job task's
   * Job), redacted and bounded as a failed attempt's `outputTail`.
   */
  outputTail?: string;
  /** The tasks that the step started, oldest first. */
  startedTaskIds: string[];
  /**
   * What the step's latest ended attempt said it did, in order (see `stepLines`), secrets
   * redacted: read by every reader of the task.
   */
  lines: string[];
};
