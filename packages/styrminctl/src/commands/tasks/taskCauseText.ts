import { TaskCause } from '@styrmin/sdk';

/** A task's cause for people: "redeployed because dev/semaphore was created, by user:default/ada". */
export function taskCauseText(cause: TaskCause): string {
  return cause.causedBy
    ? `${cause.message}, by ${cause.causedBy}`
    : cause.message;
}
