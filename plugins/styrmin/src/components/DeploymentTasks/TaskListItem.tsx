import Box from '@material-ui/core/Box';
import ListItemText from '@material-ui/core/ListItemText';
import { type TaskListEntry, taskCauseText } from '@styrmin/sdk';
import { TASK_QUERY_PARAMETER } from '../../hooks/useDeploymentLinks';
import { QueryLinkListItem } from '../QueryLinkListItem';
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
  <QueryLinkListItem
    parameter={TASK_QUERY_PARAMETER}
    value={task.id}
    selected={selected}
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
  </QueryLinkListItem>
);
