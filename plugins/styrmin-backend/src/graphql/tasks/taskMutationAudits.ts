import type { MutationAudit } from '../mutationAudits';

/**
 * The audit of the tasks' mutation: `retryTask` names the failed task, and on success the
 * deployment and the task that retries it.
 *
 * @internal
 */
export const TASK_MUTATION_AUDITS: Record<string, MutationAudit> = {
  retryTask: {
    eventId: 'task-retry',
    severityLevel: 'medium',
    subjects: input => ({ retriedTaskId: input.task }),
    outcome: result => ({
      deploymentId: result.deployment.id,
      taskId: result.task.id,
    }),
  },
};
