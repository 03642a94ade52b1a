import {
  AuthorizeResult,
  ConditionalPolicyDecision,
  isResourcePermission,
  Permission,
  PermissionCondition,
  PermissionCriteria,
  ResourcePermission,
} from '@backstage/plugin-permission-common';

/**
 * The resource type of Styrmin's environments for Backstage's conditional permissions:
 * every permission about an environment, its deployments, their tasks and backups is a
 * resource permission of it, so that a policy may grant it in some environments only.
 *
 * @public
 */
export const STYRMIN_ENVIRONMENT_RESOURCE_TYPE = 'styrmin-environment';

/** @public */
export type StyrminEnvironmentResourceType =
  typeof STYRMIN_ENVIRONMENT_RESOURCE_TYPE;

/**
 * A permission about environments: its checks name an environment (by id).
 *
 * @public
 */
export type StyrminEnvironmentPermission =
  ResourcePermission<StyrminEnvironmentResourceType>;

/**
 * The parameters of each rule of the `styrmin-environment` resource type, by the name of
 * its condition. The styrmin backend registers the rules themselves (with the permissions
 * registry); these are what a policy passes.
 *
 * @public
 */
export type StyrminEnvironmentRuleParams = {
  /** One of these environments, by id or by name (names compare exactly). */
  isEnvironment: { ids?: string[]; names?: string[] };
  /**
   * Owned by one of these entity references through the environment's catalog entity
   * (`spec.owner` of its `styrmin-environment` Resource); a policy passes the user's
   * ownership references (the user and their groups) as `claims`.
   */
  isOwnedByUsersGroup: { claims: string[] };
};

/**
 * The names of the rules as the permission framework sees them, by condition.
 *
 * @public
 */
export const STYRMIN_ENVIRONMENT_RULE_NAMES = {
  isEnvironment: 'IS_ENVIRONMENT',
  isOwnedByUsersGroup: 'IS_OWNED_BY_USERS_GROUP',
} as const satisfies Record<keyof StyrminEnvironmentRuleParams, string>;

/** @public */
export type StyrminEnvironmentCondition = PermissionCondition<
  StyrminEnvironmentResourceType,
  StyrminEnvironmentRuleParams[keyof StyrminEnvironmentRuleParams]
>;

function condition<K extends keyof StyrminEnvironmentRuleParams>(name: K) {
  return (
    params: StyrminEnvironmentRuleParams[K],
  ): PermissionCondition<
    StyrminEnvironmentResourceType,
    StyrminEnvironmentRuleParams[K]
  > => ({
    resourceType: STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
    rule: STYRMIN_ENVIRONMENT_RULE_NAMES[name],
    params,
  });
}

/**
 * The conditions of the `styrmin-environment` rules, for policy authors, as
 * `catalogConditions` are for entities. They are plain data here, so that this isomorphic
 * package needs no backend code; the backend's rules (createConditionExports over them)
 * make the same conditions, which its tests check.
 *
 * ```ts
 * createStyrminEnvironmentConditionalDecision(permission, {
 *   anyOf: [
 *     styrminEnvironmentConditions.isEnvironment({ names: ['dev'] }),
 *     styrminEnvironmentConditions.isOwnedByUsersGroup({ claims: user.info.ownershipEntityRefs }),
 *   ],
 * });
 * ```
 *
 * @public
 */
export const styrminEnvironmentConditions = {
  isEnvironment: condition('isEnvironment'),
  isOwnedByUsersGroup: condition('isOwnedByUsersGroup'),
};

/**
 * A CONDITIONAL decision of a `styrmin-environment` permission: allowed in the
 * environments that meet the conditions.
 *
 * @public
 */
export function createStyrminEnvironmentConditionalDecision(
  permission: StyrminEnvironmentPermission,
  conditions: PermissionCriteria<StyrminEnvironmentCondition>,
): ConditionalPolicyDecision {
  return {
    result: AuthorizeResult.CONDITIONAL,
    pluginId: 'styrmin',
    resourceType: permission.resourceType,
    conditions,
  };
}

/**
 * Whether a permission is one of the `styrmin-environment` resource type's.
 *
 * @public
 */
export function isStyrminEnvironmentPermission(
  permission: Permission,
): permission is StyrminEnvironmentPermission {
  return isResourcePermission(permission, STYRMIN_ENVIRONMENT_RESOURCE_TYPE);
}
