import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading deployments, their instances (contexts with secret values masked), the
 * reconciliation diffs and the tasks that apply them. Every role has it.
 *
 * @public
 */
export const styrminDeploymentReadPermission = createPermission({
  name: 'styrmin.deployment.read',
  attributes: { action: 'read' },
});

/**
 * Creating a deployment in an environment. Operators and administrators in Styrmin's role
 * policy.
 *
 * @public
 */
export const styrminDeploymentCreatePermission = createPermission({
  name: 'styrmin.deployment.create',
  attributes: { action: 'create' },
});

/**
 * Editing a deployment: its configuration, its component overrides, and upgrading it to
 * another application driver version. Operators and administrators in Styrmin's role
 * policy.
 *
 * @public
 */
export const styrminDeploymentUpdatePermission = createPermission({
  name: 'styrmin.deployment.update',
  attributes: { action: 'update' },
});

/**
 * Deleting a deployment, which removes its workload and leaves a tombstone. Operators and
 * administrators in Styrmin's role policy.
 *
 * @public
 */
export const styrminDeploymentDeletePermission = createPermission({
  name: 'styrmin.deployment.delete',
  attributes: { action: 'delete' },
});
