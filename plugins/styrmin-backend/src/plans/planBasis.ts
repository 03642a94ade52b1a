import { createHash } from 'node:crypto';
import { DriverVersionRef } from '../deployments/DeploymentStore';
import { EnvironmentRecords } from '../generator/Generator';

/**
 * Everything a plan was computed from, by the versions that change when it does: the
 * environment's and the cluster's settings, the driver version it deploys (its bundle's
 * digest), the deployment it changes (its version and active instance) and the other
 * deployments of the environment, whose services reach every context. A plan is applied
 * only while its basis is still the one it was computed from.
 *
 * @internal
 */
export type PlanBasis = {
  environment: { name: string; version: number };
  cluster: { name: string; version: number };
  driverVersion: DriverVersionRef & { digest: string };
  /** The deployment the change is about; absent for a creation. */
  deployment?: {
    name: string;
    version: number;
    activeInstanceId: string | null;
  };
  /** The environment's other deployments that are not deleted: their versions by name. */
  deployments: Record<string, number>;
};

/**
 * The basis of a change of `deploymentId` (absent: a creation) that deploys `driver`, from
 * the records of its environment as `readEnvironment` read them with that driver version.
 *
 * @internal
 */
export function planBasisOf(
  records: EnvironmentRecords,
  options: { deploymentId?: string; driver: DriverVersionRef },
): PlanBasis {
  const { deploymentId, driver } = options;
  const driverVersion = records.driverVersions.find(
    v => v.name === driver.name && v.version === driver.version,
  );
  const own = records.deployments.find(d => d.id === deploymentId);
  return {
    environment: {
      name: records.environment.name,
      version: records.environment.version,
    },
    cluster: { name: records.cluster.name, version: records.cluster.version },
    driverVersion: {
      name: driver.name,
      version: driver.version,
      // An unknown version: the change itself refuses it (NOT_FOUND).
      digest: driverVersion?.digest ?? '',
    },
    deployment: own && {
      name: own.name,
      version: own.version,
      activeInstanceId:
        records.activeInstances.find(i => i.deploymentId === own.id)?.id ??
        null,
    },
    deployments: Object.fromEntries(
      records.deployments
        .filter(d => d !== own)
        .map(d => [d.name, d.version])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  };
}

/**
 * The fingerprint of a basis: `sha256:<hex>` of its JSON, keys in a fixed order.
 *
 * @internal
 */
export function planFingerprint(basis: PlanBasis): string {
  const hash = createHash('sha256').update(
    JSON.stringify({
      environment: basis.environment,
      cluster: basis.cluster,
      driverVersion: basis.driverVersion,
      deployment: basis.deployment ?? null,
      deployments: basis.deployments,
    }),
  );
  return `sha256:${hash.digest('hex')}`;
}

/**
 * What changed between the basis a plan was computed from and the current one, each as a
 * sentence for the refusal to apply it; empty when nothing did.
 *
 * @internal
 */
export function planBasisChanges(
  planned: PlanBasis,
  current: PlanBasis,
): string[] {
  const changes: string[] = [];
  const version = (what: string, before: number, after: number) => {
    if (before !== after) {
      changes.push(`${what} changed (version ${before}, now ${after})`);
    }
  };
  version(
    `the settings of environment ${planned.environment.name}`,
    planned.environment.version,
    current.environment.version,
  );
  version(
    `the settings of cluster ${planned.cluster.name}`,
    planned.cluster.version,
    current.cluster.version,
  );
  const driver = planned.driverVersion;
  if (driver.digest !== current.driverVersion.digest) {
    changes.push(
      `driver version ${driver.name} ${driver.version} changed (digest ${driver.digest}, now ${current.driverVersion.digest})`,
    );
  }
  const own = planned.deployment;
  if (own) {
    if (!current.deployment) {
      changes.push(`deployment ${own.name} is deleted`);
    } else {
      version(
        `deployment ${own.name}`,
        own.version,
        current.deployment.version,
      );
      if (own.activeInstanceId !== current.deployment.activeInstanceId) {
        changes.push(`the active instance of deployment ${own.name} changed`);
      }
    }
  }
  const names = new Set([
    ...Object.keys(planned.deployments),
    ...Object.keys(current.deployments),
  ]);
  for (const name of [...names].sort()) {
    const before = planned.deployments[name];
    const after = current.deployments[name];
    if (before === undefined) {
      changes.push(`deployment ${name} was created in the environment`);
    } else if (after === undefined) {
      changes.push(`deployment ${name} was deleted from the environment`);
    } else {
      version(`deployment ${name}`, before, after);
    }
  }
  return changes;
}
