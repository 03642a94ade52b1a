import { LoggerService } from '@backstage/backend-plugin-api';
import { FlowName } from '@styrmin/plugin-styrmin-common';
import { Step, Task } from '../tasks/TaskStore';
import { FlowRun } from './FlowRunStore';

/**
 * What a step of a flow gets to work with.
 *
 * @internal
 */
export type FlowStepRun = {
  flowRun: FlowRun;
  /** The task of the run, with its steps as they were when this attempt began. */
  task: Task;
  step: Step;
  /**
   * Aborted when the worker lost the run's lease or is stopping. The step should stop soon
   * and may throw; nothing more is recorded, and the next attempt runs the step again.
   */
  signal: AbortSignal;
  logger: LoggerService;
};

/**
 * One named step of a flow. Throwing fails the step and ends the run FAILED; a
 * `FlowStepError` can carry the failed command's output.
 *
 * @internal
 */
export type FlowStep = {
  /**
   * The name of the task's step that this implements, as the task plans it; with
   * `matches`, what the names it implements look like ("Upgrade <deployment> to
   * <version>").
   */
  name: string;
  /**
   * For steps that a task plans one per record (an environment upgrade's one per
   * deployment): whether this implements the task's step of that name.
   */
  matches?(stepName: string): boolean;
  run(context: FlowStepRun): Promise<void>;
};

/**
 * The step of a flow that implements the task's step of this name, if any.
 *
 * @internal
 */
export function flowStepOf(flow: Flow, stepName: string): FlowStep | undefined {
  return flow.steps.find(step =>
    step.matches ? step.matches(stepName) : step.name === stepName,
  );
}

/**
 * A flow: ordered, named steps. A run executes the steps of its task in the task's order,
 * each with the flow's step of the same name, and skips those that already SUCCEEDED.
 *
 * @internal
 */
export type Flow = {
  name: FlowName;
  steps: readonly FlowStep[];
};
