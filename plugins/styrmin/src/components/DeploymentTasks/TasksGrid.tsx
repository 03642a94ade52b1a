import { DependencyList, ReactNode } from 'react';
import { EmptyState, InfoCard } from '@backstage/core-components';
import Grid from '@material-ui/core/Grid';
import List from '@material-ui/core/List';
import type { TaskPage } from '@styrmin/sdk';
import { useSearchParams } from 'react-router-dom';
import { StyrminApi } from '../../api';
import { TASK_QUERY_PARAMETER } from '../../hooks/useDeploymentLinks';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { CursorPager, useCursorPages } from '../CursorPager';
import { LoadedContent } from '../LoadedContent';
import { SelectedTask } from './SelectedTask';
import { TaskListItem } from './TaskListItem';

const PAGE_SIZE = 20;

/** @public */
export interface TasksGridProps {
  /** The channel of the record whose tasks these are; a change on it reads them again. */
  channel: string;
  /** Reads one page of the tasks, newest first; undefined for an unknown record. */
  read: (
    api: StyrminApi,
    page: { first: number; after?: string },
  ) => Promise<TaskPage | undefined>;
  /** What `read` depends on besides the page (the record's id). */
  deps: DependencyList;
  /** The title shown when the record is unknown. */
  missing: string;
  /** What is shown when it has no tasks yet. */
  empty: ReactNode;
}

/**
 * A record's tasks (a deployment's, an environment's), newest first, beside the one the
 * address names (`?task=<id>`), else the newest, as a tree of its steps; both follow the
 * record's channel live.
 *
 * @public
 */
export const TasksGrid = ({
  channel,
  read,
  deps,
  missing,
  empty,
}: TasksGridProps) => {
  const [searchParams] = useSearchParams();
  const pages = useCursorPages();
  const { after } = pages;
  const state = useLiveStyrminApi(
    channel,
    api => read(api, { first: PAGE_SIZE, after }),
    [...deps, after],
  );
  return (
    <LoadedContent
      state={state}
      missing={<EmptyState missing="data" title={missing} />}
    >
      {page => {
        const selected =
          searchParams.get(TASK_QUERY_PARAMETER) ?? page.nodes[0]?.id;
        if (!selected) {
          return <>{empty}</>;
        }
        return (
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
                <CursorPager
                  pages={pages}
                  pageInfo={page.pageInfo}
                  label="tasks"
                />
              </InfoCard>
            </Grid>
            <Grid item xs={12} md={8}>
              <SelectedTask channel={channel} taskId={selected} />
            </Grid>
          </Grid>
        );
      }}
    </LoadedContent>
  );
};
