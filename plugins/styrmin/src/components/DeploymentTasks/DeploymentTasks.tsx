import { EmptyState } from '@backstage/core-components';
import { useSearchParams } from 'react-router-dom';
import { TASK_QUERY_PARAMETER } from '../../hooks/useDeploymentLinks';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { useCursorPages } from '../CursorPager';
import { LoadedContent } from '../LoadedContent';
import { TasksGrid } from './TasksGrid';

const PAGE_SIZE = 20;

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
          <TasksGrid
            page={page}
            pages={pages}
            selected={selected}
            channel={deploymentChannel(deploymentId)}
          />
        );
      }}
    </LoadedContent>
  );
};
