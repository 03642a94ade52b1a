import { InfoCard } from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import List from '@material-ui/core/List';
import type { TaskPage } from '@styrmin/sdk';
import { CursorPager, useCursorPages } from '../CursorPager';
import { SelectedTask } from './SelectedTask';
import { TaskListItem } from './TaskListItem';

/**
 * A page of tasks, newest first, beside the one selected as a tree of its steps, which
 * follows `channel` live: a deployment's Tasks tab and an environment's.
 */
export const TasksGrid = ({
  page,
  pages,
  selected,
  channel,
}: {
  page: TaskPage;
  pages: ReturnType<typeof useCursorPages>;
  /** The id of the task shown with its steps. */
  selected: string;
  channel: string;
}) => (
  <Grid container spacing={3}>
    <Grid item xs={12} md={4}>
      <InfoCard title="Tasks" noPadding>
        <List aria-label="Tasks, newest first" dense>
          {page.nodes.map(task => (
            <TaskListItem
              key={task.id}
              task={task}
              selected={task.id === selected}
            />
          ))}
        </List>
        <CursorPager pages={pages} pageInfo={page.pageInfo} label="tasks" />
      </InfoCard>
    </Grid>
    <Grid item xs={12} md={8}>
      <SelectedTask channel={channel} taskId={selected} />
    </Grid>
  </Grid>
);
