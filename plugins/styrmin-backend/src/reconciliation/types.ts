import { CarriedOverParameter } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { Cluster } from '../clusters/ClusterStore';
import { Deployment, DriverVersionRef } from '../deployments/DeploymentStore';
import { Environment } from '../environments/EnvironmentStore';
import type { Plan } from '../plans/Plan';
import {
  Redeployment,
  RemediatorRollback,
  TaskStartedBy,
} from '../remediator/Remediator';

export type { Redeployment } from '../remediator/Remediator';

/**
 * What a change of a deployment did.
 *
 * @internal
 */
export type DeploymentChangeResult = {
  /** The deployment after the change. */
  deployment: Deployment;
  /**
   * Whether anything was stored. A change whose instance equals the active one stores
   * nothing, not even the configuration.
   */
  changed: boolean;
  /** The deployment's own redeployment; absent when nothing changed. */
  redeployment?: Redeployment;
  /** Retired parameters whose values equalled their defaults, dropped by an upgrade. */
  droppedParameters: string[];
  /** Retired parameters whose values an upgrade carried over to their replacements. */
  carriedOverParameters: CarriedOverParameter[];
  /**
   * The other deployments of the environment that the change redeploys: creating or
   * deleting a deployment, or changing the services it declares, changes their
   * `environment.deployments`.
   */
  siblings: Redeployment[];
  /** The plan kept of a change planned (`DeploymentPlans`). */
  plan?: Plan;
};

/**
 * What a change of a cluster's settings or an environment's overrides did.
 *
 * @internal
 */
export type SettingsChangeResult<T extends Cluster | Environment> = {
  /** The record after the change. */
  record: T;
  /** Whether the record changed; settings equal to the stored ones change nothing. */
  changed: boolean;
  /** The deployments whose contexts changed, redeployed, by environment and name. */
  redeployments: Redeployment[];
};

/** @internal */
export type DeploymentChangesCreateOptions = {
  environmentId: string;
  name: unknown;
  driver: DriverVersionRef;
  /** The whole configuration, as the caller sent it. */
  configuration: unknown;
  /** Answers to the prompts of the setup hook's actions, as the caller sent them. */
  prompts?: unknown;
  createdBy: string;
  /** Validate and generate as for real, answer what the change would do, store nothing. */
  dryRun?: boolean;
  /**
   * Its id, when the caller chose it first (an environment clone's task names the
   * deployments it creates, so that its step, run again, creates none twice).
   */
  id?: string;
  /** As for a change: the caller's transaction, not with `dryRun`. */
  tx?: Knex.Transaction;
  /** As for a change: the step of another task that creates it (an environment clone's). */
  startedBy?: TaskStartedBy;
  /**
   * Styrmin's own change of a utility (ClusterUtilities): the only change a system
   * environment takes; any other is UTILITY_READ_ONLY (checkUtilityChange).
   */
  byStyrmin?: boolean;
};

/** @internal */
export type DeploymentChangesChangeOptions = {
  deploymentId: string;
  /** The version the caller saw; the deployment's version on arrival when absent. */
  expectedVersion?: number;
  /** Another version of the deployment's driver: an upgrade. */
  driverVersion?: string;
  /** A JSON merge patch of the configuration: what it names changes, null removes. */
  configurationPatch?: unknown;
  /** With `driverVersion`: answers to the prompts of its upgrade hook's actions. */
  prompts?: unknown;
  /** With `driverVersion`: whether it may be older than the deployment's (a downgrade). */
  allowDowngrade?: boolean;
  updatedBy: string;
  /** Validate and generate as for real, answer what the change would do, store nothing. */
  dryRun?: boolean;
  /**
   * The transaction of a caller that records more with the change (a step that starts the
   * upgrade records its link in the same one); the change's own when absent. Not with
   * `dryRun`.
   */
  tx?: Knex.Transaction;
  /**
   * For a change that a step of another task makes (an environment upgrade's, an action
   * primitive's): the start key of the deployment's task, unique, and the step, which the
   * remediator links to it.
   */
  startedBy?: TaskStartedBy;
  /** For a rollback (`DeploymentRollbacks`): what its new instance records of it. */
  rollback?: RemediatorRollback;
  /**
   * Styrmin's own change of a utility (ClusterUtilities): the only change a system
   * environment takes; any other is UTILITY_READ_ONLY (checkUtilityChange).
   */
  byStyrmin?: boolean;
};

/** @internal */
export type DeploymentChangesDeleteOptions = {
  deploymentId: string;
  expectedVersion?: number;
  deletedBy: string;
  /**
   * Styrmin's own change of a utility (ClusterUtilities): the only change a system
   * environment takes; any other is UTILITY_READ_ONLY (checkUtilityChange).
   */
  byStyrmin?: boolean;
};

/** @internal */
export type SettingsChangesUpdateClusterOptions = {
  clusterId: string;
  expectedVersion?: number;
  /** A JSON merge patch of the settings. */
  settingsPatch: unknown;
  updatedBy: string;
};

/** @internal */
export type SettingsChangesUpdateEnvironmentOptions = {
  environmentId: string;
  expectedVersion?: number;
  /** A JSON merge patch of the overrides; absent leaves them. */
  overridesPatch?: unknown;
  /** A JSON merge patch of the `EnvironmentSettings`; absent leaves them. */
  settingsPatch?: unknown;
  /** The backup storage location's name, null for none; absent leaves it. */
  backupStorageLocation?: unknown;
  updatedBy: string;
};

/** @internal */
export type SettingsChangesDeleteEnvironmentOptions = {
  environmentId: string;
  expectedVersion?: number;
  deletedBy: string;
};
