import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Cluster } from '../clusters/ClusterStore';
import { DriverVersionRef } from '../deployments/DeploymentStore';
import { Environment } from '../environments/EnvironmentStore';
import { EnvironmentRecords } from '../generator/Generator';

/**
 * Refuses, with `UTILITY_READ_ONLY`, a change of a deployment that only Styrmin may make
 * (docs/utilities.md): nobody creates, edits, upgrades or deletes a deployment of a
 * cluster's system environment, where its utilities run, nor deploys a utility's driver
 * anywhere else. `byStyrmin` is Styrmin's own change of a utility (ClusterUtilities), the
 * only one a system environment takes.
 *
 * @internal
 */
export function checkUtilityChange(options: {
  records: Pick<
    EnvironmentRecords,
    'environment' | 'cluster' | 'driverVersions'
  >;
  /** The driver version the change deploys. */
  driver: DriverVersionRef;
  /** What the change does, for the message: `create`, `change`, `delete`. */
  verb: string;
  byStyrmin?: boolean;
}): void {
  const { records, driver, verb, byStyrmin = false } = options;
  const { environment, cluster } = records;
  const system = cluster.systemEnvironmentId === environment.id;
  if (byStyrmin) {
    if (!system) {
      throw new Error(
        `Styrmin deploys utilities only in system environments, not in ${environment.name}`,
      );
    }
    return;
  }
  checkSystemEnvironmentChange({
    cluster,
    environment,
    what: `${verb} a deployment there`,
  });
  const version = records.driverVersions.find(
    v => v.name === driver.name && v.version === driver.version,
  );
  if (version?.utility) {
    throw new StyrminError(
      'UTILITY_READ_ONLY',
      `Driver ${driver.name} is a utility that Styrmin deploys on each cluster itself; it cannot be deployed in an environment`,
    );
  }
}

/**
 * Refuses, with `UTILITY_READ_ONLY`, a change by hand of a cluster's system environment or
 * of what it holds: its overrides would change its utilities' contexts, and it holds
 * nothing else.
 *
 * @internal
 */
export function checkSystemEnvironmentChange(options: {
  cluster: Pick<Cluster, 'name' | 'systemEnvironmentId'>;
  environment: Pick<Environment, 'id' | 'name'>;
  /** What the change would do, for the message: `delete it`. */
  what: string;
}): void {
  const { cluster, environment, what } = options;
  if (cluster.systemEnvironmentId === environment.id) {
    throw new StyrminError(
      'UTILITY_READ_ONLY',
      `Environment ${environment.name} holds the utilities of cluster ${cluster.name}, which Styrmin manages: nobody can ${what} (switch a utility off in the cluster's settings instead: utilities_enabled, disabled_utilities)`,
    );
  }
}
