import { useRouteRef } from '@backstage/core-plugin-api';
import {
  deploymentRouteRef,
  deploymentTabRouteRef,
  driverVersionRouteRef,
  environmentRouteRef,
} from '../routes';

/** The query parameter of the Tasks tab that names the task it opens. */
export const TASK_QUERY_PARAMETER = 'task';

/**
 * The addresses the deployment pages link to, made from the route refs: a deployment and
 * its tabs, one of its tasks (the Tasks tab, opened at the task), its environment and its
 * driver version.
 */
export function useDeploymentLinks() {
  const deployment = useRouteRef(deploymentRouteRef);
  const tab = useRouteRef(deploymentTabRouteRef);
  const environment = useRouteRef(environmentRouteRef);
  const driverVersion = useRouteRef(driverVersionRouteRef);
  return {
    deployment: (id: string) => deployment({ id }),
    tab: (id: string, name: string) => tab({ id, tab: name }),
    task: (id: string, taskId: string) =>
      `${tab({ id, tab: 'tasks' })}?${new URLSearchParams({
        [TASK_QUERY_PARAMETER]: taskId,
      })}`,
    environment: (name: string) => environment({ environment: name }),
    driverVersion: (ref: { name: string; version: string }) =>
      driverVersion(ref),
  };
}
