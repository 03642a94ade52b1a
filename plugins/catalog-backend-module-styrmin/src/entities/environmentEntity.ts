import { ResourceEntityV1alpha1 } from '@backstage/catalog-model';
import {
  clusterEntityName,
  environmentEntityName,
  STYRMIN_ANNOTATIONS,
  STYRMIN_ENTITY_TYPES,
  styrminPagePaths,
} from '@styrmin/plugin-styrmin-common';
import { Environment } from '@styrmin/sdk';
import {
  EntitySettings,
  environmentOwner,
  locationAnnotations,
  pageUrl,
  styrminLink,
} from './EntitySettings';

/**
 * An environment as a `Resource` (`spec.type: styrmin-environment`), part of its cluster's
 * `System`, owned as `environmentOwners` says (the default owner otherwise).
 */
export function environmentEntity(
  environment: Pick<Environment, 'id' | 'name' | 'cluster'>,
  context: EntitySettings,
): ResourceEntityV1alpha1 {
  const url = pageUrl(context, styrminPagePaths.environment(environment));
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name: environmentEntityName(environment),
      namespace: context.namespace,
      title: environment.name,
      description: `The Styrmin environment ${environment.name} on the cluster ${environment.cluster.name}.`,
      tags: ['styrmin'],
      annotations: {
        ...locationAnnotations(url),
        [STYRMIN_ANNOTATIONS.environmentId]: environment.id,
        [STYRMIN_ANNOTATIONS.clusterId]: environment.cluster.id,
      },
      links: [styrminLink(url, 'Environment in Styrmin')],
    },
    spec: {
      type: STYRMIN_ENTITY_TYPES.environment,
      owner: environmentOwner(context, environment.name),
      system: clusterEntityName(environment.cluster),
    },
  };
}
