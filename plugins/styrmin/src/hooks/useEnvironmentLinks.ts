import { useRouteRef } from '@backstage/core-plugin-api';
import { environmentRouteRef, environmentTabRouteRef } from '../routes';
import { TASK_QUERY_PARAMETER } from './useDeploymentLinks';

/**
 * The addresses of an environment's pages, made from the route refs: the environment, its
 * tabs, and one of its environment tasks (the Tasks tab, opened at the task).
 */
export function useEnvironmentLinks() {
  const environment = useRouteRef(environmentRouteRef);
  const tab = useRouteRef(environmentTabRouteRef);
  return {
    environment: (name: string) => environment({ environment: name }),
    tab: (name: string, tabName: string) =>
      tab({ environment: name, tab: tabName }),
    task: (name: string, taskId: string) =>
      `${tab({ environment: name, tab: 'tasks' })}?${new URLSearchParams({
        [TASK_QUERY_PARAMETER]: taskId,
      })}`,
  };
}
