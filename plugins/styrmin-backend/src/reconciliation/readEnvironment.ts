import { Knex } from 'knex';
import { ClusterStore } from '../clusters/ClusterStore';
import {
  DeploymentStore,
  DriverVersionRef,
} from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import {
  Environment,
  EnvironmentStore,
} from '../environments/EnvironmentStore';
import {
  EnvironmentRecords,
  NeighbourEnvironment,
} from '../generator/Generator';
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
 * What the generator builds from, read in at most eight queries however many deployments
 * the cluster has: the environment (in a transaction, locked until it ends, see
 * `liveEnvironment`), its cluster, its deployments that are not deleted, their active
 * instances and their driver versions, with the versions in `drivers` besides (those a
 * change moves to, or a tombstone's), and the cluster's other environments with their
 * deployments' services (for their exposed hosts). Throws `NotFoundError` for an unknown
 * environment.
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
  const [activeInstances, driverVersions, otherEnvironments] =
    await Promise.all([
      stores.instances.getActiveInstances({
        tx,
        deploymentIds: deployments.map(d => d.id),
      }),
      stores.drivers.getDriverVersions({
        tx,
        versions: [...deployments.map(d => d.driver), ...drivers],
      }),
      readOtherEnvironments(stores, { tx, environment }),
    ]);
  return {
    environment,
    cluster,
    deployments,
    activeInstances,
    driverVersions,
    otherEnvironments,
  };
}

/** The cluster's other environments with their deployments' services, in three queries. */
async function readOtherEnvironments(
  stores: ReadEnvironmentStores,
  options: { tx?: Knex.Transaction; environment: Environment },
): Promise<NeighbourEnvironment[]> {
  const { tx, environment } = options;
  const others = (
    await stores.environments.listEnvironments({
      tx,
      clusterIds: [environment.clusterId],
    })
  ).filter(e => e.id !== environment.id);
  const deployments = others.length
    ? await stores.deployments.listDeploymentsOfEnvironments({
        tx,
        environmentIds: others.map(e => e.id),
      })
    : [];
  const versions = deployments.length
    ? await stores.drivers.getDriverVersions({
        tx,
        versions: deployments.map(d => d.driver),
      })
    : [];
  // A handful of driver versions: found by a scan.
  const servicesOf = ({ name, version }: DriverVersionRef) =>
    versions.find(v => v.name === name && v.version === version)?.spec.spec
      .services ?? [];
  return others.map(other => ({
    name: other.name,
    overrides: other.overrides,
    deployments: deployments
      .filter(d => d.environmentId === other.id)
      .map(d => ({ name: d.name, services: servicesOf(d.driver) })),
  }));
}
