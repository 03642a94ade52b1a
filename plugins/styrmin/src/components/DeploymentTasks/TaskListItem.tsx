import Box from '@material-ui/core/Box';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import { type TaskListEntry, taskCauseText } from '@styrmin/sdk';
import { Link as RouterLink } from 'react-router-dom';
import { TASK_QUERY_PARAMETER } from '../../hooks/useDeploymentLinks';
import { TaskResultChip } from '../StateChip';
import { Timestamp } from '../Timestamp';

/**
 * One task of a list of tasks (a deployment's, an environment's): its result, type, who
 * started it when and why; it opens the task on the same page.
 */
export const TaskListItem = ({
  task,
  selected,
}: {
  task: TaskListEntry;
  selected: boolean;
}) => (
  <ListItem
    button
    // The address of the current page with the task named in its query, so that the
    // list works on the deployment page and in a catalog entity's tab alike.
    component={RouterLink}
    // It goes somewhere: a link, not the button role a clickable list item takes.
    role="link"
    to={`?${new URLSearchParams({ [TASK_QUERY_PARAMETER]: task.id })}`}
    selected={selected}
    aria-current={selected ? 'true' : undefined}
  >
    <ListItemText
      primary={
        <Box display="flex" alignItems="center" gridGap={8}>
          <TaskResultChip value={task.result} />
          {task.type}
        </Box>
      }
      secondary={
        <>
          <Timestamp iso={task.createdAt} /> by {task.createdBy}
          {task.cause && (
            <>
              <br />
              {taskCauseText(task.cause)}
            </>
          )}
        </>
      }
    />
  </ListItem>
);
