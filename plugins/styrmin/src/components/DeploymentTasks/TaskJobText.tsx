import Typography from '@material-ui/core/Typography';
import { formatCommand, type TaskJob } from '@styrmin/sdk';

/**
 * What a run_job task ran, and in which component's container; nothing for another task.
 */
export const TaskJobText = ({ job }: { job: TaskJob | null }) =>
  job ? (
    <Typography variant="body2" color="textSecondary">
      Ran <code>{formatCommand(job.command)}</code> in component{' '}
      <strong>{job.component}</strong> (timeout {job.timeoutSeconds} s)
    </Typography>
  ) : null;
