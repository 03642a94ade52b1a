import {
  CarriedOverParameter,
  ClusterSettings,
  ContextChange,
  DeploymentChange,
  DeploymentConfiguration,
  DriverService,
  EnvironmentOverrides,
  GlobalContext,
  PromptAnswers,
} from '@styrmin/plugin-styrmin-common';
import { Cluster } from '../clusters/ClusterStore';
import { Deployment, DriverVersionRef } from '../deployments/DeploymentStore';
import { DriverVersion } from '../drivers/DriverStore';
import { Environment } from '../environments/EnvironmentStore';
import { Instance } from '../instances/Instance';

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

/**
 * What the generator builds from: an environment's records as a change finds them, read
 * by the caller (`readEnvironment`) in the change's transaction, under its lock.
 *
 * @internal
 */
export type EnvironmentRecords = {
  environment: Environment;
  cluster: Cluster;
  /** The deployments of the environment that are not deleted, by name. */
  deployments: Deployment[];
  /** The active instances of those deployments (at most one each). */
  activeInstances: Instance[];
  /**
   * The driver versions of those deployments, and those the caller asked for besides (the
   * version a change moves to).
   */
  driverVersions: DriverVersion[];
  /**
   * The cluster's other environments with their deployments' driver services, whose
   * exposed hosts this environment's must not take. Absent: none to check against.
   */
  otherEnvironments?: NeighbourEnvironment[];
};

/**
 * Another environment of the cluster, as far as its exposed hosts go.
 *
 * @internal
 */
export type NeighbourEnvironment = {
  name: string;
  overrides: EnvironmentOverrides;
  /** Its deployments that are not deleted, with their driver versions' services. */
  deployments: Array<{ name: string; services: readonly DriverService[] }>;
};

/** @internal */
export type GeneratorGenerateOptions = {
  records: EnvironmentRecords;
  change?: GeneratorChange;
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
export type GeneratorValidateOptions = {
  /** The driver versions the change may move between (`EnvironmentRecords.driverVersions`). */
  driverVersions: readonly DriverVersion[];
  /** The deployment as stored now; absent when the change creates it. */
  current?: Deployment;
  /** The driver version after the change. */
  driver: DriverVersionRef;
  /** The whole configuration after the change, as the caller sent it. */
  configuration: unknown;
  /** The hook the change runs and the answers to its actions' prompts, checked with it. */
  prompts?: DeploymentChange['prompts'];
  /** Whether the change may move to an older driver version. */
  allowDowngrade?: boolean;
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
  /** Retired parameters whose values went to their replacements. */
  carriedOverParameters: CarriedOverParameter[];
  /** The checked answers to the prompts of the hook the change runs. */
  prompts: PromptAnswers;
};

/**
 * The generator: builds new instances from deployments, resolving their contexts
 * (`resolveContext`) from the driver version, the cluster, the environment and the
 * deployment, and compares each with the deployment's active instance
 * (`diffContexts`). A pure builder: it reads what the caller read, and writes nothing;
 * what it builds, the remediator records.
 *
 * @internal
 */
export interface Generator {
  /**
   * Validates a change of a deployment (`validateDeploymentChange`) against the driver
   * versions it moves between. Throws `NotFoundError` when the driver version is not
   * loaded, and the `StyrminError` of `validationError` with every problem otherwise.
   */
  validate(options: GeneratorValidateOptions): ValidatedDeploymentChange;

  /**
   * Generates an instance of every deployment of the environment, as the change would
   * leave them, and compares each with its active instance. Throws `NotFoundError` when a
   * deployment's driver version is not among the records'.
   */
  generate(options: GeneratorGenerateOptions): Generation;
}
