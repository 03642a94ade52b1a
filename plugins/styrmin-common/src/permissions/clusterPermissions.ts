import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading clusters: their names, settings, work pools and when their agents were last
 * seen. Never the agent token, which only registration and rotation show, once. Every role
 * has it.
 *
 * @public
 */
export const styrminClusterReadPermission = createPermission({
  name: 'styrmin.cluster.read',
  attributes: { action: 'read' },
});

/**
 * Registering a cluster, which issues its agent token. Administrators only in Styrmin's
 * role policy.
 *
 * @public
 */
export const styrminClusterCreatePermission = createPermission({
  name: 'styrmin.cluster.create',
  attributes: { action: 'create' },
});

/**
 * Changing a cluster's settings, which redeploys every deployment whose context they
 * change, and rotating its agent token. Administrators only in Styrmin's role policy.
 *
 * @public
 */
export const styrminClusterUpdatePermission = createPermission({
  name: 'styrmin.cluster.update',
  attributes: { action: 'update' },
});
