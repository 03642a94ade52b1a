import { BasicPermission } from '@backstage/plugin-permission-common';
import { TaskType } from '../domain/TaskType';
import {
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentUpdatePermission,
} from './deploymentPermissions';

/**
 * What retrying a failed task needs (`retryTask`): what starting a task of its kind needs.
 * A create_instance task is retried with styrmin.deployment.create, a delete_deployment
 * task with styrmin.deployment.delete, and every other with styrmin.deployment.update
 * (edits, upgrades, stopping, starting and restarting components, jobs).
 *
 * @public
 */
export function retryTaskPermission(type: TaskType): BasicPermission {
  switch (type) {
    case 'create_instance':
      return styrminDeploymentCreatePermission;
    case 'delete_deployment':
      return styrminDeploymentDeletePermission;
    default:
      return styrminDeploymentUpdatePermission;
  }
}
