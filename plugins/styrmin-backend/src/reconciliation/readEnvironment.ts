import { Knex } from 'knex';
import { ClusterStore } from '../clusters/ClusterStore';
import {
  DeploymentStore,
  DriverVersionRef,
} from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { EnvironmentRecords } from '../generator/Generator';
import { InstanceStore } from '../instances/InstanceStore';
import { liveEnvironment } from './recordChecks';

/**
 * The stores that {@link readEnvironment} reads.
 *
 * @internal
 */
export type ReadEnvironmentStores = {
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
};

/**
 * What the generator builds from, read in the same five queries however many deployments
 * the environment has: the environment (in a transaction, locked until it ends, see
 * `liveEnvironment`), its cluster, its deployments that are not deleted, their active
 * instances and their driver versions, with the versions in `drivers` besides (those a
 * change moves to, or a tombstone's). Throws `NotFoundError` for an unknown environment.
 *
 * @internal
 */
export async function readEnvironment(
  stores: ReadEnvironmentStores,
  options: {
    tx?: Knex.Transaction;
    environmentId: string;
    drivers?: DriverVersionRef[];
  },
): Promise<EnvironmentRecords> {
  const { tx, environmentId, drivers = [] } = options;
  const environment = await liveEnvironment({
    environments: stores.environments,
    id: environmentId,
    tx,
  });
  const cluster = (await stores.clusters.getCluster({
    tx,
    id: environment.clusterId,
  }))!;
  const deployments = await stores.deployments.listDeploymentsOfEnvironments({
    tx,
    environmentIds: [environment.id],
  });
  const [activeInstances, driverVersions] = await Promise.all([
    stores.instances.getActiveInstances({
      tx,
      deploymentIds: deployments.map(d => d.id),
    }),
    stores.drivers.getDriverVersions({
      tx,
      versions: [...deployments.map(d => d.driver), ...drivers],
    }),
  ]);
  return { environment, cluster, deployments, activeInstances, driverVersions };
}
