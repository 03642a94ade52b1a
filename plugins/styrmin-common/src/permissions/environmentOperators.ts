import {
  AuthorizeResult,
  Permission,
  PermissionCriteria,
  PolicyDecision,
} from '@backstage/plugin-permission-common';
import {
  createStyrminEnvironmentConditionalDecision,
  isStyrminEnvironmentPermission,
  StyrminEnvironmentCondition,
} from './styrminEnvironmentResource';
import { decideForRole, StyrminRole, strongestRole } from './styrminRoles';

/**
 * The decision for a user who holds a role everywhere and the operator role in some
 * environments only (each grant the conditions of the environments it covers):
 *
 * - what the role everywhere allows is allowed;
 * - a `styrmin-environment` permission that an operator holds is CONDITIONAL: allowed in
 *   the environments of any grant;
 * - any other permission is decided as for a read-only user at least, so that an operator
 *   of some environments reads the drivers, clusters and backup storage locations (and
 *   the catalog) that their deployments use, whatever the role everywhere is.
 *
 * The role policy (for users) and the styrmin backend's tests apply it.
 *
 * @public
 */
export function decideForEnvironmentOperator(options: {
  role: StyrminRole;
  grants: ReadonlyArray<PermissionCriteria<StyrminEnvironmentCondition>>;
  permission: Permission;
}): PolicyDecision {
  const { role, grants, permission } = options;
  const everywhere = decideForRole(role, permission);
  if (everywhere === AuthorizeResult.ALLOW || grants.length === 0) {
    return { result: everywhere };
  }
  if (!isStyrminEnvironmentPermission(permission)) {
    return {
      result: decideForRole(strongestRole([role, 'readOnly']), permission),
    };
  }
  if (decideForRole('operator', permission) === AuthorizeResult.DENY) {
    return { result: AuthorizeResult.DENY };
  }
  return createStyrminEnvironmentConditionalDecision(
    permission,
    grants.length === 1
      ? grants[0]
      : {
          anyOf: grants as [
            PermissionCriteria<StyrminEnvironmentCondition>,
            ...PermissionCriteria<StyrminEnvironmentCondition>[],
          ],
        },
  );
}
