import {
  ApiException,
  KubeConfig,
  KubernetesListObject,
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  Watch,
} from '@kubernetes/client-node';
import { VELERO_API_VERSION, VELERO_KINDS, VeleroKind } from './velero';

const isStatus = (error: unknown, code: number) =>
  error instanceof ApiException && error.code === code;

/** The field manager of the Velero objects the agent applies. */
export const VELERO_FIELD_MANAGER = 'styrmin-agent';

/** How long a wait for a change lasts at most before the object is read again. */
const DEFAULT_MAX_WAIT_MS = 30_000;

/** How long a watch that ends without an event (refused, dropped) is waited out at least. */
const MIN_WAIT_MS = 1_000;

/**
 * The agent's reads and writes of Velero objects in Velero's namespace. Creates are
 * idempotent (an object that exists is read instead, so a run claimed again finds what its
 * earlier attempt made); a change is waited for with a watch of the one object, never by
 * polling.
 *
 * @public
 */
export class VeleroClient {
  readonly namespace: string;
  readonly #objects: KubernetesObjectApi;
  readonly #watch: Watch;

  private constructor(kubeConfig: KubeConfig, namespace: string) {
    this.namespace = namespace;
    this.#objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.#watch = new Watch(kubeConfig);
  }

  static create(options: {
    kubeConfig: KubeConfig;
    namespace: string;
  }): VeleroClient {
    return new VeleroClient(options.kubeConfig, options.namespace);
  }

  /** Creates an object, or returns the one of that name that exists. */
  async create<T extends KubernetesObject>(object: T): Promise<T> {
    try {
      return (await this.#objects.create(object)) as T;
    } catch (error) {
      if (!isStatus(error, 409)) {
        throw error;
      }
      const existing = await this.read<T>(
        object.kind as VeleroKind,
        object.metadata!.name!,
      );
      if (!existing) {
        // Deleted between the two calls: the next attempt creates it.
        throw error;
      }
      return existing;
    }
  }

  /** Server-side applies an object with the agent's field manager, taking its fields over. */
  async apply<T extends KubernetesObject>(object: T): Promise<T> {
    return (await this.#objects.patch(
      object,
      undefined,
      undefined,
      VELERO_FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    )) as T;
  }

  async read<T extends KubernetesObject>(
    kind: VeleroKind,
    name: string,
  ): Promise<T | undefined> {
    try {
      return (await this.#objects.read({
        apiVersion: VELERO_API_VERSION,
        kind,
        metadata: { name, namespace: this.namespace },
      })) as T;
    } catch (error) {
      if (isStatus(error, 404)) {
        return undefined;
      }
      throw error;
    }
  }

  async list<T extends KubernetesObject>(
    kind: VeleroKind,
    labelSelector: string,
  ): Promise<T[]> {
    const list = (await this.#objects.list(
      VELERO_API_VERSION,
      kind,
      this.namespace,
      undefined,
      undefined,
      undefined,
      undefined,
      labelSelector,
    )) as KubernetesListObject<T>;
    return list.items;
  }

  /** Deletes an object; false when it was already gone. */
  async delete(kind: VeleroKind, name: string): Promise<boolean> {
    try {
      await this.#objects.delete({
        apiVersion: VELERO_API_VERSION,
        kind,
        metadata: { name, namespace: this.namespace },
      });
      return true;
    } catch (error) {
      if (isStatus(error, 404)) {
        return false;
      }
      throw error;
    }
  }

  /**
   * Resolves when the object changes after `resourceVersion` (or appears, when it did not
   * exist), when the watch ends (not before a second, so that a watch the server refuses
   * or drops at once is no tight loop), after `maxWaitMs`, or when `signal` aborts: the
   * caller reads the object again and decides. One watch request of the one object.
   */
  async waitForChange(options: {
    kind: VeleroKind;
    name: string;
    resourceVersion?: string;
    signal: AbortSignal;
    maxWaitMs?: number;
  }): Promise<void> {
    const { signal } = options;
    signal.throwIfAborted();
    let finish = () => {};
    const ended = new Promise<void>(resolve => (finish = resolve));
    const timer = setTimeout(finish, options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS);
    signal.addEventListener('abort', finish, { once: true });
    const startedAt = Date.now();
    const endedWithoutEvent = () =>
      setTimeout(finish, Math.max(0, MIN_WAIT_MS - (Date.now() - startedAt)));
    let request: AbortController | undefined;
    try {
      request = await this.#watch.watch(
        `/apis/${VELERO_API_VERSION}/namespaces/${this.namespace}/${
          VELERO_KINDS[options.kind]
        }`,
        {
          fieldSelector: `metadata.name=${options.name}`,
          ...(options.resourceVersion
            ? { resourceVersion: options.resourceVersion }
            : {}),
        },
        () => finish(),
        endedWithoutEvent,
      );
    } catch {
      endedWithoutEvent(); // a watch that cannot start
    }
    try {
      await ended;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      request?.abort();
    }
    signal.throwIfAborted();
  }
}
