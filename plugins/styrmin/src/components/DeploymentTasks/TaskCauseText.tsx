import Typography from '@material-ui/core/Typography';
import { type TaskCause, taskCauseText } from '@styrmin/sdk';

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
