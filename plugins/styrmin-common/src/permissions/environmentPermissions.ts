import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading environments: their names, clusters, overrides and backup storage location
 * references. Every role has it.
 *
 * @public
 */
export const styrminEnvironmentReadPermission = createPermission({
  name: 'styrmin.environment.read',
  attributes: { action: 'read' },
});

/**
 * Creating an environment on a cluster. Administrators only in Styrmin's role policy.
 *
 * @public
 */
export const styrminEnvironmentCreatePermission = createPermission({
  name: 'styrmin.environment.create',
  attributes: { action: 'create' },
});

/**
 * Changing an environment's overrides or backup storage location, which redeploys every
 * deployment of the environment whose context they change. Administrators only in
 * Styrmin's role policy.
 *
 * @public
 */
export const styrminEnvironmentUpdatePermission = createPermission({
  name: 'styrmin.environment.update',
  attributes: { action: 'update' },
});

/**
 * Deleting an environment that has no deployments left. Administrators only in Styrmin's
 * role policy.
 *
 * @public
 */
export const styrminEnvironmentDeletePermission = createPermission({
  name: 'styrmin.environment.delete',
  attributes: { action: 'delete' },
});
