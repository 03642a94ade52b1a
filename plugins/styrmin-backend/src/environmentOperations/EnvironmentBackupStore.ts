import {
  DeploymentConfiguration,
  EnvironmentOverrides,
} from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';
import { DriverVersionRef } from '../deployments/DeploymentStore';

/**
 * The configuration of an environment as an environment backup captured it.
 *
 * @internal
 */
export type CapturedEnvironment = {
  name: string;
  clusterId: string;
  overrides: EnvironmentOverrides;
  backupStorageLocation?: string;
};

/**
 * The declared state of one deployment as an environment backup captured it, with the
 * constituent backup taken of it.
 *
 * @internal
 */
export type CapturedDeployment = {
  deploymentId: string;
  name: string;
  driver: DriverVersionRef;
  /**
   * The application version, parameters and component overrides, secret values included:
   * what an environment restore or clone puts back; never shown as it is.
   */
  configuration: DeploymentConfiguration;
  /** Its constituent backup; the record goes when the backup is deleted or expires. */
  backupId: string;
};

/**
 * A snapshot of one environment, taken in one operation: its configuration at backup time,
 * the declared state of every eligible deployment, and one constituent backup per eligible
 * deployment (the backups whose `environmentBackupId` names it). Its status is computed
 * from the constituents on every read (`computeEnvironmentBackupStatus`), never stored.
 *
 * @internal
 */
export type EnvironmentBackup = {
  id: string;
  environmentId: string;
  environment: CapturedEnvironment;
  /** By name. */
  deployments: CapturedDeployment[];
  createdBy: string;
  createdAt: Date;
};

/** @internal */
export type EnvironmentBackupStoreCreateOptions = TransactionOption & {
  /** Its id, chosen first: its constituents name it. */
  id: string;
  environmentId: string;
  environment: CapturedEnvironment;
  deployments: CapturedDeployment[];
  createdBy: string;
};

/** @internal */
export type EnvironmentBackupStoreGetOptions = TransactionOption & {
  id: string;
};

/**
 * Where a page of environment backups starts: after this one, newest first.
 *
 * @internal
 */
export type EnvironmentBackupCursor = { createdAt: number; id: string };

/** @internal */
export type EnvironmentBackupStoreListPageOptions = TransactionOption & {
  environmentId: string;
  limit: number;
  after?: EnvironmentBackupCursor;
};

/** @internal */
export type EnvironmentBackupStoreListPageResult = {
  /** Newest first. */
  environmentBackups: EnvironmentBackup[];
  hasNextPage: boolean;
};

/** @internal */
export type EnvironmentBackupStoreDeleteOptions = TransactionOption & {
  id: string;
};

/**
 * The environment backups.
 *
 * @internal
 */
export interface EnvironmentBackupStore {
  /** Records an environment backup whose constituents the caller records in the same transaction. */
  createEnvironmentBackup(
    options: EnvironmentBackupStoreCreateOptions,
  ): Promise<EnvironmentBackup>;

  getEnvironmentBackup(
    options: EnvironmentBackupStoreGetOptions,
  ): Promise<EnvironmentBackup | undefined>;

  /** The environment backups of an environment, newest first. */
  listEnvironmentBackupPage(
    options: EnvironmentBackupStoreListPageOptions,
  ): Promise<EnvironmentBackupStoreListPageResult>;

  /** Removes the record; answers whether there was one, so that a retry is harmless. */
  deleteEnvironmentBackup(
    options: EnvironmentBackupStoreDeleteOptions,
  ): Promise<boolean>;
}
