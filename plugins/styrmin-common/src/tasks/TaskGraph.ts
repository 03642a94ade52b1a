import { StepStatus } from '../domain/StepStatus';
import { FlowRunState } from './FlowRunState';

/**
 * A step as the task result sees it.
 *
 * @public
 */
export type TaskGraphStep = {
  status: StepStatus;
  /**
   * With status SUPERSEDED: the task that interrupted the step. A superseded step whose
   * superseding task is unknown counts as superseded from outside.
   */
  supersededByTaskId?: string;
  /**
   * The tasks this step started and linked to itself: a hook step whose action called
   * stop_components, start_components or upgrade_deployment_version.
   */
  startedTaskIds: readonly string[];
};

/**
 * A task as the task result sees it.
 *
 * @public
 */
export type TaskGraphTask = {
  id: string;
  /** The task's status: the state of its flow run. */
  status: FlowRunState;
  /** The task's steps in the order they run. */
  steps: readonly TaskGraphStep[];
};

/**
 * A task and every task that its steps started, at any depth: what its result is computed
 * from.
 *
 * @public
 */
export type TaskGraph = {
  /** The task whose result is wanted. */
  taskId: string;
  /** That task and every linked task, in any order. */
  tasks: readonly TaskGraphTask[];
};
