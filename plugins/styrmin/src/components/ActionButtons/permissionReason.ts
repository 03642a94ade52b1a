/** What `usePermission` answers. */
export type Permission = { loading: boolean; allowed: boolean };

/**
 * Why the user may not take an action, the first reason its button gives: undefined when
 * the permission allows it.
 */
export function permissionReason(
  permission: Permission,
  permissionName: string,
): string | undefined {
  if (permission.loading) {
    return 'Checking your permissions';
  }
  return permission.allowed
    ? undefined
    : `You lack the permission ${permissionName}`;
}
