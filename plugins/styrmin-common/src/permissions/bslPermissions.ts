import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading backup storage locations: their stores (bucket, prefix, region, endpoint, the
 * name of their credentials' Secret, never the credentials) and what each cluster's agent
 * observes of them. Every role has it.
 *
 * @public
 */
export const styrminBslReadPermission = createPermission({
  name: 'styrmin.bsl.read',
  attributes: { action: 'read' },
});

/**
 * Registering a backup storage location. Administrators only in Styrmin's role policy.
 *
 * @public
 */
export const styrminBslCreatePermission = createPermission({
  name: 'styrmin.bsl.create',
  attributes: { action: 'create' },
});

/**
 * Changing a backup storage location's store. Administrators only in Styrmin's role
 * policy.
 *
 * @public
 */
export const styrminBslUpdatePermission = createPermission({
  name: 'styrmin.bsl.update',
  attributes: { action: 'update' },
});

/**
 * Deleting a backup storage location that no environment uses and no backup is in.
 * Administrators only in Styrmin's role policy.
 *
 * @public
 */
export const styrminBslDeletePermission = createPermission({
  name: 'styrmin.bsl.delete',
  attributes: { action: 'delete' },
});
