import {
  DriverSpec,
  exposedServices,
  GlobalContext,
  JsonObject,
} from '@styrmin/plugin-styrmin-common';
import { PodStatus } from './ObservedStateStore';

/**
 * A component of a deployment: what its active instance asks of it and what runs.
 *
 * @internal
 */
export type DeploymentComponent = {
  name: string;
  /**
   * From the context; undefined when the chart's own count applies. A stopped component
   * keeps it: it runs that many again once started.
   */
  desiredReplicas?: number;
  pods: number;
  readyReplicas: number;
  singleton: boolean;
  /** Whether the operator keeps it at 0 pods. */
  stopped: boolean;
};

/**
 * A service of a deployment, with its address in the cluster.
 *
 * @internal
 */
export type DeployedService = {
  name: string;
  component: string;
  host: string;
  port: number;
  url: string;
  /** Its URL outside the cluster, through its Ingress; undefined when it is not exposed. */
  externalUrl?: string;
  protocol: string;
  type: string;
};

/** @internal */
export type DescribeWorkloadOptions = {
  /** The active instance's context. */
  context: GlobalContext;
  /** The spec of the active instance's driver version. */
  driver: Pick<DriverSpec['spec'], 'components' | 'services'>;
  /** The pods the agent last reported of the deployment. */
  pods: ReadonlyArray<Pick<PodStatus, 'component' | 'ready'>>;
  /**
   * The `.status` of the StyrminDeployment resource the agent last reported (DeploymentStatus),
   * whose `stoppedComponents` the operator keeps; undefined before the first report.
   */
  status?: JsonObject;
};

/**
 * The components and services of a deployment, by name: the driver version declares them,
 * the context of the active instance resolves their replicas and addresses, and the pods
 * the agent reports say what runs. Pods of no declared component count for none.
 *
 * @internal
 */
export function describeWorkload(options: DescribeWorkloadOptions): {
  components: DeploymentComponent[];
  services: DeployedService[];
} {
  const { context, driver, pods, status } = options;
  const stopped = stoppedComponentsOf(status);
  const components = Object.entries(driver.components)
    .map(([name, declared]) => {
      const own = pods.filter(pod => pod.component === name);
      return {
        name,
        desiredReplicas: context.components[name]?.replicas,
        pods: own.length,
        readyReplicas: own.filter(pod => pod.ready).length,
        singleton: declared.singleton,
        stopped: stopped.has(name),
      };
    })
    .sort(byName);
  // The context holds the addresses of every deployment of the environment; its own entry
  // is under its own name.
  const addresses =
    context.environment.deployments[context.deployment.name]?.services ?? {};
  const external = new Map(
    exposedServices(context, driver.services).map(exposed => [
      exposed.service,
      exposed.url,
    ]),
  );
  const services = driver.services
    .flatMap(service => {
      const address = addresses[service.name];
      return address
        ? [
            {
              name: service.name,
              component: service.component,
              host: address.host,
              port: address.port,
              url: address.url,
              externalUrl: external.get(service.name),
              protocol: service.protocol,
              type: service.type,
            },
          ]
        : [];
    })
    .sort(byName);
  return { components, services };
}

/** The names in `status.stoppedComponents`; the agent's report is checked, not trusted. */
function stoppedComponentsOf(status: JsonObject | undefined): Set<string> {
  const names = status?.stoppedComponents;
  return new Set(
    Array.isArray(names)
      ? names.filter((name): name is string => typeof name === 'string')
      : [],
  );
}

function byName(a: { name: string }, b: { name: string }) {
  return a.name.localeCompare(b.name);
}
