import { createPermission } from '@backstage/plugin-permission-common';

/**
 * Reading backups and restores: a deployment's backup history (a tombstone's too), their
 * phases, progress and reasons, and the steps of their tasks. Every role has it.
 *
 * @public
 */
export const styrminBackupReadPermission = createPermission({
  name: 'styrmin.backup.read',
  attributes: { action: 'read' },
});

/**
 * Backing up a deployment on demand. Operators and administrators in Styrmin's role
 * policy.
 *
 * @public
 */
export const styrminBackupCreatePermission = createPermission({
  name: 'styrmin.backup.create',
  attributes: { action: 'create' },
});

/**
 * Restoring a backup in place, into the deployment it was taken of, which replaces the
 * deployment's data-bearing objects. Operators and administrators in Styrmin's role
 * policy. A cross-target restore is part of an environment clone and needs
 * `styrmin.environment.clone`.
 *
 * @public
 */
export const styrminBackupRestorePermission = createPermission({
  name: 'styrmin.backup.restore',
  attributes: { action: 'update' },
});

/**
 * Deleting a backup by hand, with its Velero objects. Operators and administrators in
 * Styrmin's role policy: whoever may take a backup may remove it, as whoever may create a
 * deployment may delete it; the backup expires by its TTL anyway.
 *
 * @public
 */
export const styrminBackupDeletePermission = createPermission({
  name: 'styrmin.backup.delete',
  attributes: { action: 'delete' },
});

/**
 * Setting, pausing or removing one deployment's backup schedule. Operators and
 * administrators in Styrmin's role policy; an environment's schedule is part of the
 * environment (`styrmin.environment.update`).
 *
 * @public
 */
export const styrminBackupScheduleUpdatePermission = createPermission({
  name: 'styrmin.backup.schedule',
  attributes: { action: 'update' },
});
