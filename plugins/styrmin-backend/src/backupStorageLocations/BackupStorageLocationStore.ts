import {
  BackupStorageLocationPhase,
  BackupStorageLocationStore as LocationStore,
} from '@styrmin/plugin-styrmin-common';
import { RecordGetOptions } from '../database/getRecord';
import { RecordStamps } from '../database/recordStamps';
import { TransactionOption } from '../database/TransactionOption';

/**
 * What the agent of one cluster last observed of the Velero BackupStorageLocation it keeps
 * for a location.
 *
 * @internal
 */
export type BackupStorageLocationObservedState = {
  clusterId: string;
  phase: BackupStorageLocationPhase;
  /** Velero's message: why it is Unavailable. */
  message?: string;
  lastValidatedAt?: Date;
  /** When the agent read it. */
  observedAt: Date;
};

/**
 * A backup storage location (BSL): an S3-compatible object store registered as a
 * destination for Velero backups. Environments reference it; every deployment of an
 * environment stores its backups there. Its credentials are a reference to a Kubernetes
 * Secret, never the credentials themselves.
 *
 * @internal
 */
export type BackupStorageLocation = RecordStamps &
  LocationStore & {
    id: string;
    /** Unique; the name of the Velero BackupStorageLocation that the agents write. */
    name: string;
    /** Per cluster that reported it, by cluster id. */
    observed: BackupStorageLocationObservedState[];
  };

/** @internal */
export type BackupStorageLocationStoreCreateOptions = TransactionOption & {
  name: string;
  store: LocationStore;
  createdBy: string;
};

/** @internal */
export type BackupStorageLocationStoreGetOptions = RecordGetOptions;

/** @internal */
export type BackupStorageLocationStoreGetManyOptions = TransactionOption & {
  ids: string[];
};

/** @internal */
export type BackupStorageLocationStoreListOptions = TransactionOption & {
  /**
   * Only the locations that the environments (not deleted) of this cluster use: what the
   * cluster's agent keeps in step.
   */
  clusterId?: string;
};

/** @internal */
export type BackupStorageLocationStoreUpdateOptions = TransactionOption & {
  id: string;
  /** The version the change applies to: a compare-and-set. */
  expectedVersion: number;
  /** The whole store: what it does not set becomes unset. */
  store: LocationStore;
  updatedBy: string;
};

/** @internal */
export type BackupStorageLocationStoreDeleteOptions = TransactionOption & {
  id: string;
  expectedVersion: number;
};

/** @internal */
export type BackupStorageLocationStoreRecordObservedStateOptions =
  TransactionOption &
    Omit<BackupStorageLocationObservedState, 'observedAt'> & {
      backupStorageLocationId: string;
      observedAt: Date;
    };

/**
 * The backup storage locations. Names are unique (a taken one is `ConflictError`); lost
 * compare-and-sets throw `ConflictError`, unknown locations `NotFoundError`. A location
 * that an environment (not deleted) uses, or that holds backups, cannot be deleted
 * (`ConflictError` saying which).
 *
 * @internal
 */
export interface BackupStorageLocationStore {
  createBackupStorageLocation(
    options: BackupStorageLocationStoreCreateOptions,
  ): Promise<BackupStorageLocation>;

  getBackupStorageLocation(
    options: BackupStorageLocationStoreGetOptions,
  ): Promise<BackupStorageLocation | undefined>;

  /** The locations with these ids, in any order. */
  getBackupStorageLocations(
    options: BackupStorageLocationStoreGetManyOptions,
  ): Promise<BackupStorageLocation[]>;

  /** By name. */
  listBackupStorageLocations(
    options?: BackupStorageLocationStoreListOptions,
  ): Promise<BackupStorageLocation[]>;

  updateBackupStorageLocation(
    options: BackupStorageLocationStoreUpdateOptions,
  ): Promise<BackupStorageLocation>;

  /**
   * Deletes the location and what the agents observed of it; deleted environments that
   * still named it name none afterwards.
   */
  deleteBackupStorageLocation(
    options: BackupStorageLocationStoreDeleteOptions,
  ): Promise<void>;

  /**
   * Records what a cluster's agent observed of a location. Writes only when the phase,
   * message or validation time changed and the report is not older than the stored one;
   * answers whether it wrote.
   */
  recordObservedState(
    options: BackupStorageLocationStoreRecordObservedStateOptions,
  ): Promise<boolean>;
}
