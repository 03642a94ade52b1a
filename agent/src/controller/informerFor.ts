import {
  KubeConfig,
  KubernetesListObject,
  KubernetesObject,
  KubernetesObjectApi,
  makeInformer,
  Informer,
  ObjectCache,
} from '@kubernetes/client-node';

/** @public */
export type CachingInformer<T extends KubernetesObject> = Informer<T> &
  ObjectCache<T>;

/** @public */
export interface WatchedKind {
  apiVersion: string;
  kind: string;
  plural: string;
  /** Watch one namespace; all namespaces (or a cluster-scoped kind) without. */
  namespace?: string;
  labelSelector?: string;
}

/** An informer with its cache of one kind, in one namespace or all, by label when given. */
export function informerFor<T extends KubernetesObject>(
  kubeConfig: KubeConfig,
  objects: KubernetesObjectApi,
  watched: WatchedKind,
): CachingInformer<T> {
  const root = watched.apiVersion.includes('/')
    ? `/apis/${watched.apiVersion}`
    : `/api/${watched.apiVersion}`;
  const path = `${root}${
    watched.namespace ? `/namespaces/${watched.namespace}` : ''
  }/${watched.plural}`;
  // A list leaves apiVersion and kind out of built-in items (watch events carry them):
  // they are put back, so that whatever is taken from the cache can be written back.
  const list = async () => {
    const listed = (await objects.list(
      watched.apiVersion,
      watched.kind,
      watched.namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      watched.labelSelector,
    )) as KubernetesListObject<T>;
    listed.items = listed.items.map(item => ({
      ...item,
      apiVersion: watched.apiVersion,
      kind: watched.kind,
    }));
    return listed;
  };
  return makeInformer<T>(kubeConfig, path, list, watched.labelSelector);
}
