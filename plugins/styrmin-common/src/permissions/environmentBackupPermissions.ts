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
