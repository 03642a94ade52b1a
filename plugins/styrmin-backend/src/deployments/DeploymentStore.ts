import {
  DeploymentConfiguration,
  DeploymentState,
} from '@styrmin/plugin-styrmin-common';
import { RecordStamps } from '../database/recordStamps';
import { TransactionOption } from '../database/TransactionOption';

/**
 * An application driver version, as records name it.
 *
 * @internal
 */
export type DriverVersionRef = { name: string; version: string };

/**
 * A deployment: the recorded intent for one application in one environment.
 *
 * @internal
 */
export type Deployment = RecordStamps & {
  id: string;
  environmentId: string;
  name: string;
  driver: DriverVersionRef;
  /** What the user set, secret values included: never shown as it is. */
  configuration: DeploymentConfiguration;
  state: DeploymentState;
  /** Why the deployment is in its state, when that needs saying. */
  stateReason?: string;
  /** When its deletion was recorded; the deployment stays as a tombstone. */
  deletedAt?: Date;
};

/** @internal */
export type DeploymentStoreCreateOptions = TransactionOption & {
  /** Its id, when the caller chose it first (to generate its instance with it). */
  id?: string;
  environmentId: string;
  name: string;
  driver: DriverVersionRef;
  configuration: DeploymentConfiguration;
  /** Default PENDING; the remediator records a created deployment DEPLOYING at once. */
  state?: DeploymentState;
  createdBy: string;
};

/**
 * One deployment by its id (tombstones included), or by its environment and name (not
 * deleted).
 *
 * @internal
 */
export type DeploymentStoreGetOptions = TransactionOption &
  (
    | { id: string; environmentId?: never; name?: never }
    | { environmentId: string; name: string; id?: never }
  );

/** @internal */
export type DeploymentStoreGetManyOptions = TransactionOption & {
  ids: string[];
};

/**
 * Where a page of deployments starts: after this deployment, in the order of the list.
 *
 * @internal
 */
export type DeploymentCursor = { name: string; id: string };

/** @internal */
export type DeploymentStoreListOptions = TransactionOption & {
  environmentId?: string;
  /** Any of these states. */
  states?: DeploymentState[];
  /** Deployments of this application driver, any version. */
  driverName?: string;
  /** Only those of this version of `driverName`. */
  driverVersion?: string;
  /** Tombstones too; left out by default. */
  includeDeleted?: boolean;
  /** The page size. */
  limit: number;
  after?: DeploymentCursor;
};

/** @internal */
export type DeploymentStoreListResult = {
  /** By name, then id. */
  deployments: Deployment[];
  hasNextPage: boolean;
};

/** @internal */
export type DeploymentStoreListOfEnvironmentsOptions = TransactionOption & {
  environmentIds: string[];
};

/** @internal */
export type DeploymentStoreUpdateOptions = TransactionOption & {
  id: string;
  /** The version the change applies to: a compare-and-set. */
  expectedVersion: number;
  driver: DriverVersionRef;
  configuration: DeploymentConfiguration;
  /** Records the deletion: the deployment becomes a tombstone. */
  deleted?: boolean;
  /** The state the change moves it to, in the same statement; absent leaves it. */
  state?: DeploymentState;
  updatedBy: string;
};

/** @internal */
export type DeploymentStoreSetStateOptions = TransactionOption & {
  id: string;
  state: DeploymentState;
  reason?: string;
};

/**
 * The deployments. Names are unique in an environment among the deployments that are not
 * deleted; a deleted deployment stays as a tombstone. Every change of what a deployment
 * should be (its driver version, its configuration, its deletion) compare-and-sets its
 * version; lost compare-and-sets throw `ConflictError`, unknown deployments
 * `NotFoundError`, a taken name `ConflictError`.
 *
 * @internal
 */
export interface DeploymentStore {
  /** Records a deployment at version 1, PENDING unless `state` says otherwise. */
  createDeployment(options: DeploymentStoreCreateOptions): Promise<Deployment>;

  getDeployment(
    options: DeploymentStoreGetOptions,
  ): Promise<Deployment | undefined>;

  /** The deployments with these ids, tombstones included, in any order. */
  getDeployments(options: DeploymentStoreGetManyOptions): Promise<Deployment[]>;

  /** A page of deployments, by name. */
  listDeployments(
    options: DeploymentStoreListOptions,
  ): Promise<DeploymentStoreListResult>;

  /** Every deployment of these environments that is not deleted, by name. */
  listDeploymentsOfEnvironments(
    options: DeploymentStoreListOfEnvironmentsOptions,
  ): Promise<Deployment[]>;

  /** Records a new intent: driver version, configuration, or the deletion. */
  updateDeployment(options: DeploymentStoreUpdateOptions): Promise<Deployment>;

  /** Moves the deployment to a state; its version stays, since its intent did not change. */
  setState(options: DeploymentStoreSetStateOptions): Promise<void>;
}
