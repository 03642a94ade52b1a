import { PermissionsService } from '@backstage/backend-plugin-api';
import { AuthorizePermissionResponse } from '@backstage/plugin-permission-common';

/**
 * The permission checks of one request: each basic permission is asked of the permission
 * framework once, however many fields check it, since the caller is the same for the
 * whole request. A page of fifty deployments checks `styrmin.environment.read` once, not
 * fifty times.
 *
 * @internal
 */
export function requestPermissions(
  permissions: PermissionsService,
): PermissionsService {
  const decisions = new Map<string, Promise<AuthorizePermissionResponse[]>>();
  return {
    authorize(requests, options) {
      const [request] = requests;
      if (requests.length !== 1 || 'resourceRef' in request) {
        return permissions.authorize(requests, options);
      }
      const name = request.permission.name;
      const known = decisions.get(name);
      if (known) {
        return known;
      }
      const decision = permissions.authorize(requests, options);
      decisions.set(name, decision);
      // A failed check is not remembered: the next field asks again.
      decision.catch(() => decisions.delete(name));
      return decision;
    },
    authorizeConditional: (requests, options) =>
      permissions.authorizeConditional(requests, options),
  };
}
