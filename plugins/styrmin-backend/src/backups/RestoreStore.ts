import { VeleroRestorePhase } from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';
import { Backup, BackupCursor } from './BackupStore';
import { VeleroStatus, VeleroStatusReport } from './veleroStatus';

/**
 * What the agent reports of the Velero Restore of a restore.
 *
 * @internal
 */
export type RestoreStatus = VeleroStatus<VeleroRestorePhase>;

/**
 * One restore of a backup. An in-place restore goes into the deployment the backup was
 * taken of, in `styrmin-<deployment id>`, whichever instance the backup belongs to, and
 * leaves the active instance as it is; only an environment clone makes a cross-target
 * restore, into the deployment it created (Velero `namespaceMapping`).
 *
 * It runs as a task of type `restore_backup` (flow RESTORE_BACKUP on the cluster's pool)
 * while the deployment is RESTORING, one step per phase: "Stop the components", "Remove
 * the volume claims of the backup", "Restore the namespace" (the Velero Restore with
 * `existingResourcePolicy: update`, followed to its end), "Start the components".
 *
 * @internal
 */
export type Restore = {
  id: string;
  /** Unset once the backup expired or was deleted: the restore stays readable. */
  backupId?: string;
  /** The deployment the backup was taken of. */
  sourceDeploymentId: string;
  /** The deployment restored into: `sourceDeploymentId` for an in-place restore. */
  deploymentId: string;
  veleroBackupName: string;
  veleroRestoreName: string;
  taskId: string;
  /** The environment restore (or clone) it is a constituent of. */
  environmentRestoreId?: string;
  status: RestoreStatus;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
};

/** @internal */
export type RestoreStoreCreateOptions = TransactionOption & {
  /** Its id, chosen first: the task's parameters name it. A random one when absent. */
  id?: string;
  backup: Pick<Backup, 'id' | 'deploymentId' | 'veleroBackupName'>;
  /** The target: the backup's own deployment, but for a cross-target restore. */
  deploymentId: string;
  /** Names the Velero Restore (see `veleroRestoreName`). */
  deploymentName: string;
  taskId: string;
  environmentRestoreId?: string;
  createdBy: string;
};

/** @internal */
export type RestoreStoreGetOptions = TransactionOption & { id: string };

/** @internal */
export type RestoreStoreListPageOptions = TransactionOption & {
  /** The restores into this deployment. */
  deploymentId: string;
  limit: number;
  after?: BackupCursor;
};

/** @internal */
export type RestoreStoreListPageResult = {
  /** Newest first. */
  restores: Restore[];
  hasNextPage: boolean;
};

/** @internal */
export type RestoreStoreRecordStatusOptions = VeleroStatusReport<
  Omit<RestoreStatus, 'observedAt'>
>;

/**
 * The restores. The rules of who may restore what (`restoreRefusal` in styrmin-common)
 * are the caller's; the store records.
 *
 * @internal
 */
export interface RestoreStore {
  /** Records a restore whose task the caller creates in the same transaction. */
  createRestore(options: RestoreStoreCreateOptions): Promise<Restore>;

  getRestore(options: RestoreStoreGetOptions): Promise<Restore | undefined>;

  listRestorePage(
    options: RestoreStoreListPageOptions,
  ): Promise<RestoreStoreListPageResult>;

  /** As `BackupStore.recordBackupStatus`. */
  recordRestoreStatus(
    options: RestoreStoreRecordStatusOptions,
  ): Promise<boolean>;
}
