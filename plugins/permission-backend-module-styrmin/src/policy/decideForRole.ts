import {
  AuthorizeResult,
  Permission,
} from '@backstage/plugin-permission-common';
import { StyrminRole } from './StyrminRole';

/**
 * The Styrmin permissions an operator holds beyond reading: everything about deployments
 * (create, edit, upgrade, stop, start, delete), their tasks, and the backups and in-place
 * restores of one deployment. Clusters, environments (including environment restores, which
 * the documents reserve to administrators) and drivers stay with administrators.
 */
const OPERATOR_STYRMIN_AREAS = ['deployment', 'task', 'backup'];

function isStyrminPermission(permission: Permission): boolean {
  return permission.name.startsWith('styrmin.');
}

function isRead(permission: Permission): boolean {
  return permission.attributes.action === 'read';
}

/**
 * The decision table of the role policy, for one role and one permission. Backstage's own
 * permissions (catalog, scaffolder, ...) follow the same roles: read-only users read,
 * operators and administrators use the portal fully.
 */
export function decideForRole(
  role: StyrminRole,
  permission: Permission,
): AuthorizeResult.ALLOW | AuthorizeResult.DENY {
  const allowed = (() => {
    switch (role) {
      case 'administrator':
        return true;
      case 'operator':
        return (
          !isStyrminPermission(permission) ||
          isRead(permission) ||
          OPERATOR_STYRMIN_AREAS.includes(permission.name.split('.')[1])
        );
      case 'readOnly':
        return isRead(permission);
      default:
        return false;
    }
  })();
  return allowed ? AuthorizeResult.ALLOW : AuthorizeResult.DENY;
}
