import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading environment backups: the captured configuration and declared states (secret
 * values never), and their constituents. Every role has it.
 *
 * @public
 */
export const styrminEnvironmentBackupReadPermission = createPermission({
  name: 'styrmin.environmentbackup.read',
  attributes: { action: 'read' },
});

/**
 * Taking an environment backup: one constituent backup per eligible deployment. Operators
 * and administrators in Styrmin's role policy, as for the backup of one deployment.
 *
 * @public
 */
export const styrminEnvironmentBackupCreatePermission = createPermission({
  name: 'styrmin.environmentbackup.create',
  attributes: { action: 'create' },
});

/**
 * Deleting an environment backup with its constituents. Operators and administrators in
 * Styrmin's role policy.
 *
 * @public
 */
export const styrminEnvironmentBackupDeletePermission = createPermission({
  name: 'styrmin.environmentbackup.delete',
  attributes: { action: 'delete' },
});
