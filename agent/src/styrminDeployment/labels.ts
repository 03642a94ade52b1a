import { KubernetesObject, V1OwnerReference } from '@kubernetes/client-node';
import { StyrminDeployment } from './StyrminDeployment';

export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'styrmin';
/** Names the deployment an object belongs to; the StyrminDeployment carries the same name. */
export const DEPLOYMENT_ID_LABEL = 'styrmin.io/deployment-id';
export const COMPONENT_LABEL = 'styrmin.io/component';

/** The label selector of every object the operator makes: what its informers watch. */
export const MANAGED_SELECTOR = `${MANAGED_BY_LABEL}=${MANAGED_BY}`;

/**
 * The labels of every object the operator makes for a deployment. They, not owner
 * references, lead an object back to its StyrminDeployment, because Kubernetes allows no
 * owner reference from the deployment's namespace (or from the cluster-scoped namespace
 * itself) to a resource in the operator's namespace.
 */
export function childLabels(
  deployment: StyrminDeployment,
): Record<string, string> {
  return {
    [MANAGED_BY_LABEL]: MANAGED_BY,
    [DEPLOYMENT_ID_LABEL]: deployment.metadata!.name!,
  };
}

/**
 * The controller owner reference of the objects in the StyrminDeployment's own namespace
 * (its chart source and HelmRelease): the garbage collector removes them with it.
 */
export function controllerReference(
  deployment: StyrminDeployment,
): V1OwnerReference {
  return {
    apiVersion: deployment.apiVersion!,
    kind: deployment.kind!,
    name: deployment.metadata!.name!,
    uid: deployment.metadata!.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** The work-queue key (`namespace/name`) of the StyrminDeployment an object belongs to. */
export function ownerKeyOf(
  object: KubernetesObject,
  operatorNamespace: string,
): string | undefined {
  const id = object.metadata?.labels?.[DEPLOYMENT_ID_LABEL];
  return id ? `${operatorNamespace}/${id}` : undefined;
}

/** A `matchLabels` map as a label selector string (`a=1,b=2`), keys in order. */
export function selectorString(selector: Record<string, string>): string {
  return Object.entries(selector)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

/** Whether labels carry every label of a `matchLabels` map. */
export function matchesSelector(
  selector: Record<string, string>,
  labels: Record<string, string> | undefined,
): boolean {
  return Object.entries(selector).every(
    ([key, value]) => labels?.[key] === value,
  );
}
