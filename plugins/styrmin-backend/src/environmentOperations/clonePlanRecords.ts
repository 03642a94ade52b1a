import { NotFoundError } from '@backstage/errors';
import { Knex } from 'knex';
import { BackupStore } from '../backups/BackupStore';
import { Cluster, ClusterStore } from '../clusters/ClusterStore';
import { Clock } from '../database/Clock';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { TaskStore } from '../tasks/TaskStore';
import { EnvironmentClonePlan, planEnvironmentClone } from './clonePlan';
import { eligibleDeployments } from './eligibleDeployments';
import { EnvironmentBackupStore } from './EnvironmentBackupStore';
import { viewEnvironmentBackup } from './environmentBackupStatus';

/**
 * What the environment clone's plan reads with.
 *
 * @internal
 */
export type ClonePlanDeps = {
  clock: Clock;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  tasks: TaskStore;
  backups: BackupStore;
  environmentBackups: EnvironmentBackupStore;
};

/**
 * What a clone is asked for, as the caller sent it.
 *
 * @internal
 */
export type CloneRequest = {
  sourceId: string;
  name: unknown;
  /** The source's cluster when absent. */
  clusterId?: string;
  /** Absent: the clone takes an environment backup of the source first. */
  environmentBackupId?: string;
  /** A JSON merge patch of the new environment's overrides. */
  overridesPatch?: unknown;
};

/**
 * An environment clone's plan with the cluster of the new environment, as the API
 * answers it.
 *
 * @internal
 */
export type EnvironmentClonePlanView = EnvironmentClonePlan & {
  cluster: Cluster;
};

/**
 * Reads what an environment clone is planned over (the source, the cluster, whether the
 * name is taken, the named environment backup with its constituents as they are now, the
 * source's eligible deployments) and plans it (`planEnvironmentClone`). Writes nothing.
 * An unknown or deleted source, an unknown cluster or environment backup is NOT_FOUND;
 * the rest are the plan's problems.
 *
 * @internal
 */
export async function readEnvironmentClonePlan(
  deps: ClonePlanDeps,
  options: CloneRequest & { tx: Knex.Transaction; lockSource?: boolean },
): Promise<EnvironmentClonePlanView> {
  const { tx, sourceId, environmentBackupId } = options;
  const source = await deps.environments.getEnvironment({
    tx,
    id: sourceId,
    lock: options.lockSource,
  });
  if (!source) {
    throw new NotFoundError(`Environment ${sourceId} does not exist`);
  }
  const clusterId = options.clusterId ?? source.clusterId;
  const cluster = await deps.clusters.getCluster({ tx, id: clusterId });
  if (!cluster) {
    throw new NotFoundError(`Cluster ${clusterId} does not exist`);
  }
  let environmentBackup;
  if (environmentBackupId !== undefined) {
    const found = await deps.environmentBackups.getEnvironmentBackup({
      tx,
      id: environmentBackupId,
    });
    if (!found) {
      throw new NotFoundError(
        `Environment backup ${environmentBackupId} does not exist`,
      );
    }
    const backups = await deps.backups.getBackups({
      tx,
      ids: found.deployments.map(d => d.backupId),
    });
    environmentBackup = viewEnvironmentBackup(
      found,
      new Map(backups.map(backup => [backup.id, backup])),
    );
  }
  const nameTaken =
    typeof options.name === 'string' &&
    (await deps.environments.getEnvironment({ tx, name: options.name })) !==
      undefined;
  const eligible = environmentBackup
    ? []
    : await eligibleDeployments(deps, {
        tx,
        deployments: await deps.deployments.listDeploymentsOfEnvironments({
          tx,
          environmentIds: [source.id],
        }),
      });
  return {
    ...planEnvironmentClone({
      source,
      name: options.name,
      nameTaken,
      clusterId,
      environmentBackup,
      eligible,
      overridesPatch: options.overridesPatch,
      now: deps.clock.now(),
    }),
    cluster,
  };
}
