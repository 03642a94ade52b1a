import { defineDomainEnum } from '../domain/domainEnum';

/**
 * The phase of a Velero `Backup` (`velero.io/v1`, Velero 1.18), as the agent reports it
 * for a Styrmin backup. Only a `Completed` backup can be restored.
 *
 * @public
 */
export const VeleroBackupPhase = defineDomainEnum('Velero backup phase', {
  New: 'Created; Velero has not processed it yet.',
  Queued: 'Waiting for a free worker (Velero 1.18).',
  ReadyToStart: 'Picked from the queue, about to start (Velero 1.18).',
  FailedValidation:
    'Velero refused the spec (for example, its location is missing or Unavailable); nothing was backed up.',
  InProgress: 'Backing up the namespace and its volumes.',
  WaitingForPluginOperations:
    'The items are backed up; asynchronous plugin operations still run.',
  WaitingForPluginOperationsPartiallyFailed:
    'As WaitingForPluginOperations, after errors.',
  Finalizing: 'Writing the final contents to the object store.',
  FinalizingPartiallyFailed: 'As Finalizing, after errors.',
  Completed: 'Every item and volume is backed up.',
  PartiallyFailed: 'Ended with errors: some items or volumes are missing.',
  Failed: 'Ended without a usable backup.',
  Deleting: 'A DeleteBackupRequest is removing it and its data.',
});

/** @public */
export type VeleroBackupPhase = (typeof VeleroBackupPhase.values)[number];

/**
 * The phases in which a Velero Backup has ended; it changes no more but to be deleted.
 *
 * @public
 */
export const TERMINAL_VELERO_BACKUP_PHASES: ReadonlySet<VeleroBackupPhase> =
  new Set(['Completed', 'PartiallyFailed', 'Failed', 'FailedValidation']);

/**
 * The phase of a Velero `Restore` (`velero.io/v1`), as the agent reports it for a Styrmin
 * restore.
 *
 * @public
 */
export const VeleroRestorePhase = defineDomainEnum('Velero restore phase', {
  New: 'Created; Velero has not processed it yet.',
  FailedValidation:
    'Velero refused the spec (for example, the backup is missing or its location is not Available); nothing was restored.',
  InProgress: 'Restoring the items and volumes of the backup.',
  WaitingForPluginOperations:
    'The items are restored; asynchronous plugin operations still run.',
  WaitingForPluginOperationsPartiallyFailed:
    'As WaitingForPluginOperations, after errors.',
  Finalizing: 'Finishing the restore of the volumes.',
  FinalizingPartiallyFailed: 'As Finalizing, after errors.',
  Completed: 'Every item and volume of the backup is restored.',
  PartiallyFailed:
    'Ended with errors: some items or volumes were not restored.',
  Failed: 'Ended without restoring the backup.',
});

/** @public */
export type VeleroRestorePhase = (typeof VeleroRestorePhase.values)[number];

/**
 * The phases in which a Velero Restore has ended.
 *
 * @public
 */
export const TERMINAL_VELERO_RESTORE_PHASES: ReadonlySet<VeleroRestorePhase> =
  new Set(['Completed', 'PartiallyFailed', 'Failed', 'FailedValidation']);
