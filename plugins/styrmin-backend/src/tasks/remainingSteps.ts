import { Step, Task } from './TaskStore';

/**
 * The steps of a task that a (re)claimed flow run still has to run, in order: every step
 * but those that SUCCEEDED, which never run again, and those SUPERSEDED, which another task
 * took over.
 *
 * @internal
 */
export function remainingSteps(task: Task): Step[] {
  return task.steps.filter(
    step => step.status !== 'SUCCEEDED' && step.status !== 'SUPERSEDED',
  );
}
