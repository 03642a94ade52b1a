import { ClusterSettings } from '../configuration/ClusterSettings';
import { JsonValue } from '../configuration/JsonValue';
import { ParameterValue } from '../configuration/DeploymentConfiguration';

/**
 * The address of a service of a deployment, inside the cluster.
 *
 * @public
 */
export interface ServiceAddress {
  /** `<service>.<namespace>.svc.<cluster domain>` */
  host: string;
  port: number;
  /** `http://<host>:<port>`, for services that speak HTTP. */
  url: string;
}

/**
 * A deployment of the environment, as the other deployments reach it.
 *
 * @public
 */
export interface EnvironmentDeploymentContext {
  id: string;
  namespace: string;
  /** The services its driver version declares, by name. */
  services: Record<string, ServiceAddress>;
}

/**
 * The resolved configuration of one component. Every field is absent when nothing sets it.
 *
 * @public
 */
export interface ComponentContext {
  /**
   * The replica override, else the driver default (1 for a singleton); absent means the
   * chart's own count, which Styrmin leaves alone.
   */
  replicas?: number;
  /** The env vars of the component container, secret values included, by name. */
  env?: Record<string, string>;
  /** The image of the component container, its `{{ app.version }}` token replaced. */
  image?: string;
  command?: string[];
  args?: string[];
}

/**
 * The cluster the deployment runs on and its settings, as the environment overrides them.
 *
 * @public
 */
export type ClusterContext = Omit<
  ClusterSettings,
  'cluster_domain' | 'storage_classes' | 'extra'
> & {
  name: string;
  cluster_domain: string;
  storage_classes: Record<string, string>;
  extra: Record<string, JsonValue>;
};

/**
 * The context (GlobalContext): the resolved configuration that the agent uses, embedded in
 * the instance and in the StyrminDeployment resource, and the input of the driver's values
 * template and actions. docs/context.md describes it. Its keys are sorted at every level,
 * so equal contexts are byte-identical as JSON.
 *
 * @public
 */
export type GlobalContext = {
  /** The application version. */
  app: { version: string };
  /** The application driver version. */
  driver: { name: string; version: string };
  deployment: { id: string; name: string; namespace: string };
  /** The cluster's settings that the driver version uses (`ContextUses`), no others. */
  cluster: Partial<ClusterContext>;
  environment: {
    name: string;
    /**
     * This deployment, and those of the environment that it connects to (`connects_to`)
     * and its driver version uses, by name.
     */
    deployments: Record<string, EnvironmentDeploymentContext>;
  };
  /** Every parameter that the driver version declares and that has a value, by name. */
  parameters: Record<string, ParameterValue>;
  /** Every component that the driver version declares, by name. */
  components: Record<string, ComponentContext>;
  /**
   * The paths in this context whose values are secret (`parameters.admin_password`,
   * `components.server.env.API_TOKEN`), sorted: diffs, logs and API answers mask them.
   */
  secret_paths: string[];
};
