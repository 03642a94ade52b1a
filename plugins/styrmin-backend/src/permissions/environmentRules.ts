import {
  createPermissionResourceRef,
  createPermissionRule,
} from '@backstage/plugin-permission-node';
import {
  STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
  STYRMIN_ENVIRONMENT_RULE_NAMES,
  StyrminEnvironmentRuleParams,
} from '@styrmin/plugin-styrmin-common';
// Zod 3 schemas: the permission framework's Standard Schema form needs Zod 4.2's JSON Schema.
// The framework types them with its own copy of zod (4.x's zod/v3); checking ours against
// that copy is "excessively deep" and takes tsc past 4 GB, so each rule names its
// parameters' type and hands the schema over as `never` (zod-to-json-schema reads it
// structurally at run time).
import { z } from 'zod/v3';
import { Environment } from '../environments/EnvironmentStore';
import { EnvironmentOwners } from './EnvironmentOwners';

/**
 * What a rule of the `styrmin-environment` resource type becomes in a database query:
 * environments by id or name, or every one but some names.
 *
 * @internal
 */
export type EnvironmentQuery =
  | { ids: string[]; names: string[] }
  | { exceptNames: string[] };

/**
 * The `styrmin-environment` resource type: environments as the environment store holds
 * them, queried as {@link EnvironmentQuery}.
 *
 * @internal
 */
export const styrminEnvironmentResourceRef = createPermissionResourceRef<
  Environment,
  EnvironmentQuery
>().with({
  pluginId: 'styrmin',
  resourceType: STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
});

/**
 * The rules of the `styrmin-environment` resource type, which the backend registers with
 * the permissions registry and applies to each environment it checks (and turns into a
 * database filter for lists). `isOwnedByUsersGroup` needs the owners of the environments'
 * catalog entities.
 *
 * @internal
 */
export function createEnvironmentRules(owners: EnvironmentOwners) {
  return {
    isEnvironment: createPermissionRule<
      typeof styrminEnvironmentResourceRef,
      StyrminEnvironmentRuleParams['isEnvironment']
    >({
      name: STYRMIN_ENVIRONMENT_RULE_NAMES.isEnvironment,
      resourceRef: styrminEnvironmentResourceRef,
      description: 'Allow the environments of these ids or names',
      paramsSchema: z.object({
        ids: z.array(z.string()).optional().describe('Environment ids'),
        names: z.array(z.string()).optional().describe('Environment names'),
      }) as never,
      apply: (environment: Environment, { ids = [], names = [] }) =>
        ids.includes(environment.id) || names.includes(environment.name),
      toQuery: ({ ids = [], names = [] }): EnvironmentQuery => ({ ids, names }),
    }),
    isOwnedByUsersGroup: createPermissionRule<
      typeof styrminEnvironmentResourceRef,
      StyrminEnvironmentRuleParams['isOwnedByUsersGroup']
    >({
      name: STYRMIN_ENVIRONMENT_RULE_NAMES.isOwnedByUsersGroup,
      resourceRef: styrminEnvironmentResourceRef,
      description:
        "Allow the environments whose catalog entity one of these references (the user's ownership references) owns",
      paramsSchema: z.object({
        claims: z
          .array(z.string())
          .describe('Entity references of the user and their groups'),
      }) as never,
      apply: (environment: Environment, { claims }) =>
        claims.some(
          claim =>
            claim.toLocaleLowerCase('en-US') ===
            owners.ownerOf(environment.name),
        ),
      toQuery: ({ claims }): EnvironmentQuery => {
        const owned = owners.ownedBy(claims);
        return 'names' in owned ? { ids: [], names: owned.names } : owned;
      },
    }),
  };
}

/** @internal */
export type EnvironmentRules = ReturnType<typeof createEnvironmentRules>;
