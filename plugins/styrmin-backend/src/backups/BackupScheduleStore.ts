import { BackupSchedule } from '@styrmin/plugin-styrmin-common';
import { RecordStamps } from '../database/recordStamps';
import { TransactionOption } from '../database/TransactionOption';

/**
 * Whose backup schedule it is: an environment's, which its deployments inherit, or one
 * deployment's, which replaces its environment's (`effectiveBackupSchedule`).
 *
 * @internal
 */
export type BackupScheduleOwner =
  | { environmentId: string; deploymentId?: never }
  | { deploymentId: string; environmentId?: never };

/** @internal */
export type BackupScheduleRecord = RecordStamps &
  BackupSchedule & {
    id: string;
    environmentId?: string;
    deploymentId?: string;
  };

/** @internal */
export type BackupScheduleStoreGetOptions = TransactionOption &
  BackupScheduleOwner;

/** @internal */
export type BackupScheduleStoreGetManyOptions = TransactionOption & {
  environmentIds?: string[];
  deploymentIds?: string[];
};

/** @internal */
export type BackupScheduleStorePutOptions = TransactionOption & {
  owner: BackupScheduleOwner;
  schedule: BackupSchedule;
  /** Absent: the owner has no schedule yet. Else a compare-and-set of the one it has. */
  expectedVersion?: number;
  updatedBy: string;
};

/** @internal */
export type BackupScheduleStoreDeleteOptions = TransactionOption & {
  id: string;
  expectedVersion: number;
};

/**
 * The backup schedules, at most one per environment and one per deployment. A second one
 * for an owner, or a lost compare-and-set, is `ConflictError`; unknown ones
 * `NotFoundError`. The schedule is validated by the caller (`parseBackupSchedule`).
 *
 * @internal
 */
export interface BackupScheduleStore {
  getBackupSchedule(
    options: BackupScheduleStoreGetOptions,
  ): Promise<BackupScheduleRecord | undefined>;

  /** The schedules of these environments and of these deployments, in any order. */
  getBackupSchedules(
    options: BackupScheduleStoreGetManyOptions,
  ): Promise<BackupScheduleRecord[]>;

  /** Sets the owner's schedule: creates it, or changes it at `expectedVersion`. */
  putBackupSchedule(
    options: BackupScheduleStorePutOptions,
  ): Promise<BackupScheduleRecord>;

  /** Removes a schedule: a deployment inherits its environment's again. */
  deleteBackupSchedule(
    options: BackupScheduleStoreDeleteOptions,
  ): Promise<void>;
}
