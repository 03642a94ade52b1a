import { defineDomainEnum } from './domainEnum';

/**
 * The status of a step: one unit of work inside a task, a backup or a restore.
 *
 * @public
 */
export const StepStatus = defineDomainEnum('step status', {
  PENDING: 'The step has not started.',
  RUNNING: 'The step is running.',
  SUCCEEDED:
    'The step ended successfully; a retry of its flow run does not run it again.',
  FAILED: 'The step ended with an error; each failed attempt keeps its error.',
  SUPERSEDED:
    'A newer task took over before the step could end, so its outcome no longer matters.',
});

/** @public */
export type StepStatus = (typeof StepStatus.values)[number];
