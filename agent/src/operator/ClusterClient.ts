import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { isDeepStrictEqual } from 'node:util';
import {
  STYRMIN_DEPLOYMENT_PLURAL,
  STYRMIN_GROUP,
  STYRMIN_VERSION,
  StyrminDeployment,
  StyrminDeploymentStatus,
} from '../styrminDeployment/StyrminDeployment';

const isNotFound = (error: unknown) =>
  error instanceof ApiException && error.code === 404;

/** The field manager of everything the operator applies. */
export const FIELD_MANAGER = 'styrmin-operator';

/**
 * The operator's writes. Objects it makes are applied server-side with the operator's field
 * manager and `force`: each apply states every field the operator owns, so fields changed by
 * hand come back and fields it stopped stating go away, whatever the cache held. The
 * StyrminDeployment itself is only ever patched: an apply would create it again after it was
 * deleted.
 *
 * @public
 */
export class ClusterClient {
  readonly #objects: KubernetesObjectApi;
  readonly #custom: CustomObjectsApi;

  private constructor(kubeConfig: KubeConfig) {
    this.#objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.#custom = kubeConfig.makeApiClient(CustomObjectsApi);
  }

  static create(kubeConfig: KubeConfig): ClusterClient {
    return new ClusterClient(kubeConfig);
  }

  /** Server-side applies an object (creating it if need be) and returns it as stored. */
  apply<T extends KubernetesObject>(object: T): Promise<T> {
    return this.#objects.patch(
      object,
      undefined,
      undefined,
      FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }

  /** An object as the server has it now, or undefined when there is none. */
  async read<T extends KubernetesObject>(
    ref: KubernetesObject,
  ): Promise<T | undefined> {
    try {
      return (await this.#objects.read({
        apiVersion: ref.apiVersion,
        kind: ref.kind,
        metadata: {
          name: ref.metadata!.name!,
          namespace: ref.metadata!.namespace,
        },
      })) as T;
    } catch (error) {
      if (isNotFound(error)) {
        return undefined;
      }
      throw error;
    }
  }

  /**
   * JSON-merge-patches an object at the resourceVersion it has (null removes a key), so a
   * concurrent writer makes it fail with 409 Conflict rather than be overwritten.
   */
  mergePatch<T extends KubernetesObject>(
    object: T,
    patch: Record<string, unknown>,
  ): Promise<T> {
    return this.#objects.patch<T>(
      {
        ...patch,
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: {
          name: object.metadata!.name!,
          namespace: object.metadata!.namespace,
          resourceVersion: object.metadata!.resourceVersion,
        },
      } as unknown as T,
      undefined,
      undefined,
      FIELD_MANAGER,
      undefined,
      PatchStrategy.MergePatch,
    );
  }

  /**
   * Changes the finalizers of an object as it is now: read, then merge-patched at that
   * resourceVersion, so a concurrent writer makes it fail with 409 Conflict (retried) rather
   * than lose its own finalizer, and a patch, unlike an apply, never creates an object that
   * was deleted meanwhile. True when the finalizers changed; false when the object is gone
   * or they already were as wanted.
   */
  async updateFinalizers(
    object: KubernetesObject,
    change: (finalizers: string[]) => string[],
  ): Promise<boolean> {
    let current: KubernetesObject;
    try {
      current = await this.#objects.read({
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: {
          name: object.metadata!.name!,
          namespace: object.metadata!.namespace,
        },
      });
    } catch (error) {
      if (isNotFound(error)) {
        return false;
      }
      throw error;
    }
    const { name, namespace, resourceVersion } = current.metadata!;
    const before = current.metadata?.finalizers ?? [];
    const finalizers = change(before);
    if (isDeepStrictEqual(finalizers, before)) {
      return false;
    }
    await this.#objects.patch(
      {
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: {
          name,
          namespace,
          resourceVersion,
          finalizers,
        },
      },
      undefined,
      undefined,
      FIELD_MANAGER,
      undefined,
      PatchStrategy.MergePatch,
    );
    return true;
  }

  /** Deletes an object (in the background); false when it was already gone. */
  async delete(object: KubernetesObject): Promise<boolean> {
    try {
      await this.#objects.delete(
        object,
        undefined,
        undefined,
        undefined,
        undefined,
        'Background',
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) {
        return false;
      }
      throw error;
    }
  }

  /**
   * Replaces the status of a StyrminDeployment: only the operator writes it. False when the
   * resource is gone.
   */
  async writeStatus(
    resource: StyrminDeployment,
    status: StyrminDeploymentStatus,
  ): Promise<boolean> {
    try {
      await this.#custom.patchNamespacedCustomObjectStatus(
        {
          group: STYRMIN_GROUP,
          version: STYRMIN_VERSION,
          plural: STYRMIN_DEPLOYMENT_PLURAL,
          namespace: resource.metadata!.namespace!,
          name: resource.metadata!.name!,
          // Conditions are a list: a merge patch replaces it whole, as intended.
          body: { status },
        },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) {
        return false;
      }
      throw error;
    }
  }
}
