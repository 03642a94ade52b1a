import { AppsV1Api, V1PodTemplateSpec } from '@kubernetes/client-node';
import { selectorString } from '../styrminDeployment/labels';
import { StyrminDeploymentSpec } from '../styrminDeployment/StyrminDeployment';

/**
 * The pod template of a component as its workload runs now, overrides included: the first
 * Deployment, else StatefulSet, in the deployment's namespace that the component's label
 * selector matches. Throws when the component is unknown or has no workload.
 */
export async function componentPodTemplate(
  apps: AppsV1Api,
  spec: StyrminDeploymentSpec,
  component: string,
): Promise<V1PodTemplateSpec> {
  const declared = spec.components[component];
  if (!declared) {
    throw new Error(
      `${JSON.stringify(component)} is not a component of driver ${
        spec.driver.name
      } (${Object.keys(spec.components).join(', ')})`,
    );
  }
  const namespace = spec.context.deployment.namespace;
  const labelSelector = selectorString(declared.selector);
  const [deployments, statefulSets] = await Promise.all([
    apps.listNamespacedDeployment({ namespace, labelSelector }),
    apps.listNamespacedStatefulSet({ namespace, labelSelector }),
  ]);
  const workload = deployments.items[0] ?? statefulSets.items[0];
  if (!workload) {
    throw new Error(
      `Component ${component} has no Deployment or StatefulSet with the labels ${labelSelector} in ${namespace}`,
    );
  }
  return workload.spec!.template;
}
