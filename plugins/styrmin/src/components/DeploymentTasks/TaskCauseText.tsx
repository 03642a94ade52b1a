import Typography from '@material-ui/core/Typography';
import type { TaskCause } from '@styrmin/sdk';

/** A task's cause in words: "redeployed because dev/semaphore was created, by user:default/ada". */
export function taskCauseText(cause: TaskCause): string {
  return cause.causedBy
    ? `${cause.message}, by ${cause.causedBy}`
    : cause.message;
}

/**
 * Why a task was started, when its author did not start it directly; nothing for a task
 * that its author started.
 */
export const TaskCauseText = ({ cause }: { cause: TaskCause | null }) =>
  cause ? (
    <Typography variant="body2" color="textSecondary">
      Cause: {taskCauseText(cause)}
    </Typography>
  ) : null;
