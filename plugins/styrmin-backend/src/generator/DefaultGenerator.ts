import { NotFoundError } from '@backstage/errors';
import {
  diffContexts,
  EnvironmentDeployment,
  resolveContext,
  validateDeploymentChange,
  validationError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ClusterStore } from '../clusters/ClusterStore';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore, DriverVersion } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { Instance, InstanceStore } from '../instances/InstanceStore';
import {
  DesiredDeployment,
  GeneratedInstance,
  Generation,
  Generator,
  GeneratorChange,
  GeneratorGenerateOptions,
  GeneratorStoreOptions,
  GeneratorValidateOptions,
  ValidatedDeploymentChange,
} from './Generator';

/**
 * Options of {@link DefaultGenerator.create}.
 *
 * @internal
 */
export type DefaultGeneratorOptions = {
  knex: Knex;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
};

/** How a driver version is keyed in the maps below. */
const driverKey = ({ name, version }: { name: string; version: string }) =>
  `${name}@${version}`;

/**
 * The {@link Generator} on the stores. Generating an environment costs the same few
 * queries however many deployments it has: the environment, its cluster, its deployments,
 * their active instances and their driver versions.
 *
 * @internal
 */
export class DefaultGenerator implements Generator {
  readonly #knex: Knex;
  readonly #clusters: ClusterStore;
  readonly #environments: EnvironmentStore;
  readonly #deployments: DeploymentStore;
  readonly #instances: InstanceStore;
  readonly #drivers: DriverStore;

  static create(options: DefaultGeneratorOptions): DefaultGenerator {
    return new DefaultGenerator(options);
  }

  private constructor(options: DefaultGeneratorOptions) {
    this.#knex = options.knex;
    this.#clusters = options.clusters;
    this.#environments = options.environments;
    this.#deployments = options.deployments;
    this.#instances = options.instances;
    this.#drivers = options.drivers;
  }

  async validate(
    options: GeneratorValidateOptions,
  ): Promise<ValidatedDeploymentChange> {
    const { tx = this.#knex, current, driver, configuration } = options;
    const versions = await this.#drivers.getDriverVersions({
      tx,
      versions: current ? [driver, current.driver] : [driver],
    });
    const byKey = new Map(versions.map(v => [driverKey(v), v]));
    const driverVersion = byKey.get(driverKey(driver));
    if (!driverVersion) {
      throw new NotFoundError(
        `Driver version ${driver.name} ${driver.version} is not loaded`,
      );
    }
    const validation = validateDeploymentChange({
      currentDriver: current && byKey.get(driverKey(current.driver))?.spec,
      driver: driverVersion.spec,
      configuration,
    });
    if (!validation.success) {
      throw validationError(validation.problems);
    }
    return {
      driverVersion,
      configuration: validation.configuration,
      droppedParameters: validation.droppedParameters,
    };
  }

  async generate(options: GeneratorGenerateOptions): Promise<Generation> {
    const { tx = this.#knex, environmentId, change = {}, lock } = options;
    const environment = await this.#environments.getEnvironment({
      tx,
      id: environmentId,
      lock,
    });
    if (!environment) {
      throw new NotFoundError(`Environment ${environmentId} does not exist`);
    }
    const cluster = (await this.#clusters.getCluster({
      tx,
      id: environment.clusterId,
    }))!;
    const stored = await this.#deployments.listDeploymentsOfEnvironments({
      tx,
      environmentIds: [environment.id],
    });
    const desired = desiredDeployments(stored, change);
    const [activeInstances, driverVersions] = await Promise.all([
      this.#instances.getActiveInstances({
        tx,
        deploymentIds: desired.map(d => d.id),
      }),
      this.#drivers.getDriverVersions({
        tx,
        versions: desired.map(d => d.driver),
      }),
    ]);
    const active = new Map(activeInstances.map(i => [i.deploymentId, i]));
    const drivers = new Map(driverVersions.map(v => [driverKey(v), v]));
    const driverOf = (deployment: DesiredDeployment): DriverVersion => {
      const version = drivers.get(driverKey(deployment.driver));
      if (!version) {
        throw new NotFoundError(
          `Driver version ${deployment.driver.name} ${deployment.driver.version} is not loaded`,
        );
      }
      return version;
    };
    const neighbours: EnvironmentDeployment[] = desired.map(deployment => ({
      id: deployment.id,
      name: deployment.name,
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
    return { cluster, environment, instances };
  }

  async store(
    options: GeneratorStoreOptions,
  ): Promise<Array<{ generated: GeneratedInstance; instance: Instance }>> {
    const { tx = this.#knex, instances, createdBy } = options;
    const stored = [];
    for (const generated of instances.filter(i => i.changed)) {
      const instance = await this.#instances.createInstance({
        tx,
        deploymentId: generated.deploymentId,
        driver: {
          name: generated.driverVersion.name,
          version: generated.driverVersion.version,
        },
        context: generated.context,
        diff: generated.diff,
        replaces: generated.active?.id,
        createdBy,
      });
      stored.push({ generated, instance });
    }
    return stored;
  }
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
