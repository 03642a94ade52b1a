import { EmptyState } from '@backstage/core-components';
import { deploymentChannel } from '../../hooks/useLiveStyrminApi';
import { TasksGrid } from './TasksGrid';

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
export const DeploymentTasks = ({ deploymentId }: DeploymentTasksProps) => (
  <TasksGrid
    channel={deploymentChannel(deploymentId)}
    read={(api, page) =>
      // The tasks that a hook's step started show under that step, not as rows.
      api.getDeploymentTasks({ id: deploymentId, ...page, topLevel: true })
    }
    deps={[deploymentId]}
    missing="There is no such deployment"
    empty={
      <EmptyState
        missing="data"
        title="No tasks yet"
        description="Each change of the deployment starts a task; it will be listed here."
      />
    }
  />
);
