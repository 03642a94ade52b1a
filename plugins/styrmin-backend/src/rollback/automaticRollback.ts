import {
  hookStepName,
  OPERATOR_PHASE_STEPS,
} from '@styrmin/plugin-styrmin-common';
import { Task } from '../tasks/TaskStore';

/** The steps whose failure an automatic rollback answers. */
const ROLLED_BACK_STEPS: ReadonlySet<string> = new Set([
  ...OPERATOR_PHASE_STEPS,
  hookStepName('upgrade', 'post'),
]);

/**
 * The step of an ended task whose failure an environment with rollback_on_failed_upgrade
 * answers with an automatic rollback, or undefined for none:
 *
 * 1. Only an upgrade_instance task is rolled back.
 * 2. It failed at one of the operator's phases or at the upgrade post-hook: the new
 *    instance's resource was applied and what it deploys did not come up, or its hook
 *    could not finish. A failure before (the restore point, the pre- or core-hook, the
 *    resource itself) leaves the workload as it was, or to be retried.
 * 3. Its instance is no rollback itself: a rollback that fails is not rolled back again.
 *
 * @internal
 */
export function failedStepToRollBack(options: {
  task: Pick<Task, 'type' | 'steps'>;
  /** Whether the task's instance was made by a rollback. */
  instanceIsRollback: boolean;
}): string | undefined {
  const { task, instanceIsRollback } = options;
  if (task.type !== 'upgrade_instance' || instanceIsRollback) {
    return undefined;
  }
  const failed = task.steps.find(step => step.status === 'FAILED');
  return failed && ROLLED_BACK_STEPS.has(failed.name) ? failed.name : undefined;
}
