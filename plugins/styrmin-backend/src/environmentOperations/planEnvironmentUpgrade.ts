import { DriverSpec, isDowngrade } from '@styrmin/plugin-styrmin-common';
import { Deployment } from '../deployments/DeploymentStore';
import { Driver } from '../drivers/DriverStore';

/**
 * What {@link planEnvironmentUpgrade} plans from: records, read by the caller.
 *
 * @internal
 */
export type PlanEnvironmentUpgradeOptions = {
  environment: { name: string; backupStorageLocation?: string };
  /** The environment's deployments that are not deleted. */
  deployments: readonly Deployment[];
  /** The drivers of those deployments, each with its versions (newest first). */
  drivers: readonly Driver[];
  /** The deployments with a task that has not ended. */
  busyDeploymentIds: ReadonlySet<string>;
  /** The environment task of the environment that has not ended, if one has not. */
  openEnvironmentTaskId?: string;
  /** Named versions, by deployment id; the others go to their driver's newest. */
  versions?: ReadonlyArray<{ deploymentId: string; driverVersion: string }>;
  backupFirst: boolean;
  allowDowngrade: boolean;
};

/**
 * One deployment's upgrade in the plan.
 *
 * @internal
 */
export type PlannedUpgrade = {
  /** From 1, in the order the upgrades run. */
  position: number;
  deployment: Deployment;
  fromVersion: string;
  toVersion: string;
  /** The names of the planned deployments it runs after: those it connects to. */
  after: string[];
};

/**
 * A deployment that the upgrade leaves out, and why.
 *
 * @internal
 */
export type SkippedDeployment = {
  deploymentName: string;
  deployment?: Deployment;
  reason: string;
};

/**
 * What an environment upgrade would do, in the order it would do it.
 *
 * @internal
 */
export type EnvironmentUpgradePlan = {
  upgrades: PlannedUpgrade[];
  skipped: SkippedDeployment[];
  backupFirst: boolean;
  /** Every problem that refuses the whole upgrade; empty when it can start. */
  problems: string[];
};

/**
 * Plans an environment upgrade, over records only:
 *
 * 1. A deployment named in `versions` goes to that version: an unknown deployment or
 *    version is a problem; a downgrade is one unless `allowDowngrade`; its own version
 *    leaves it out. A named deployment that is not RUNNING, or busy, is a problem.
 * 2. Every other deployment goes to its driver's newest version, when it is newer; else it
 *    is left out (skipped), as is one that is not RUNNING or has a task that has not ended.
 * 3. The upgrades run in dependency order: a deployment after the planned deployments it
 *    connects to, directly or through others (its driver versions' `connects_to`, the
 *    current and the new one; absent: every deployment of the environment), ties by name.
 *    Deployments that connect to each other have no order: a problem.
 * 4. Nothing to upgrade, another environment operation that has not ended, and a backup
 *    first without a backup storage location are problems too. Every problem is listed,
 *    all at once.
 *
 * @internal
 */
export function planEnvironmentUpgrade(
  options: PlanEnvironmentUpgradeOptions,
): EnvironmentUpgradePlan {
  const { environment, deployments, busyDeploymentIds } = options;
  const problems: string[] = [];
  const skipped: SkippedDeployment[] = [];
  const named = new Map<string, string>();
  for (const { deploymentId, driverVersion } of options.versions ?? []) {
    if (!deployments.some(d => d.id === deploymentId)) {
      problems.push(
        `Deployment ${deploymentId} is not a deployment of environment ${environment.name}`,
      );
    } else if (named.has(deploymentId)) {
      problems.push(`Deployment ${deploymentId} is named twice`);
    } else {
      named.set(deploymentId, driverVersion);
    }
  }

  const targets = new Map<string, { deployment: Deployment; to: string }>();
  for (const deployment of [...deployments].sort(byName)) {
    const { name } = deployment;
    const from = deployment.driver.version;
    const versions =
      options.drivers.find(d => d.name === deployment.driver.name)?.versions ??
      [];
    const asked = named.get(deployment.id);
    const unavailable =
      deployment.state !== 'RUNNING'
        ? `it is ${deployment.state}, not RUNNING`
        : busyDeploymentIds.has(deployment.id) &&
          'it has a task that has not ended';
    if (asked === undefined) {
      const newest = versions[0]?.version;
      if (!newest || newest === from || isDowngrade({ from, to: newest })) {
        skip(
          deployment,
          `no version of ${deployment.driver.name} newer than ${from}`,
        );
      } else if (unavailable) {
        skip(deployment, unavailable);
      } else {
        targets.set(deployment.id, { deployment, to: newest });
      }
      continue;
    }
    if (!versions.some(v => v.version === asked)) {
      problems.push(
        `${name}: driver ${deployment.driver.name} has no version ${asked} loaded`,
      );
    } else if (asked === from) {
      skip(deployment, `it is at ${from} already`);
    } else if (isDowngrade({ from, to: asked }) && !options.allowDowngrade) {
      problems.push(
        `${name}: ${from} to ${asked} is a downgrade, refused unless the upgrade allows downgrades`,
      );
    } else if (unavailable) {
      problems.push(`${name} cannot be upgraded: ${unavailable}`);
    } else {
      targets.set(deployment.id, { deployment, to: asked });
    }
  }

  const upgrades = orderUpgrades(options, targets, problems);
  if (targets.size === 0 && problems.length === 0) {
    problems.push(
      `Environment ${environment.name} has no deployment to upgrade`,
    );
  }
  if (options.openEnvironmentTaskId) {
    problems.push(
      `Environment ${environment.name} has an environment operation that has not ended (task ${options.openEnvironmentTaskId})`,
    );
  }
  if (options.backupFirst && !environment.backupStorageLocation) {
    problems.push(
      `Environment ${environment.name} has no backup storage location to back up to first`,
    );
  }
  return { upgrades, skipped, backupFirst: options.backupFirst, problems };

  function skip(deployment: Deployment, reason: string) {
    skipped.push({ deploymentName: deployment.name, deployment, reason });
  }
}

/**
 * The planned upgrades in dependency order (Kahn's algorithm, ties by name); records a
 * problem for deployments that connect to each other.
 */
function orderUpgrades(
  options: PlanEnvironmentUpgradeOptions,
  targets: ReadonlyMap<string, { deployment: Deployment; to: string }>,
  problems: string[],
): PlannedUpgrade[] {
  const { deployments, drivers } = options;
  const specOf = (name: string, version: string): DriverSpec | undefined =>
    drivers
      .find(d => d.name === name)
      ?.versions.find(v => v.version === version)?.spec;
  const connects = (from: Deployment, to: Deployment): boolean => {
    if (from.id === to.id) {
      return false;
    }
    const versions = [from.driver.version, targets.get(from.id)?.to];
    return versions.some(version => {
      const spec = version ? specOf(from.driver.name, version) : undefined;
      const connectsTo = spec?.spec.connects_to;
      return !!spec && (!connectsTo || connectsTo.includes(to.driver.name));
    });
  };
  /** The deployments a deployment connects to, directly or through others. */
  const reach = (start: Deployment): Set<string> => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const current = stack.pop()!;
      for (const other of deployments) {
        if (!seen.has(other.id) && connects(current, other)) {
          seen.add(other.id);
          stack.push(other);
        }
      }
    }
    return seen;
  };

  const planned = [...targets.values()].map(t => t.deployment).sort(byName);
  const dependsOn = new Map(
    planned.map(d => [
      d.id,
      planned.filter(o => o.id !== d.id && reach(d).has(o.id)),
    ]),
  );
  const cyclic = planned.filter(d =>
    dependsOn.get(d.id)!.some(o => dependsOn.get(o.id)!.includes(d)),
  );
  if (cyclic.length > 0) {
    problems.push(
      `${cyclic
        .map(d => d.name)
        .join(
          ', ',
        )} connect to each other: there is no order in which each runs after those it connects to`,
    );
    return [];
  }
  const ordered: Deployment[] = [];
  while (ordered.length < planned.length) {
    const next = planned.find(
      d =>
        !ordered.includes(d) &&
        dependsOn.get(d.id)!.every(o => ordered.includes(o)),
    )!;
    ordered.push(next);
  }
  return ordered.map((deployment, index) => ({
    position: index + 1,
    deployment,
    fromVersion: deployment.driver.version,
    toVersion: targets.get(deployment.id)!.to,
    after: dependsOn
      .get(deployment.id)!
      .sort((a, b) => ordered.indexOf(a) - ordered.indexOf(b))
      .map(d => d.name),
  }));
}

function byName(a: Deployment, b: Deployment): number {
  return a.name.localeCompare(b.name);
}
