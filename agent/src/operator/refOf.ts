import { KubernetesObject } from '@kubernetes/client-node';

/** How logs and messages name an object: `namespace/name`, or the name of a cluster-scoped one. */
export const refOf = (object: KubernetesObject): string =>
  object.metadata?.namespace
    ? `${object.metadata.namespace}/${object.metadata.name}`
    : object.metadata!.name!;
