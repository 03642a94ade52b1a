import {
  ClusterSettings,
  ContextChange,
  DeploymentConfiguration,
  EnvironmentOverrides,
  GlobalContext,
} from '@styrmin/plugin-styrmin-common';
import { Cluster } from '../clusters/ClusterStore';
import { TransactionOption } from '../database/TransactionOption';
import { Deployment, DriverVersionRef } from '../deployments/DeploymentStore';
import { DriverVersion } from '../drivers/DriverStore';
import { Environment } from '../environments/EnvironmentStore';
import { Instance } from '../instances/InstanceStore';

/**
 * A deployment as a change will record it, before it is stored: created, edited or
 * upgraded.
 *
 * @internal
 */
export type DesiredDeployment = {
  id: string;
  name: string;
  driver: DriverVersionRef;
  configuration: DeploymentConfiguration;
};

/**
 * What a change will make of an environment, to generate from before it is stored. What
 * it leaves out is read from the records.
 *
 * @internal
 */
export type GeneratorChange = {
  /** The cluster's settings after the change. */
  clusterSettings?: ClusterSettings;
  /** The environment's overrides after the change. */
  environmentOverrides?: EnvironmentOverrides;
  /** A deployment that the change creates or changes. */
  deployment?: DesiredDeployment;
  /** A deployment that the change deletes. */
  deletedDeploymentId?: string;
};

/** @internal */
export type GeneratorGenerateOptions = TransactionOption & {
  environmentId: string;
  change?: GeneratorChange;
  /**
   * Locks the environment until the transaction ends, so that what is generated is still
   * true when it is stored. Changes lock; previews need not.
   */
  lock?: boolean;
};

/**
 * A newly generated instance of one deployment, compared with its active instance.
 *
 * @internal
 */
export type GeneratedInstance = {
  deploymentId: string;
  deploymentName: string;
  /** The deployment as stored before the change; absent for one the change creates. */
  stored?: Deployment;
  /** The application driver version the instance is generated for. */
  driverVersion: DriverVersion;
  active?: Instance;
  context: GlobalContext;
  /** The reconciliation diff to the active instance, secret values masked. */
  diff: ContextChange[];
  /** Whether the instance differs from the active one; equal means nothing to do. */
  changed: boolean;
};

/**
 * Every deployment of an environment, generated anew.
 *
 * @internal
 */
export type Generation = {
  cluster: Cluster;
  environment: Environment;
  /** The deployments that are not deleted after the change, by name. */
  instances: GeneratedInstance[];
};

/** @internal */
export type GeneratorValidateOptions = TransactionOption & {
  /** The deployment as stored now; absent when the change creates it. */
  current?: Deployment;
  /** The driver version after the change. */
  driver: DriverVersionRef;
  /** The whole configuration after the change, as the caller sent it. */
  configuration: unknown;
};

/**
 * A change of a deployment that passed validation.
 *
 * @internal
 */
export type ValidatedDeploymentChange = {
  driverVersion: DriverVersion;
  /** The configuration to store. */
  configuration: DeploymentConfiguration;
  /** Retired parameters whose values equalled their defaults, and were dropped. */
  droppedParameters: string[];
};

/** @internal */
export type GeneratorStoreOptions = TransactionOption & {
  /** The generated instances to store; those that did not change are skipped. */
  instances: readonly GeneratedInstance[];
  createdBy: string;
};

/**
 * The generator: builds new instances from deployments, resolving their contexts
 * (`resolveContext`) from the driver version, the cluster, the environment and the
 * deployment, and compares each with the deployment's active instance
 * (`diffContexts`).
 *
 * @internal
 */
export interface Generator {
  /**
   * Validates a change of a deployment (`validateDeploymentChange`) against the driver
   * versions it moves between. Throws `NotFoundError` when the driver version is not
   * loaded, and the `StyrminError` of `validationError` with every problem otherwise.
   */
  validate(
    options: GeneratorValidateOptions,
  ): Promise<ValidatedDeploymentChange>;

  /**
   * Generates an instance of every deployment of the environment, as the change would
   * leave them, and compares each with its active instance. Writes nothing.
   */
  generate(options: GeneratorGenerateOptions): Promise<Generation>;

  /**
   * Stores the instances that changed as their deployments' active instances, each with
   * its diff, replacing the instance it was compared with (a compare-and-set: the store
   * throws `ConflictError` when that one is no longer active). Returns them in order.
   */
  store(options: GeneratorStoreOptions): Promise<
    Array<{
      generated: GeneratedInstance;
      instance: Instance;
    }>
  >;
}
