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

/**
 * Upgrading the deployments of an environment in one operation (their upgrade tasks under
 * one parent task). Operators and administrators in Styrmin's role policy, as for the
 * upgrade of one deployment.
 *
 * @public
 */
export const styrminEnvironmentUpgradePermission = createPermission({
  name: 'styrmin.environment.upgrade',
  attributes: { action: 'update' },
});

/**
 * Restoring an environment from an environment backup: its configuration, then every
 * usable constituent in place. Administrators only in Styrmin's role policy (the documents
 * reserve it to them), which the `environment` area gives.
 *
 * @public
 */
export const styrminEnvironmentRestorePermission = createPermission({
  name: 'styrmin.environment.restore',
  attributes: { action: 'update' },
});

/**
 * Cloning an environment: a new environment, its deployments, and the cross-target
 * restores into them. Administrators only in Styrmin's role policy.
 *
 * @public
 */
export const styrminEnvironmentClonePermission = createPermission({
  name: 'styrmin.environment.clone',
  attributes: { action: 'create' },
});
