import {
  EnvironmentOverrides,
  EnvironmentSettings,
} from '@styrmin/plugin-styrmin-common';
import { RecordStamps } from '../database/recordStamps';
import { RecordGetOptions } from '../database/getRecord';
import { TransactionOption } from '../database/TransactionOption';

/**
 * An environment: a logical deployment target in one cluster.
 *
 * @internal
 */
export type Environment = RecordStamps & {
  id: string;
  name: string;
  clusterId: string;
  overrides: EnvironmentOverrides;
  /** How it treats its deployments' upgrades (restore points, automatic rollback). */
  settings: EnvironmentSettings;
  /**
   * The name of the backup storage location (a registered record, see
   * BackupStorageLocationStore) its deployments back up to.
   */
  backupStorageLocation?: string;
  /** When it was deleted; a deleted environment stays for its tombstones. */
  deletedAt?: Date;
};

/** @internal */
export type EnvironmentStoreCreateOptions = TransactionOption & {
  name: string;
  clusterId: string;
  overrides: EnvironmentOverrides;
  /** None set when absent. */
  settings?: EnvironmentSettings;
  backupStorageLocation?: string;
  createdBy: string;
};

/** @internal */
export type EnvironmentStoreListOptions = TransactionOption & {
  /** Only the environments of these clusters. */
  clusterIds?: string[];
};

/**
 * One environment that is not deleted, by its id or its name. With `lock`, the row stays
 * locked until the transaction ends (PostgreSQL), so that the changes of one environment
 * run one at a time.
 *
 * @internal
 */
export type EnvironmentStoreGetOptions = RecordGetOptions;

/** @internal */
export type EnvironmentStoreGetManyOptions = TransactionOption & {
  ids: string[];
};

/** @internal */
export type EnvironmentStoreUpdateOptions = TransactionOption & {
  id: string;
  /** The version the change applies to: a compare-and-set. */
  expectedVersion: number;
  overrides: EnvironmentOverrides;
  /** Absent leaves them. */
  settings?: EnvironmentSettings;
  /** Null for none. */
  backupStorageLocation: string | null;
  updatedBy: string;
};

/** @internal */
export type EnvironmentStoreDeleteOptions = TransactionOption & {
  id: string;
  expectedVersion: number;
  deletedBy: string;
};

/**
 * The environments. Names are unique among the environments that are not deleted; a
 * deleted environment stays, for the tombstones of its deployments. Lost compare-and-sets
 * throw `ConflictError`; unknown environments `NotFoundError`; a taken name
 * `ConflictError`. An environment names its backup storage location, which must be
 * registered: an unknown name throws a `StyrminError` VALIDATION_FAILED on the field
 * `backupStorageLocation`, and nothing is written.
 *
 * @internal
 */
export interface EnvironmentStore {
  createEnvironment(
    options: EnvironmentStoreCreateOptions,
  ): Promise<Environment>;

  /** The environments that are not deleted, by name. */
  listEnvironments(
    options?: EnvironmentStoreListOptions,
  ): Promise<Environment[]>;

  getEnvironment(
    options: EnvironmentStoreGetOptions,
  ): Promise<Environment | undefined>;

  /** The environments with these ids, deleted ones included, in any order. */
  getEnvironments(
    options: EnvironmentStoreGetManyOptions,
  ): Promise<Environment[]>;

  updateEnvironment(
    options: EnvironmentStoreUpdateOptions,
  ): Promise<Environment>;

  /** Marks the environment deleted; the caller checks that no deployment is left in it. */
  deleteEnvironment(
    options: EnvironmentStoreDeleteOptions,
  ): Promise<Environment>;
}
