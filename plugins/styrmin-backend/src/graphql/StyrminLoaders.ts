import { TaskGraph } from '@styrmin/plugin-styrmin-common';
import DataLoader from 'dataloader';
import { Cluster, ClusterStore } from '../clusters/ClusterStore';
import {
  Deployment,
  DeploymentStore,
  DriverVersionRef,
} from '../deployments/DeploymentStore';
import { DriverStore, DriverVersion } from '../drivers/DriverStore';
import {
  Environment,
  EnvironmentStore,
} from '../environments/EnvironmentStore';
import { FlowRun, FlowRunStore } from '../flows/FlowRunStore';
import { Instance, InstanceStore } from '../instances/InstanceStore';
import {
  DeploymentStatus,
  ObservedState,
  ObservedStateStore,
  PodStatus,
} from '../observedState/ObservedStateStore';
import { Task, TaskStore } from '../tasks/TaskStore';
import { buildTaskGraphs } from '../tasks/buildTaskGraphs';
import { deploymentIdOf } from '../tasks/deploymentIdOf';
import { onlyUuids } from '../database/uuid';
import {
  BackupLoaders,
  BackupLoaderStores,
  createBackupLoaders,
} from './backups/backupLoaders';

/**
 * The stores that the loaders read.
 *
 * @internal
 */
export type StyrminLoaderStores = {
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  tasks: TaskStore;
  flowRuns: FlowRunStore;
  observedState: ObservedStateStore;
} & BackupLoaderStores;

/**
 * The loaders of one request. Every field that reads a record asks its loader, which
 * collects the keys that a level of the query asks for and reads them in one query: a page
 * of deployments with their environments, clusters, driver versions, active instances and
 * tasks costs the same few queries for one deployment as for a hundred. Records read once
 * are kept for the rest of the request.
 *
 * @internal
 */
export type StyrminLoaders = {
  cluster: DataLoader<string, Cluster | undefined>;
  environment: DataLoader<string, Environment | undefined>;
  deployment: DataLoader<string, Deployment | undefined>;
  driverVersion: DataLoader<
    DriverVersionRef,
    DriverVersion | undefined,
    string
  >;
  /** The active instance, by deployment id. */
  activeInstance: DataLoader<string, Instance | undefined>;
  instance: DataLoader<string, Instance | undefined>;
  task: DataLoader<string, Task | undefined>;
  taskGraph: DataLoader<string, TaskGraph | undefined>;
  flowRun: DataLoader<string, FlowRun | undefined>;
  /** The environments that are not deleted, by cluster id. */
  environmentsOfCluster: DataLoader<string, Environment[]>;
  /** The deployments that are not deleted, by environment id. */
  deploymentsOfEnvironment: DataLoader<string, Deployment[]>;
  /** The newest task, by deployment id. */
  newestTask: DataLoader<string, Task | undefined>;
  /** DeploymentStatus, by deployment id. */
  deploymentStatus: DataLoader<string, DeploymentStatus | undefined>;
  /** The pods, by deployment id. */
  podsOfDeployment: DataLoader<string, PodStatus[]>;
  backups: BackupLoaders;
};

/**
 * A batch function that reads records by key and answers in the order of the keys.
 *
 * @internal
 */
export function byKey<K, V>(
  read: (keys: readonly K[]) => Promise<V[]>,
  keyOf: (value: V) => string,
  keyString: (key: K) => string = String,
) {
  return async (keys: readonly K[]) => {
    const found = new Map((await read(keys)).map(v => [keyOf(v), v]));
    return keys.map(key => found.get(keyString(key)));
  };
}

/**
 * A batch function that reads records and groups them under the key they belong to.
 *
 * @internal
 */
export function groupedBy<V>(
  read: (keys: readonly string[]) => Promise<V[]>,
  keyOf: (value: V) => string,
) {
  return async (keys: readonly string[]) => {
    const groups = new Map<string, V[]>(keys.map(key => [key, []]));
    for (const value of await read(keys)) {
      groups.get(keyOf(value))?.push(value);
    }
    return keys.map(key => groups.get(key)!);
  };
}

const driverKey = ({ name, version }: DriverVersionRef) => `${name}@${version}`;

/**
 * Creates the loaders of one request.
 *
 * @internal
 */
export function createStyrminLoaders(
  stores: StyrminLoaderStores,
): StyrminLoaders {
  const { clusters, environments, deployments, instances } = stores;
  const { drivers, tasks, flowRuns, observedState } = stores;
  const task = new DataLoader<string, Task | undefined>(
    byKey(
      ids => tasks.getTasks({ taskIds: [...ids] }),
      t => t.id,
    ),
  );
  // A deployment's status and pods, read together by whichever of them is asked first.
  const observed = new DataLoader<string, ObservedState | undefined>(
    byKey(
      ids => observedState.getObservedStates({ deploymentIds: [...ids] }),
      state => state.status.deploymentId,
    ),
  );
  /** The tasks of these ids that the request has read, reading only the others. */
  const loadTasks = async (ids: string[]) =>
    (await task.loadMany(ids)).filter(
      (found): found is Task =>
        found !== undefined && !(found instanceof Error),
    );
  return {
    cluster: new DataLoader(
      byKey(
        ids => clusters.getClusters({ ids: [...ids] }),
        c => c.id,
      ),
    ),
    environment: new DataLoader(
      byKey(
        ids => environments.getEnvironments({ ids: [...ids] }),
        e => e.id,
      ),
    ),
    deployment: new DataLoader(
      byKey(
        ids => deployments.getDeployments({ ids: [...ids] }),
        d => d.id,
      ),
    ),
    driverVersion: new DataLoader(
      byKey(
        versions => drivers.getDriverVersions({ versions }),
        driverKey,
        driverKey,
      ),
      { cacheKeyFn: driverKey },
    ),
    activeInstance: new DataLoader(
      byKey(
        ids => instances.getActiveInstances({ deploymentIds: [...ids] }),
        i => i.deploymentId,
      ),
    ),
    instance: new DataLoader(
      byKey(
        ids => instances.getInstances({ ids: [...ids] }),
        i => i.id,
      ),
    ),
    task,
    // Through the task loader: a page's newest tasks, read once, are their graphs' roots.
    taskGraph: new DataLoader(
      byKey(
        ids => buildTaskGraphs(onlyUuids([...ids]), loadTasks),
        g => g.taskId,
      ),
    ),
    flowRun: new DataLoader(
      byKey(
        ids => flowRuns.getFlowRuns({ flowRunIds: [...ids] }),
        r => r.id,
      ),
    ),
    environmentsOfCluster: new DataLoader(
      groupedBy(
        ids => environments.listEnvironments({ clusterIds: [...ids] }),
        e => e.clusterId,
      ),
    ),
    deploymentsOfEnvironment: new DataLoader(
      groupedBy(
        ids =>
          deployments.listDeploymentsOfEnvironments({
            environmentIds: [...ids],
          }),
        d => d.environmentId,
      ),
    ),
    newestTask: new DataLoader(
      byKey(async ids => {
        const newest = await tasks.getNewestTasks({ deploymentIds: [...ids] });
        newest.forEach(found => task.prime(found.id, found));
        return newest;
      }, deploymentIdOf),
    ),
    deploymentStatus: new DataLoader(async ids =>
      (await observed.loadMany(ids)).map(state =>
        state instanceof Error ? state : state?.status,
      ),
    ),
    podsOfDeployment: new DataLoader(async ids =>
      (await observed.loadMany(ids)).map(state =>
        state instanceof Error ? state : state?.pods ?? [],
      ),
    ),
    backups: createBackupLoaders(stores),
  };
}
