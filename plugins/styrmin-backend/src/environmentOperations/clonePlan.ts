import {
  applyMergePatch,
  EnvironmentOverrides,
  parseEnvironmentOverrides,
  parseRecordName,
  ValidationProblem,
} from '@styrmin/plugin-styrmin-common';
import { Deployment, DriverVersionRef } from '../deployments/DeploymentStore';
import { Environment } from '../environments/EnvironmentStore';
import { EnvironmentBackupView } from './environmentBackupStatus';
import { constituentBackupRefusal } from './restoreDecisions';

/**
 * One deployment an environment clone creates in the new environment, from the declared
 * state of one deployment of the source.
 *
 * @internal
 */
export type PlannedCloneDeployment = {
  /** Its name, the source deployment's. */
  name: string;
  sourceDeploymentId: string;
  driver: DriverVersionRef;
  appVersion: string;
};

/**
 * What an environment clone would create, and the problems that refuse it (every one, at
 * once; none when it can start).
 *
 * @internal
 */
export type EnvironmentClonePlan = {
  source: Environment;
  /** The new environment's name, as given. */
  name: string;
  clusterId: string;
  /** The environment backup it clones from; absent when it takes one first. */
  environmentBackup?: EnvironmentBackupView;
  /** The new environment's: the source's (as captured) with the overrides on top. */
  overrides: EnvironmentOverrides;
  backupStorageLocation?: string;
  /** By name. */
  deployments: PlannedCloneDeployment[];
  problems: string[];
};

/** @internal */
export type PlanEnvironmentCloneOptions = {
  source: Environment;
  name: unknown;
  /** Whether a live environment has the name already. */
  nameTaken: boolean;
  clusterId: string;
  environmentBackup?: EnvironmentBackupView;
  /** The source's eligible deployments now (`eligibleDeployments`): what a backup taken for the clone captures. */
  eligible: readonly Deployment[];
  /** A JSON merge patch of the new environment's overrides, on top of the source's. */
  overridesPatch?: unknown;
  now: Date;
};

const problemLine = ({ field, message }: ValidationProblem) =>
  field ? `${field}: ${message}` : message;

/**
 * Plans an environment clone over records (pure; the caller reads them). The rules:
 *
 * 1. The name is a record name that no live environment has.
 * 2. A named environment backup is one of the source, and each of its constituents can be
 *    restored from (`constituentBackupRefusal`): the clone is whole or is not made.
 *    Without one, the clone takes an environment backup of the source first, which needs
 *    the source's backup storage location.
 * 3. There is a deployment to clone: one per deployment the backup captured (or the
 *    source's eligible deployments, which a backup taken for it captures), each created
 *    from its captured declared state.
 * 4. The new environment's overrides are the source's (as the backup captured them) with
 *    the patch on top, and valid.
 *
 * The new environment uses the source's backup storage location; its cluster is the
 * caller's choice (the source's by default).
 *
 * @internal
 */
export function planEnvironmentClone(
  options: PlanEnvironmentCloneOptions,
): EnvironmentClonePlan {
  const { source, environmentBackup, now } = options;
  const problems: string[] = [];
  const name = parseRecordName(options.name);
  if (!name.success) {
    problems.push(...name.problems.map(problemLine));
  } else if (options.nameTaken) {
    problems.push(`An environment named ${name.value} exists already`);
  }
  const captured = environmentBackup?.environmentBackup.environment;
  if (environmentBackup) {
    if (environmentBackup.environmentBackup.environmentId !== source.id) {
      problems.push(
        `Environment backup ${environmentBackup.environmentBackup.id} is a backup of environment ${captured?.name}, not of ${source.name}`,
      );
    }
    for (const constituent of environmentBackup.constituents) {
      const refusal = constituentBackupRefusal({ constituent, now });
      if (refusal) {
        problems.push(refusal.message);
      }
    }
  } else if (!source.backupStorageLocation) {
    problems.push(
      `Environment ${source.name} has no backup storage location: a clone takes an environment backup of it first`,
    );
  }
  const deployments: PlannedCloneDeployment[] = environmentBackup
    ? environmentBackup.constituents.map(({ deployment }) => ({
        name: deployment.name,
        sourceDeploymentId: deployment.deploymentId,
        driver: deployment.driver,
        appVersion: deployment.configuration.app_version,
      }))
    : options.eligible.map(deployment => ({
        name: deployment.name,
        sourceDeploymentId: deployment.id,
        driver: deployment.driver,
        appVersion: deployment.configuration.app_version,
      }));
  deployments.sort((a, b) => a.name.localeCompare(b.name));
  if (deployments.length === 0) {
    problems.push(
      `Environment ${source.name} has no deployment to clone (deleted deployments and those that failed at their creation are left out)`,
    );
  }
  const overrides = parseEnvironmentOverrides(
    applyMergePatch(
      captured?.overrides ?? source.overrides,
      options.overridesPatch ?? {},
    ),
  );
  if (!overrides.success) {
    problems.push(
      ...overrides.problems.map(p =>
        problemLine({
          ...p,
          field: `overrides${p.field ? `.${p.field}` : ''}`,
        }),
      ),
    );
  }
  return {
    source,
    name: name.success ? name.value : String(options.name),
    clusterId: options.clusterId,
    environmentBackup,
    overrides: overrides.success ? overrides.value : {},
    backupStorageLocation:
      captured?.backupStorageLocation ?? source.backupStorageLocation,
    deployments,
    problems,
  };
}
