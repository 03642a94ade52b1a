import {
  KubeConfig,
  KubernetesListObject,
  KubernetesObject,
  KubernetesObjectApi,
  Informer,
  ListWatch,
  ObjectCache,
  Watch,
} from '@kubernetes/client-node';

/** @public */
export type CachingInformer<T extends KubernetesObject> = Informer<T> &
  ObjectCache<T>;

/** @public */
export interface WatchedKind<T extends KubernetesObject = KubernetesObject> {
  apiVersion: string;
  kind: string;
  plural: string;
  /** Watch one namespace; all namespaces (or a cluster-scoped kind) without. */
  namespace?: string;
  labelSelector?: string;
  /**
   * What the cache keeps of each object as it arrives: the fields its readers use, so that a
   * cache of many objects holds no more than they need. Default: the object without its
   * managed fields ({@link withoutManagedFields}), which no reader of a cache uses. It must
   * keep the metadata's name, namespace and resourceVersion, which the informer relies on.
   */
  keep?: (object: T) => T;
}

/** The annotation kubectl's client-side apply writes: a copy of the object, never read. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * An object without `metadata.managedFields` (the server's record of who set which field,
 * often as large as the object) and kubectl's last-applied annotation.
 *
 * @public
 */
export function withoutManagedFields<T extends KubernetesObject>(object: T): T {
  const { managedFields: _, ...metadata } = object.metadata ?? {};
  if (metadata.annotations?.[LAST_APPLIED] !== undefined) {
    const { [LAST_APPLIED]: __, ...annotations } = metadata.annotations;
    metadata.annotations = annotations;
  }
  return { ...object, metadata };
}

/** How many objects a list asks for at once: the informer's first list of many objects. */
const LIST_PAGE_SIZE = 500;

/**
 * How long a watch may stay silent before the client takes its connection for dead and
 * watches again. client-node's 30 s, with no event on a quiet kind, made every watch of an
 * agent at rest start again twice a minute; with bookmarks asked for (the API server sends
 * one about every minute) a quiet watch stays open and a dead one is still noticed.
 */
const WATCH_SILENCE_MS = 90_000;

/**
 * A watch that asks for bookmarks, whose objects are what `keep` keeps of them before the
 * informer caches them.
 */
class KeepingWatch<T extends KubernetesObject> extends Watch {
  readonly #keep: (object: T) => T;

  constructor(kubeConfig: KubeConfig, keep: (object: T) => T) {
    super(kubeConfig);
    this.#keep = keep;
    // client-node declares it private, but reads it for each watch it opens.
    (this as unknown as { requestTimeoutMs: number }).requestTimeoutMs =
      WATCH_SILENCE_MS;
  }

  watch(
    path: string,
    queryParams: Record<string, string | number | boolean | undefined>,
    callback: (phase: string, apiObj: any, watchObj?: any) => void,
    done: (err: any) => void,
  ): Promise<AbortController> {
    return super.watch(
      path,
      { ...queryParams, allowWatchBookmarks: true },
      (phase, object, watchObject) =>
        callback(
          phase,
          ['ADDED', 'MODIFIED', 'DELETED'].includes(phase)
            ? this.#keep(object)
            : object,
          watchObject,
        ),
      done,
    );
  }
}

/**
 * An informer with its cache of one kind, in one namespace or all, by label when given,
 * keeping of each object what `keep` keeps. The first list goes page by page, each page
 * reduced before the next, so that listing many objects never holds them all whole.
 */
export function informerFor<T extends KubernetesObject>(
  kubeConfig: KubeConfig,
  objects: KubernetesObjectApi,
  watched: WatchedKind<T>,
): CachingInformer<T> {
  const root = watched.apiVersion.includes('/')
    ? `/apis/${watched.apiVersion}`
    : `/api/${watched.apiVersion}`;
  const path = `${root}${
    watched.namespace ? `/namespaces/${watched.namespace}` : ''
  }/${watched.plural}`;
  const keep = watched.keep ?? withoutManagedFields;
  // A list leaves apiVersion and kind out of built-in items (watch events carry them):
  // they are put back, so that whatever is taken from the cache can be written back.
  const list = async () => {
    const items: T[] = [];
    for (let token: string | undefined; ; ) {
      const page = (await objects.list(
        watched.apiVersion,
        watched.kind,
        watched.namespace,
        undefined,
        undefined,
        undefined,
        undefined,
        watched.labelSelector,
        LIST_PAGE_SIZE,
        token,
      )) as KubernetesListObject<T>;
      for (const item of page.items) {
        items.push(
          keep({ ...item, apiVersion: watched.apiVersion, kind: watched.kind }),
        );
      }
      token = page.metadata?._continue;
      if (!token) {
        return { ...page, items };
      }
    }
  };
  return new ListWatch<T>(
    path,
    new KeepingWatch(kubeConfig, keep),
    list,
    false,
    watched.labelSelector,
  );
}
