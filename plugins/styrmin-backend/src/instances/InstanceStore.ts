import {
  ContextChange,
  DeploymentConfiguration,
  GlobalContext,
} from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';
import { DriverVersionRef } from '../deployments/DeploymentStore';
import { Instance } from './Instance';

export type { Instance } from './Instance';

/** @internal */
export type InstanceStoreCreateOptions = TransactionOption & {
  /** Its id, when the caller named it first (in the parameters of the flow run that applies it). */
  id?: string;
  deploymentId: string;
  driver: DriverVersionRef;
  context: GlobalContext;
  diff: ContextChange[];
  /**
   * The instance it replaces as the active one: the one the diff was taken against. It
   * must still be active; absent for a deployment's first instance.
   */
  replaces?: string;
  /** The task that applies it. */
  taskId?: string;
  /** The deployment configuration it is generated from. */
  configuration?: DeploymentConfiguration;
  /** For a rollback's instance: the earlier instance it declares again. */
  rollbackToInstanceId?: string;
  /** For a rollback with data: the restore point it restores once applied. */
  restoresBackupId?: string;
  createdBy: string;
};

/** @internal */
export type InstanceStoreGetManyOptions = TransactionOption & { ids: string[] };

/** @internal */
export type InstanceStoreGetActiveOptions = TransactionOption & {
  deploymentIds: string[];
};

/** @internal */
export type InstanceStoreListOptions = TransactionOption & {
  deploymentId: string;
  limit: number;
  /** The page starts after the instance with this number (newest first). */
  before?: number;
};

/** @internal */
export type InstanceStoreListResult = {
  /** Newest first. */
  instances: Instance[];
  hasNextPage: boolean;
};

/** @internal */
export type InstanceStoreDeactivateOptions = TransactionOption & {
  id: string;
};

/** @internal */
export type InstanceStoreSetTaskOptions = TransactionOption & {
  id: string;
  /** The task that applies it now: a retry of the one that failed to. */
  taskId: string;
};

/** @internal */
export type InstanceStoreSetRestorePointOptions = TransactionOption & {
  id: string;
  backupId: string;
};

/**
 * The instances of deployments: immutable, but for which one is active. At most one instance of a deployment is active, which the database enforces
 * too; older ones stay for the timeline.
 *
 * @internal
 */
export interface InstanceStore {
  /**
   * Stores a new instance as the deployment's active one, and deactivates the one it
   * replaces. Throws `ConflictError` when the replaced instance is no longer active, or
   * another instance became active meanwhile: the change was computed against an older
   * state.
   */
  createInstance(options: InstanceStoreCreateOptions): Promise<Instance>;

  /** The instances with these ids, in any order. */
  getInstances(options: InstanceStoreGetManyOptions): Promise<Instance[]>;

  /** The active instances of these deployments (at most one each), in any order. */
  getActiveInstances(
    options: InstanceStoreGetActiveOptions,
  ): Promise<Instance[]>;

  /** A page of a deployment's instances, newest first: its timeline. */
  listInstances(
    options: InstanceStoreListOptions,
  ): Promise<InstanceStoreListResult>;

  /** Ends the instance's time as the active one (a deletion: nothing should run). */
  deactivateInstance(options: InstanceStoreDeactivateOptions): Promise<void>;

  /**
   * Points the instance at the task that applies it now, so that its timeline entry links
   * to the retry rather than to the task that failed. `NotFoundError` for an unknown one.
   */
  setInstanceTask(options: InstanceStoreSetTaskOptions): Promise<void>;

  /**
   * Records the backup that the instance's upgrade took first as its restore point, once:
   * the same backup again changes nothing, another is `ConflictError`; an unknown
   * instance `NotFoundError`.
   */
  setRestorePoint(options: InstanceStoreSetRestorePointOptions): Promise<void>;
}
