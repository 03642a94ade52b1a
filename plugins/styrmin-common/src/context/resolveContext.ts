import {
  ClusterSettings,
  DEFAULT_CLUSTER_DOMAIN,
} from '../configuration/ClusterSettings';
import { DeploymentConfiguration } from '../configuration/DeploymentConfiguration';
import { EnvironmentOverrides } from '../configuration/EnvironmentOverrides';
import { resolveImageOverride } from '../configuration/imageOverride';
import { ownValue } from '../configuration/ownValue';
import { ContextUses, pickUsed, WHOLE_CONTEXT } from '../driver/contextUses';
import { DriverService } from '../driver/DriverService';
import { DriverSpec, DriverVersionSpec } from '../driver/DriverSpec';
import { formatDriverSpecPath } from '../driver/DriverSpecProblem';
import { canonicalJson } from './canonicalJson';
import { deploymentNamespace } from './deploymentNamespace';
import {
  EnvironmentDeploymentContext,
  GlobalContext,
  ServiceAddress,
} from './GlobalContext';
import { mergeLayers } from './mergeLayers';

/**
 * A deployment of the environment, as {@link resolveContext} needs to know it.
 *
 * @public
 */
export interface EnvironmentDeployment {
  id: string;
  name: string;
  /**
   * The name of its application driver, which `connects_to` names; a deployment without
   * one is listed whatever `connects_to` says.
   */
  driver?: string;
  /** The services that its driver version declares. */
  services: ReadonlyArray<Pick<DriverService, 'name' | 'port'>>;
}

/**
 * Everything a context is resolved from.
 *
 * @public
 */
export interface ResolveContextOptions {
  /** The application driver version of the deployment. */
  driver: DriverSpec;
  cluster: { name: string; settings: ClusterSettings };
  environment: {
    name: string;
    overrides: EnvironmentOverrides;
    /**
     * The deployments of the environment that are not deleted. The deployment itself may
     * be among them or not: its own entry always comes from `driver` and `deployment`.
     */
    deployments: ReadonlyArray<EnvironmentDeployment>;
  };
  /** The deployment, with a configuration that `validateDeploymentChange` accepted. */
  deployment: {
    id: string;
    name: string;
    configuration: DeploymentConfiguration;
  };
  /**
   * What the driver version uses of the context (`driverVersionUses`): of the cluster
   * section and the other deployments of the environment, the context holds only that.
   * Absent: the whole context, as for a driver version loaded before Styrmin found it.
   */
  uses?: ContextUses;
}

/** What Styrmin sets itself, below every layer: the shape of the cluster section. */
const STYRMIN_DEFAULTS = {
  cluster: {
    cluster_domain: DEFAULT_CLUSTER_DOMAIN,
    storage_classes: {},
    extra: {},
  },
};

/** The driver defaults: parameter defaults, and each component's driver default replica count. */
function driverDefaults(spec: DriverVersionSpec) {
  return {
    parameters: Object.fromEntries(
      Object.entries(spec.parameters).map(([name, parameter]) => [
        name,
        'default' in parameter ? parameter.default : undefined,
      ]),
    ),
    components: Object.fromEntries(
      Object.entries(spec.components).map(([name, component]) => [
        name,
        // The glossary's replica precedence below the override: the driver default, 1 for
        // a singleton, and otherwise nothing, which leaves the chart's count alone.
        {
          replicas: component.replicas ?? (component.singleton ? 1 : undefined),
        },
      ]),
    ),
  };
}

/**
 * The deployment configuration: the application version, the parameter values and the
 * component overrides, for what the driver version declares.
 */
function deploymentConfiguration(
  spec: DriverVersionSpec,
  configuration: DeploymentConfiguration,
) {
  const appVersion = configuration.app_version;
  return {
    app: { version: appVersion },
    parameters: Object.fromEntries(
      Object.keys(spec.parameters).map(name => [
        name,
        ownValue(configuration.parameters, name),
      ]),
    ),
    components: Object.fromEntries(
      Object.keys(spec.components).map(name => {
        const overrides = ownValue(configuration.components, name) ?? {};
        return [
          name,
          {
            replicas: overrides.replicas,
            env:
              overrides.env &&
              Object.fromEntries(
                Object.entries(overrides.env).map(([key, value]) => [
                  key,
                  typeof value === 'string' ? value : value.secret,
                ]),
              ),
            image:
              overrides.image &&
              resolveImageOverride(overrides.image, appVersion),
            command: overrides.command,
            args: overrides.args,
          },
        ];
      }),
    ),
  };
}

/** The secret parameters the driver version declares, and the env vars marked secret. */
function secretPaths(
  spec: DriverVersionSpec,
  configuration: DeploymentConfiguration,
): string[] {
  const parameters = Object.entries(spec.parameters)
    .filter(([, parameter]) => parameter.type === 'secret')
    .map(([name]) => ['parameters', name]);
  const envVars = Object.keys(spec.components).flatMap(component =>
    Object.entries(ownValue(configuration.components, component)?.env ?? {})
      .filter(([, value]) => typeof value !== 'string')
      .map(([name]) => ['components', component, 'env', name]),
  );
  return [...parameters, ...envVars].map(formatDriverSpecPath).sort();
}

function serviceAddress(
  service: Pick<DriverService, 'name' | 'port'>,
  namespace: string,
  clusterDomain: string,
): ServiceAddress {
  const host = `${service.name}.${namespace}.svc.${clusterDomain}`;
  return { host, port: service.port, url: `http://${host}:${service.port}` };
}

function deploymentContext(
  { id, services }: Omit<EnvironmentDeployment, 'name'>,
  clusterDomain: string,
): EnvironmentDeploymentContext {
  const namespace = deploymentNamespace(id);
  return {
    id,
    namespace,
    services: Object.fromEntries(
      services.map(service => [
        service.name,
        serviceAddress(service, namespace, clusterDomain),
      ]),
    ),
  };
}

/**
 * The deployments of the environment by name: the ones of the drivers it connects to (all
 * when `connects_to` is absent) as far as the driver version uses them, and always this
 * one, whose own entry wins.
 */
function environmentDeployments(
  { driver, environment, deployment, uses }: ResolveContextOptions,
  clusterDomain: string,
): Record<string, EnvironmentDeploymentContext> {
  const connectsTo = driver.spec.connects_to;
  const others = environment.deployments.filter(
    other =>
      other.id !== deployment.id &&
      (!connectsTo || !other.driver || connectsTo.includes(other.driver)),
  );
  const listed = pickUsed(
    uses ?? WHOLE_CONTEXT,
    ['environment', 'deployments'],
    Object.fromEntries(
      others.map(other => [
        other.name,
        deploymentContext(other, clusterDomain),
      ]),
    ),
  ) as Record<string, EnvironmentDeploymentContext> | undefined;
  return {
    ...listed,
    [deployment.name]: deploymentContext(
      { id: deployment.id, services: driver.spec.services },
      clusterDomain,
    ),
  };
}

/**
 * Resolves the context (GlobalContext) of a deployment: the generator's pure core. The
 * layers merge lowest precedence first, as DESIGN.md orders them: the driver defaults,
 * the cluster defaults (its settings), the environment overrides, and the deployment
 * configuration and parameters. Objects merge key by key and anything else in a higher
 * layer replaces what is below, so a replica override replaces the driver default and the
 * environment's storage class the cluster's.
 *
 * Of the sections that other records share, the cluster's settings and the other
 * deployments of the environment, it holds only what the driver version uses (`uses`,
 * `connects_to`), so that a change of anything else leaves it as it is.
 *
 * Deterministic: equal inputs give byte-identical JSON, whatever the order of their keys.
 * docs/context.md describes the result.
 *
 * @public
 */
export function resolveContext(options: ResolveContextOptions): GlobalContext {
  const { driver, cluster, environment, deployment } = options;
  const { spec } = driver;
  const resolved = mergeLayers(
    STYRMIN_DEFAULTS,
    driverDefaults(spec),
    { cluster: { name: cluster.name, ...cluster.settings } },
    { cluster: environment.overrides },
    deploymentConfiguration(spec, deployment.configuration),
  );
  const clusterDomain = (resolved.cluster as { cluster_domain: string })
    .cluster_domain;
  return canonicalJson({
    ...resolved,
    cluster:
      pickUsed(options.uses ?? WHOLE_CONTEXT, ['cluster'], resolved.cluster) ??
      {},
    driver: { name: driver.metadata.name, version: spec.version },
    deployment: {
      id: deployment.id,
      name: deployment.name,
      namespace: deploymentNamespace(deployment.id),
    },
    environment: {
      name: environment.name,
      deployments: environmentDeployments(options, clusterDomain),
    },
    secret_paths: secretPaths(spec, deployment.configuration),
  }) as GlobalContext;
}
