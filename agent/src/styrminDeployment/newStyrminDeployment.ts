import { DriverSpec, GlobalContext } from '@styrmin/plugin-styrmin-common';
import {
  DEFAULT_OPERATOR_NAMESPACE,
  STYRMIN_API_VERSION,
  STYRMIN_DEPLOYMENT_KIND,
  StyrminDeployment,
} from './StyrminDeployment';

/** @public */
export interface NewStyrminDeploymentOptions {
  /** The application driver version of the instance, its digest and its values template. */
  driver: { spec: DriverSpec; digest: string; valuesTemplate: string };
  context: GlobalContext;
  instanceId: string;
  taskId?: string;
  stoppedComponents?: string[];
  /** The operator's namespace. Default `styrmin-system`. */
  namespace?: string;
}

/**
 * The StyrminDeployment resource of an instance, as the worker writes it: named after the
 * deployment id, in the operator's namespace, with the driver version's chart, components and
 * services next to the context.
 *
 * @public
 */
export function newStyrminDeployment(
  options: NewStyrminDeploymentOptions,
): StyrminDeployment {
  const { driver, context } = options;
  const { main } = driver.spec.spec.helm;
  return {
    apiVersion: STYRMIN_API_VERSION,
    kind: STYRMIN_DEPLOYMENT_KIND,
    metadata: {
      name: context.deployment.id,
      namespace: options.namespace ?? DEFAULT_OPERATOR_NAMESPACE,
    },
    spec: {
      instanceId: options.instanceId,
      ...(options.taskId ? { taskId: options.taskId } : {}),
      driver: {
        name: driver.spec.metadata.name,
        version: driver.spec.spec.version,
        digest: driver.digest,
      },
      chart: { source: main.source, chart: main.chart, version: main.version },
      valuesTemplate: driver.valuesTemplate,
      components: driver.spec.spec.components,
      services: driver.spec.spec.services,
      stoppedComponents: options.stoppedComponents ?? [],
      restartedComponents: {},
      context,
    },
  };
}
