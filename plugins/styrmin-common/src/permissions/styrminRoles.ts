import {
  AuthorizeResult,
  Permission,
} from '@backstage/plugin-permission-common';

/*
 * Styrmin's roles and what each may do: the one decision table that both the role policy
 * (@styrmin/plugin-permission-backend-module-styrmin, for users) and the styrmin backend
 * (for service principals whose subjects `styrmin.roles.services` maps to a role) apply.
 */

/**
 * A Styrmin role, weakest first: a user listed under several holds the strongest.
 *
 * @public
 */
export const STYRMIN_ROLES = [
  'none',
  'readOnly',
  'operator',
  'administrator',
] as const;

/** @public */
export type StyrminRole = (typeof STYRMIN_ROLES)[number];

/**
 * The strongest of some roles; `none` for none.
 *
 * @public
 */
export function strongestRole(roles: Iterable<StyrminRole>): StyrminRole {
  let strongest: StyrminRole = 'none';
  for (const role of roles) {
    if (STYRMIN_ROLES.indexOf(role) > STYRMIN_ROLES.indexOf(strongest)) {
      strongest = role;
    }
  }
  return strongest;
}

/**
 * The Styrmin permissions an operator holds beyond reading: everything about deployments
 * (create, edit, upgrade, stop, start, delete), their tasks, the backups, in-place
 * restores and backup schedules of one deployment, and environment backups. Clusters,
 * environments (including environment restores and clones, which the documents reserve to
 * administrators), backup storage locations (`bsl`) and drivers stay with administrators.
 */
const OPERATOR_STYRMIN_AREAS = [
  'deployment',
  'task',
  'backup',
  'environmentbackup',
];

/**
 * The permissions of the administrators' areas that operators hold too: the upgrade of an
 * environment's deployments, which operators may do one deployment at a time already.
 */
const OPERATOR_STYRMIN_PERMISSIONS = ['styrmin.environment.upgrade'];

function isStyrminPermission(permission: Permission): boolean {
  return permission.name.startsWith('styrmin.');
}

function isRead(permission: Permission): boolean {
  return permission.attributes.action === 'read';
}

/**
 * The decision table of the roles, for one role and one permission. Backstage's own
 * permissions (catalog, scaffolder, ...) follow the same roles: read-only users read,
 * operators and administrators use the portal fully.
 *
 * @public
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
          OPERATOR_STYRMIN_AREAS.includes(permission.name.split('.')[1]) ||
          OPERATOR_STYRMIN_PERMISSIONS.includes(permission.name)
        );
      case 'readOnly':
        return isRead(permission);
      default:
        return false;
    }
  })();
  return allowed ? AuthorizeResult.ALLOW : AuthorizeResult.DENY;
}
