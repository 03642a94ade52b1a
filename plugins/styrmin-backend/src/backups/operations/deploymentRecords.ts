import { NotFoundError } from '@backstage/errors';
import { Knex } from 'knex';
import { lockEnvironmentOf } from '../../agentProtocol/lockEnvironmentOf';
import { Cluster } from '../../clusters/ClusterStore';
import { Deployment } from '../../deployments/DeploymentStore';
import { Environment } from '../../environments/EnvironmentStore';
import { DeploymentBackupsDeps } from '../DeploymentBackupsDeps';

/**
 * A deployment with its environment (deleted or not) and its cluster, read in `tx` after
 * its environment's row is locked, as a change locks it first: a backup, restore or
 * deletion of a backup never interleaves with a change of the same environment. An unknown
 * deployment is NOT_FOUND.
 *
 * @internal
 */
export async function lockedDeploymentRecords(
  deps: Pick<
    DeploymentBackupsDeps,
    'deployments' | 'environments' | 'clusters'
  >,
  options: { tx: Knex.Transaction; deploymentId: string },
): Promise<{
  deployment: Deployment;
  environment: Environment;
  cluster: Cluster;
}> {
  const { tx, deploymentId } = options;
  await lockEnvironmentOf(tx, deploymentId);
  const deployment = await deps.deployments.getDeployment({
    tx,
    id: deploymentId,
  });
  if (!deployment) {
    throw new NotFoundError(`Deployment ${deploymentId} does not exist`);
  }
  const [environment] = await deps.environments.getEnvironments({
    tx,
    ids: [deployment.environmentId],
  });
  const cluster =
    environment &&
    (await deps.clusters.getCluster({ tx, id: environment.clusterId }));
  if (!environment || !cluster) {
    throw new Error(
      `The environment or cluster of deployment ${deployment.name} is not stored`,
    );
  }
  return { deployment, environment, cluster };
}

/**
 * Whether a deployment is a tombstone: deleted, or being deleted.
 *
 * @internal
 */
export function isTombstone(deployment: Deployment): boolean {
  return (
    deployment.deletedAt !== undefined ||
    deployment.state === 'DELETING' ||
    deployment.state === 'DELETED'
  );
}
