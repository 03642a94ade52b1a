import { defineDomainEnum } from './domainEnum';

/**
 * The result of a task as users view it. It is computed from the task's steps and status,
 * and those of every task its hook steps started, on every read, and never stored. The
 * values are listed in the order in which the glossary's rules are tried: the first rule
 * that matches applies.
 *
 * @public
 */
export const TaskResult = defineDomainEnum('task result', {
  RUNNING:
    'The flow of one of the tasks runs, or one of their steps runs or has not started (a step that waits behind a failed step of its own task does not count).',
  FAILED: 'The flow or a step of one of the tasks failed.',
  SUPERSEDED:
    'A task outside them interrupted the operator phases of one of the tasks.',
  SUCCEEDED: 'None of the rules above matched.',
});

/** @public */
export type TaskResult = (typeof TaskResult.values)[number];
