import { EmptyState, InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import { type TaskListEntry, taskCauseText } from '@styrmin/sdk';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { TASK_QUERY_PARAMETER } from '../../hooks/useDeploymentLinks';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { CursorPager, useCursorPages } from '../CursorPager';
import { LoadedContent } from '../LoadedContent';
import { TaskResultChip } from '../StateChip';
import { TaskHeading, TaskStepTree } from '../TaskStepTree';
import { Timestamp } from '../Timestamp';
import { TaskCauseText } from './TaskCauseText';

const PAGE_SIZE = 20;

const TaskItem = ({
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

const SelectedTask = ({
  deploymentId,
  taskId,
}: {
  deploymentId: string;
  taskId: string;
}) => {
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api => api.getTaskTree(taskId),
    [taskId],
  );
  return (
    <LoadedContent
      state={state}
      missing={<EmptyState missing="data" title="There is no such task" />}
    >
      {tree => (
        <InfoCard title={<TaskHeading task={tree} />}>
          <TaskCauseText cause={tree.cause} />
          <TaskStepTree task={tree} />
        </InfoCard>
      )}
    </LoadedContent>
  );
};

/** @public */
export interface DeploymentTasksProps {
  /** The deployment's id. */
  deploymentId: string;
}

/**
 * The tasks of a deployment, newest first, each with its computed result; the one the
 * address names (`?task=<id>`), else the newest, with its steps as a tree: attempts, the
 * error of each failed attempt with the end of the failed command's output, and the tasks
 * its hook steps started nested under them (and only there: the list leaves them out). Each
 * task that its author did not start directly says why (its cause). Follows the deployment's changes live.
 *
 * @public
 */
export const DeploymentTasks = ({ deploymentId }: DeploymentTasksProps) => {
  const [searchParams] = useSearchParams();
  const pages = useCursorPages();
  const { after } = pages;
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api =>
      // The tasks that a hook's step started show under that step, not as rows.
      api.getDeploymentTasks({
        id: deploymentId,
        first: PAGE_SIZE,
        after,
        topLevel: true,
      }),
    [deploymentId, after],
  );
  return (
    <LoadedContent
      state={state}
      missing={
        <EmptyState missing="data" title="There is no such deployment" />
      }
    >
      {page => {
        const selected =
          searchParams.get(TASK_QUERY_PARAMETER) ?? page.nodes[0]?.id;
        if (!selected) {
          return (
            <EmptyState
              missing="data"
              title="No tasks yet"
              description="Each change of the deployment starts a task; it will be listed here."
            />
          );
        }
        return (
          <Grid container spacing={3}>
            <Grid item xs={12} md={4}>
              <InfoCard title="Tasks" noPadding>
                <List aria-label="Tasks, newest first" dense>
                  {page.nodes.map(task => (
                    <TaskItem
                      key={task.id}
                      task={task}
                      selected={task.id === selected}
                    />
                  ))}
                </List>
                <CursorPager
                  pages={pages}
                  pageInfo={page.pageInfo}
                  label="tasks"
                />
              </InfoCard>
            </Grid>
            <Grid item xs={12} md={8}>
              <SelectedTask deploymentId={deploymentId} taskId={selected} />
            </Grid>
          </Grid>
        );
      }}
    </LoadedContent>
  );
};
