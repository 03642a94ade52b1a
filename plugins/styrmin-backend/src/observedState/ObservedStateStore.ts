import { JsonObject } from '@styrmin/plugin-styrmin-common';
import { TransactionOption } from '../database/TransactionOption';

/**
 * A pod's phase, as Kubernetes reports it in `status.phase`.
 *
 * @internal
 */
export type PodPhase =
  | 'Pending'
  | 'Running'
  | 'Succeeded'
  | 'Failed'
  | 'Unknown';

/**
 * PodStatus: the observed state of one pod of a deployment.
 *
 * @internal
 */
export type PodStatus = {
  deploymentId: string;
  name: string;
  phase: PodPhase;
  ready: boolean;
  restarts: number;
  startedAt?: Date;
  /** The driver component whose label selector matches the pod. */
  component?: string;
  /** Why it is not ready, when a container says so. */
  reason?: string;
  /** When the agent read the snapshot that wrote it. */
  observedAt: Date;
};

/**
 * DeploymentStatus: the latest `.status` of a deployment's StyrminDeployment resource.
 *
 * @internal
 */
export type DeploymentStatus = {
  deploymentId: string;
  status: JsonObject;
  /** When the agent read the newest snapshot that changed anything of the deployment. */
  observedAt: Date;
  updatedAt: Date;
};

/**
 * The observed state of one deployment: its DeploymentStatus and its pods.
 *
 * @internal
 */
export type ObservedState = {
  status: DeploymentStatus;
  pods: PodStatus[];
};

/**
 * A pod as a report lists it.
 *
 * @internal
 */
export type ReportedPodStatus = Omit<PodStatus, 'deploymentId' | 'observedAt'>;

/** @internal */
export type ObservedStateStoreReportOptions = TransactionOption & {
  deploymentId: string;
  observedAt: Date;
  status: JsonObject;
  /** Every pod of the deployment, names unique; the others' rows are removed. */
  pods: ReportedPodStatus[];
};

/** @internal */
export type ObservedStateStoreReportResult = {
  /** Whether anything was written. */
  changed: boolean;
  /** Whether the DeploymentStatus changed. */
  statusChanged: boolean;
  /** Whether the snapshot was observed before the stored one, and so ignored. */
  stale: boolean;
};

/** @internal */
export type ObservedStateStoreGetManyOptions = TransactionOption & {
  deploymentIds: string[];
};

/** @internal */
export type ObservedStateStoreRemoveOptions = TransactionOption & {
  deploymentId: string;
};

/**
 * The observed state of deployments that the status reporter sends: DeploymentStatus and
 * PodStatus. Only changes are written.
 *
 * @internal
 */
export interface ObservedStateStore {
  /**
   * Stores a snapshot of one deployment: its DeploymentStatus, and one PodStatus row per
   * pod, removing the rows of pods it does not list. Writes nothing when the snapshot
   * equals what is stored, or was observed before the stored one.
   */
  report(
    options: ObservedStateStoreReportOptions,
  ): Promise<ObservedStateStoreReportResult>;

  /** The DeploymentStatus of these deployments, those without one left out. */
  getDeploymentStatuses(
    options: ObservedStateStoreGetManyOptions,
  ): Promise<DeploymentStatus[]>;

  /** The pods of these deployments, by deployment, then name. */
  listPodStatuses(
    options: ObservedStateStoreGetManyOptions,
  ): Promise<PodStatus[]>;

  /**
   * The DeploymentStatus of these deployments with their pods by name, in one query; those
   * without one left out (a report writes the DeploymentStatus whenever it writes pods).
   */
  getObservedStates(
    options: ObservedStateStoreGetManyOptions,
  ): Promise<ObservedState[]>;

  /** Forgets a deployment's observed state (its workload is gone: a tombstone). */
  removeObservedState(options: ObservedStateStoreRemoveOptions): Promise<void>;
}
