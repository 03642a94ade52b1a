import { ResourceEntityV1alpha1 } from '@backstage/catalog-model';
import {
  clusterEntityName,
  deploymentEntityName,
  deploymentNamespace,
  environmentEntityName,
  STYRMIN_ANNOTATIONS,
  STYRMIN_ENTITY_TYPES,
  styrminPagePaths,
} from '@styrmin/plugin-styrmin-common';
import { Deployment } from '@styrmin/sdk';
import { ExposedUrl } from '../records/readStyrminRecords';
import {
  EntitySettings,
  environmentOwner,
  locationAnnotations,
  pageUrl,
  styrminLink,
} from './EntitySettings';

/**
 * The annotations with which Backstage's Kubernetes plugin finds a deployment's objects:
 * the namespace that holds them (`styrmin-<deployment id>`, the deployment's alone) and the
 * label selector of its pods and workloads (`kubernetesLabelSelector`). The plugin names
 * the entity's objects by `backstage.io/kubernetes-id`, the deployment's id; it selects by
 * that label only when no selector is given, and nothing Styrmin deploys carries it.
 */
export const KUBERNETES_ANNOTATIONS = {
  id: 'backstage.io/kubernetes-id',
  namespace: 'backstage.io/kubernetes-namespace',
  labelSelector: 'backstage.io/kubernetes-label-selector',
} as const;

/**
 * A deployment that is not deleted as a `Resource` (`spec.type: styrmin-deployment`): it
 * depends on its environment, belongs to its cluster's `System`, and has its environment's
 * owner.
 */
export function deploymentEntity(
  deployment: Pick<
    Deployment,
    'id' | 'name' | 'environment' | 'driverVersion' | 'appVersion'
  >,
  cluster: { name: string } | undefined,
  context: EntitySettings,
  /** The label selector of its pods (`kubernetesLabelSelector`), when its driver gives one. */
  labelSelector?: string,
  /** Its exposed services' URLs outside the cluster, each a link of the entity. */
  exposedUrls: readonly ExposedUrl[] = [],
): ResourceEntityV1alpha1 {
  const url = pageUrl(context, styrminPagePaths.deployment(deployment));
  const { environment, driverVersion } = deployment;
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name: deploymentEntityName(deployment),
      namespace: context.namespace,
      title: `${deployment.name} (${environment.name})`,
      description: `The Styrmin deployment ${deployment.name} in the environment ${environment.name}: ${driverVersion.name} ${driverVersion.version}, application version ${deployment.appVersion}.`,
      tags: ['styrmin', driverVersion.name],
      annotations: {
        ...locationAnnotations(url),
        [STYRMIN_ANNOTATIONS.deploymentId]: deployment.id,
        [STYRMIN_ANNOTATIONS.environmentId]: environment.id,
        [STYRMIN_ANNOTATIONS.driver]: driverVersion.name,
        [STYRMIN_ANNOTATIONS.driverVersion]: driverVersion.version,
        [KUBERNETES_ANNOTATIONS.id]: deployment.id,
        [KUBERNETES_ANNOTATIONS.namespace]: deploymentNamespace(deployment.id),
        ...(labelSelector
          ? { [KUBERNETES_ANNOTATIONS.labelSelector]: labelSelector }
          : {}),
      },
      links: [
        styrminLink(url, 'Deployment in Styrmin'),
        ...exposedUrls.map(exposed => ({
          url: exposed.url,
          title: `${exposed.service} (${deployment.name} in ${environment.name})`,
          icon: 'web',
          type: 'service',
        })),
      ],
    },
    spec: {
      type: STYRMIN_ENTITY_TYPES.deployment,
      owner: environmentOwner(context, environment.name),
      ...(cluster ? { system: clusterEntityName(cluster) } : {}),
      dependsOn: [
        `resource:${context.namespace}/${environmentEntityName(environment)}`,
      ],
    },
  };
}
