import { PermissionsService } from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { decideForRole, StyrminRole } from '@styrmin/plugin-styrmin-common';

/**
 * The permission checks of a caller that Backstage does not know and Styrmin gives a role
 * of its own (a driver action's API token: an operator on its deployment), decided by the
 * role policy's decision table alone. No Backstage permission service is asked: it could
 * not tell who the caller is.
 *
 * @internal
 */
export function rolePermissions(role: StyrminRole): PermissionsService {
  return {
    authorize: async requests =>
      requests.map(request => ({
        result: decideForRole(role, request.permission),
      })),
    authorizeConditional: async requests =>
      requests.map(request => ({
        result:
          decideForRole(role, request.permission) === AuthorizeResult.ALLOW
            ? AuthorizeResult.ALLOW
            : AuthorizeResult.DENY,
      })),
  };
}
