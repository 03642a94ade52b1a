import { NotFoundError } from '@backstage/errors';
import {
  ClusterSettings,
  diffContexts,
  EnvironmentDeployment,
  exposedHost,
  exposedHostProblems,
  exposedServices,
  resolveContext,
  validateDeploymentChange,
  validationError,
} from '@styrmin/plugin-styrmin-common';
import { Deployment, DriverVersionRef } from '../deployments/DeploymentStore';
import { DriverVersion } from '../drivers/DriverStore';
import {
  DesiredDeployment,
  GeneratedInstance,
  Generation,
  Generator,
  GeneratorChange,
  GeneratorGenerateOptions,
  GeneratorValidateOptions,
  NeighbourEnvironment,
  ValidatedDeploymentChange,
} from './Generator';

/** How a driver version is keyed in the maps below. */
const driverKey = ({ name, version }: DriverVersionRef) => `${name}@${version}`;

/**
 * The {@link Generator}: pure functions over the records the caller read, so that what a
 * change generates is what it stores, and a preview generates the same from the same
 * records.
 *
 * @internal
 */
export class DefaultGenerator implements Generator {
  static create(): DefaultGenerator {
    return new DefaultGenerator();
  }

  private constructor() {}

  validate(options: GeneratorValidateOptions): ValidatedDeploymentChange {
    const { driverVersions, current, driver, configuration, prompts } = options;
    const byKey = new Map(driverVersions.map(v => [driverKey(v), v]));
    const driverVersion = byKey.get(driverKey(driver));
    if (!driverVersion) {
      throw notLoaded(driver);
    }
    const validation = validateDeploymentChange({
      currentDriver: current && byKey.get(driverKey(current.driver))?.spec,
      driver: driverVersion.spec,
      configuration,
      prompts,
      allowDowngrade: options.allowDowngrade,
    });
    if (!validation.success) {
      throw validationError(validation.problems);
    }
    return {
      driverVersion,
      configuration: validation.configuration,
      droppedParameters: validation.droppedParameters,
      carriedOverParameters: validation.carriedOverParameters,
      prompts: validation.prompts,
    };
  }

  generate(options: GeneratorGenerateOptions): Generation {
    const { records, change = {} } = options;
    const { environment, cluster, deployments: stored } = records;
    const desired = desiredDeployments(stored, change);
    const active = new Map(
      records.activeInstances.map(i => [i.deploymentId, i]),
    );
    const drivers = new Map(records.driverVersions.map(v => [driverKey(v), v]));
    const driverOf = (deployment: DesiredDeployment): DriverVersion => {
      const version = drivers.get(driverKey(deployment.driver));
      if (!version) {
        throw notLoaded(deployment.driver);
      }
      return version;
    };
    const neighbours: EnvironmentDeployment[] = desired.map(deployment => ({
      id: deployment.id,
      name: deployment.name,
      driver: deployment.driver.name,
      services: driverOf(deployment).spec.spec.services,
    }));
    const storedById = new Map(stored.map(d => [d.id, d]));

    const instances = desired.map((deployment): GeneratedInstance => {
      const driverVersion = driverOf(deployment);
      const context = resolveContext({
        driver: driverVersion.spec,
        cluster: {
          name: cluster.name,
          settings: change.clusterSettings ?? cluster.settings,
        },
        environment: {
          name: environment.name,
          overrides: change.environmentOverrides ?? environment.overrides,
          deployments: neighbours,
        },
        deployment,
        uses: driverVersion.uses,
      });
      const activeInstance = active.get(deployment.id);
      const diff = diffContexts(activeInstance?.context, context);
      return {
        deploymentId: deployment.id,
        deploymentName: deployment.name,
        stored: storedById.get(deployment.id),
        driverVersion,
        active: activeInstance,
        context,
        diff,
        changed: diff.length > 0,
      };
    });
    refuseExposedHostProblems(
      instances,
      hostsElsewhere(
        records.otherEnvironments ?? [],
        change.clusterSettings ?? cluster.settings,
      ),
    );
    return { cluster, environment, instances };
  }
}

/**
 * A change that would leave two deployments of the cluster serving the same exposed host
 * (in this environment, or one here and one in `elsewhere`), or a host no DNS name can be,
 * is refused (docs/context.md, Exposed services).
 */
function refuseExposedHostProblems(
  instances: readonly GeneratedInstance[],
  elsewhere: ReadonlyMap<string, string>,
) {
  const problems = exposedHostProblems(
    instances.map(instance => ({
      name: instance.deploymentName,
      exposed: exposedServices(
        instance.context,
        instance.driverVersion.spec.spec.services,
      ),
    })),
    elsewhere,
  );
  if (problems.length > 0) {
    throw validationError(problems);
  }
}

/**
 * The exposed hosts of the cluster's other environments, each to its
 * `<environment>/<deployment>`, under the base domain each gets from the cluster's
 * settings after the change and its own overrides.
 */
function hostsElsewhere(
  environments: readonly NeighbourEnvironment[],
  clusterSettings: ClusterSettings,
): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const environment of environments) {
    const baseDomain =
      environment.overrides.base_domain ?? clusterSettings.base_domain;
    if (!baseDomain) {
      continue;
    }
    for (const deployment of environment.deployments) {
      for (const service of deployment.services) {
        if (service.expose) {
          const names = {
            service: service.name,
            deployment: deployment.name,
            environment: environment.name,
          };
          hosts.set(
            exposedHost(names, baseDomain),
            `${environment.name}/${deployment.name}`,
          );
        }
      }
    }
  }
  return hosts;
}

function notLoaded(driver: DriverVersionRef): NotFoundError {
  return new NotFoundError(
    `Driver version ${driver.name} ${driver.version} is not loaded`,
  );
}

/** The deployments of the environment as the change leaves them, by name. */
function desiredDeployments(
  stored: readonly Deployment[],
  change: GeneratorChange,
): DesiredDeployment[] {
  const changed = change.deployment;
  const kept = stored.filter(
    d => d.id !== change.deletedDeploymentId && d.id !== changed?.id,
  );
  const all: DesiredDeployment[] = changed ? [...kept, changed] : kept;
  return all.sort((a, b) => (a.name < b.name ? -1 : Number(a.name > b.name)));
}
