import { Permission } from '@backstage/plugin-permission-common';
import {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from './driverPermissions';

/**
 * Every Styrmin permission, as the backend registers them with the permissions registry
 * (so that policies and the permission UI can list them). Each area (drivers; clusters,
 * environments and deployments as they come) defines its permissions in a file of its own,
 * named `styrmin.<area>.<verb>`, and adds them here.
 *
 * @public
 */
export const styrminPermissions: readonly Permission[] = [
  styrminDriverReadPermission,
  styrminDriverLoadPermission,
];
