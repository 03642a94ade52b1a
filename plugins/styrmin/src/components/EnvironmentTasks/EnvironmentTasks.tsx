import { EmptyState } from '@backstage/core-components';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';
import { TasksGrid } from '../DeploymentTasks';

/** @public */
export interface EnvironmentTasksProps {
  environment: EnvironmentWithDeployments;
}

/**
 * An environment's environment tasks (upgrade, restore, clone), newest first, each with
 * its result; the one the address names (`?task=<id>`), else the newest, as a tree of its
 * steps with the deployments' tasks each step started (its linked tasks) nested under it,
 * their results covered by its own. Live through the environment's channel, which its
 * deployments' changes reach too.
 *
 * @public
 */
export const EnvironmentTasks = ({ environment }: EnvironmentTasksProps) => (
  <TasksGrid
    channel={styrminSignalChannel({
      record: 'environment',
      id: environment.id,
    })}
    read={(api, page) =>
      api.getEnvironmentTasks({ id: environment.id, ...page })
    }
    deps={[environment.id]}
    missing="There is no such environment"
    empty={
      <EmptyState
        missing="data"
        title={`No environment tasks in ${environment.name} yet`}
        description="Upgrade, Clone and an environment backup's Restore each start one, whose steps start the deployments' tasks; each deployment's own tasks are on its page."
      />
    }
  />
);
