import { SystemEntityV1alpha1 } from '@backstage/catalog-model';
import {
  clusterEntityName,
  STYRMIN_ANNOTATIONS,
  STYRMIN_ENTITY_TYPES,
  styrminPagePaths,
} from '@styrmin/plugin-styrmin-common';
import { Cluster } from '@styrmin/sdk';
import {
  EntitySettings,
  locationAnnotations,
  pageUrl,
  styrminLink,
} from './EntitySettings';

/**
 * A registered cluster as a `System` (`spec.type: styrmin-cluster`): its environments are
 * part of it, and through them their deployments. Owned by the default owner, since
 * clusters are the administrators' business.
 */
export function clusterEntity(
  cluster: Pick<Cluster, 'id' | 'name'>,
  context: EntitySettings,
): SystemEntityV1alpha1 {
  const url = pageUrl(context, styrminPagePaths.cluster(cluster));
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'System',
    metadata: {
      name: clusterEntityName(cluster),
      namespace: context.namespace,
      title: cluster.name,
      description: `The Kubernetes cluster ${cluster.name}, registered with Styrmin: its environments and their deployments.`,
      tags: ['styrmin'],
      annotations: {
        ...locationAnnotations(url),
        [STYRMIN_ANNOTATIONS.clusterId]: cluster.id,
      },
      links: [styrminLink(url, 'Cluster in Styrmin')],
    },
    spec: {
      type: STYRMIN_ENTITY_TYPES.cluster,
      owner: context.defaultOwner,
    },
  };
}
