import {
  BackupTrigger,
  VeleroBackupPhase,
} from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';
import { VeleroStatus, VeleroStatusReport } from './veleroStatus';

/**
 * What the agent reports of the Velero Backup of a backup.
 *
 * @internal
 */
export type BackupStatus = VeleroStatus<VeleroBackupPhase> & {
  sizeBytes?: number;
  /** Velero's `status.expiration`; until it reports one, the expiry from the TTL. */
  expiresAt?: Date;
};

/**
 * A per-deployment backup: one Velero Backup of the namespace `styrmin-<deployment id>`
 * with a file-system backup of its volumes, labelled with the deployment and instance ids.
 *
 * It runs as a task of type `create_backup` (flow CREATE_BACKUP on the cluster's pool)
 * whose steps are recorded like those of every other task: "Stop the components" when the
 * driver asks for it, "Back up the namespace" (the Velero Backup, followed to its end),
 * "Start the components" after a stop. The backup history of a deployment is every backup
 * of every instance it has had, newest first; a deleted deployment keeps it. A backup goes
 * when it expires by its TTL or is deleted, with its Velero objects (DeleteBackupRequest,
 * task `delete_backup`) first.
 *
 * @internal
 */
export type Backup = {
  id: string;
  deploymentId: string;
  /** The instance of the deployment that was active when it was taken. */
  instanceId: string;
  backupStorageLocationId: string;
  veleroBackupName: string;
  taskId: string;
  trigger: BackupTrigger;
  /** The schedule's slot that a SCHEDULE backup fills. */
  scheduledFor?: Date;
  ttlSeconds: number;
  /** The environment backup it is a constituent of. */
  environmentBackupId?: string;
  status: BackupStatus;
  /** Who started it: a user, or the scheduler's service subject. */
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /**
   * The delete_backup task that removes its Velero objects, by hand or at its expiry; the
   * record goes when it succeeds.
   */
  deleteTaskId?: string;
};

/** @internal */
export type BackupStoreCreateOptions = TransactionOption & {
  /** Its id, chosen first: the task's parameters name it. A random one when absent. */
  id?: string;
  deploymentId: string;
  /** Names the Velero Backup (see `veleroBackupName`). */
  deploymentName: string;
  instanceId: string;
  backupStorageLocationId: string;
  taskId: string;
  trigger: BackupTrigger;
  /** With trigger SCHEDULE, and only then. */
  scheduledFor?: Date;
  ttlSeconds: number;
  environmentBackupId?: string;
  createdBy: string;
};

/** @internal */
export type BackupStoreGetOptions = TransactionOption & { id: string };

/** @internal */
export type BackupStoreGetManyOptions = TransactionOption & { ids: string[] };

/** @internal */
export type BackupStoreSetDeleteTaskOptions = TransactionOption & {
  id: string;
  /** Null when the deletion failed: the backup may be deleted again. */
  deleteTaskId: string | null;
};

/**
 * Where a page of backups starts: after this backup, newest first.
 *
 * @internal
 */
export type BackupCursor = { createdAt: number; id: string };

/** @internal */
export type BackupStoreListPageOptions = TransactionOption & {
  deploymentId: string;
  limit: number;
  after?: BackupCursor;
};

/** @internal */
export type BackupStoreListPageResult = {
  /** Newest first. */
  backups: Backup[];
  hasNextPage: boolean;
};

/** @internal */
export type BackupStoreListExpiredOptions = TransactionOption & {
  /** Backups whose expiry is at or before this, and whose deletion is not recorded yet. */
  now: Date;
  limit: number;
};

/** @internal */
export type BackupStoreListConstituentsOptions = TransactionOption & {
  environmentBackupId: string;
};

/** @internal */
export type BackupStoreLastScheduledOptions = TransactionOption & {
  deploymentIds: string[];
};

/** @internal */
export type BackupStoreRecordStatusOptions = VeleroStatusReport<
  Omit<BackupStatus, 'observedAt'>
>;

/** @internal */
export type BackupStoreDeleteOptions = TransactionOption & { id: string };

/**
 * The backups. A second scheduled backup of a deployment for the same slot is a
 * `ConflictError`: two replicas that find a slot due start one backup between them.
 *
 * @internal
 */
export interface BackupStore {
  /** Records a backup whose task the caller creates in the same transaction. */
  createBackup(options: BackupStoreCreateOptions): Promise<Backup>;

  getBackup(options: BackupStoreGetOptions): Promise<Backup | undefined>;

  /** The backups with these ids, in any order. */
  getBackups(options: BackupStoreGetManyOptions): Promise<Backup[]>;

  /** The backup history of a deployment, deleted or not: every instance's backups. */
  listBackupPage(
    options: BackupStoreListPageOptions,
  ): Promise<BackupStoreListPageResult>;

  /** The backups whose expiry has passed and that no task deletes yet, soonest expired first. */
  listExpiredBackups(options: BackupStoreListExpiredOptions): Promise<Backup[]>;

  /** The constituent backups of an environment backup, oldest first. */
  listConstituentBackups(
    options: BackupStoreListConstituentsOptions,
  ): Promise<Backup[]>;

  /** The newest slot each of these deployments filled with a scheduled backup. */
  lastScheduledSlots(
    options: BackupStoreLastScheduledOptions,
  ): Promise<Map<string, Date>>;

  /**
   * Records what the agent read of the backup's Velero Backup; writes only what changed,
   * and nothing for a report older than the stored one. Answers whether it wrote.
   */
  recordBackupStatus(options: BackupStoreRecordStatusOptions): Promise<boolean>;

  /**
   * Records the task that deletes the backup, or forgets it (null). Setting one while
   * another is recorded is a `ConflictError`; answers the backup as it is then.
   */
  setDeleteTask(options: BackupStoreSetDeleteTaskOptions): Promise<Backup>;

  /**
   * Removes the record, once its Velero objects are gone; its restores stay, without it.
   * Answers whether there was one, so that a retried deletion is harmless.
   */
  deleteBackup(options: BackupStoreDeleteOptions): Promise<boolean>;
}
