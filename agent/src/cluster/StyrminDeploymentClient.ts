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
  contextSecretsObject,
  takeSecretValues,
} from '../styrminDeployment/contextSecrets';
import {
  STYRMIN_DEPLOYMENT_PLURAL,
  STYRMIN_GROUP,
  STYRMIN_VERSION,
  StyrminDeployment,
} from '../styrminDeployment/StyrminDeployment';
import { retryTransient } from './retryTransient';

/** The field manager of what the worker writes of a StyrminDeployment: its spec. */
export const WORKER_FIELD_MANAGER = 'styrmin-worker';

const isApiError = (error: unknown, code: number) =>
  error instanceof ApiException && error.code === code;

/**
 * The worker's reads and writes of StyrminDeployment resources, in the operator's namespace.
 * The worker owns the spec (the recorded intent of an instance); the operator owns the
 * status and the finalizer.
 *
 * @public
 */
export class StyrminDeploymentClient {
  readonly #objects: KubernetesObjectApi;
  readonly #custom: CustomObjectsApi;
  readonly #namespace: string;

  private constructor(kubeConfig: KubeConfig, namespace: string) {
    this.#objects = KubernetesObjectApi.makeApiClient(kubeConfig);
    this.#custom = kubeConfig.makeApiClient(CustomObjectsApi);
    this.#namespace = namespace;
  }

  static create(options: {
    kubeConfig: KubeConfig;
    namespace: string;
  }): StyrminDeploymentClient {
    return new StyrminDeploymentClient(options.kubeConfig, options.namespace);
  }

  get namespace(): string {
    return this.#namespace;
  }

  /** The resource of a deployment, or undefined when there is none. */
  async read(id: string): Promise<StyrminDeployment | undefined> {
    try {
      return (await this.#custom.getNamespacedCustomObject({
        ...this.#path(),
        name: id,
      })) as StyrminDeployment;
    } catch (error) {
      if (isApiError(error, 404)) {
        return undefined;
      }
      throw error;
    }
  }

  /**
   * Server-side applies the resource (creating it if need be) with the worker's field
   * manager and `force`: applying the same spec again changes nothing, so a step that
   * applied it before the agent died is harmless to run again. The context's secret values
   * go into the deployment's context Secret first (`contextSecrets.ts`), owned by the
   * resource, and the spec carries only their paths.
   */
  async apply(deployment: StyrminDeployment): Promise<StyrminDeployment> {
    const { context, secrets } = takeSecretValues(deployment.spec.context);
    const owner = await this.read(deployment.metadata!.name!);
    await this.#serverSideApply(
      contextSecretsObject(deployment, secrets, owner),
    );
    const applied = await this.#serverSideApply({
      ...deployment,
      spec: { ...deployment.spec, context },
    });
    if (!owner) {
      await this.#serverSideApply(
        contextSecretsObject(deployment, secrets, applied),
      );
    }
    return applied;
  }

  /** Forced and idempotent: retried when the apiserver answers a transient failure. */
  #serverSideApply<T extends KubernetesObject>(object: T): Promise<T> {
    return retryTransient(() =>
      this.#objects.patch(
        object,
        undefined,
        undefined,
        WORKER_FIELD_MANAGER,
        true,
        PatchStrategy.ServerSideApply,
      ),
    );
  }

  /**
   * Changes `spec.stoppedComponents` of the resource as it is now (read, then merge-patched
   * at that resourceVersion, retried on a conflict) and returns the resource, or undefined
   * when there is none.
   */
  updateStoppedComponents(
    id: string,
    change: (stopped: string[]) => string[],
  ): Promise<StyrminDeployment | undefined> {
    return this.#update(id, current => {
      const before = current.spec.stoppedComponents ?? [];
      const stopped = change(before);
      return isDeepStrictEqual(stopped, before)
        ? undefined
        : { spec: { stoppedComponents: stopped } };
    });
  }

  /**
   * Records a restart of components in `spec.restartedComponents` of the resource as it is
   * now, as `updateStoppedComponents` changes the spec: each component's time becomes `at`.
   */
  updateRestartedComponents(
    id: string,
    restart: { components: string[]; at: string },
  ): Promise<StyrminDeployment | undefined> {
    return this.#update(id, () => ({
      spec: {
        restartedComponents: Object.fromEntries(
          restart.components.map(component => [component, restart.at]),
        ),
      },
    }));
  }

  /**
   * Sets (or, with undefined, removes) an annotation of the resource as it is now, as
   * `updateStoppedComponents` changes the spec; the operator ignores annotations.
   */
  setAnnotation(
    id: string,
    key: string,
    value: string | undefined,
  ): Promise<StyrminDeployment | undefined> {
    return this.#update(id, current =>
      current.metadata?.annotations?.[key] === value
        ? undefined
        : { metadata: { annotations: { [key]: value ?? null } } },
    );
  }

  /**
   * Merge-patches the resource as it is now with what `patchOf` gives (none: unchanged); a
   * conflict reads it again at once, other transient failures start again with back-off.
   */
  #update(
    id: string,
    patchOf: (current: StyrminDeployment) => Record<string, any> | undefined,
  ): Promise<StyrminDeployment | undefined> {
    return retryTransient(() => this.#updateAtLatest(id, patchOf));
  }

  async #updateAtLatest(
    id: string,
    patchOf: (current: StyrminDeployment) => Record<string, any> | undefined,
  ): Promise<StyrminDeployment | undefined> {
    for (;;) {
      const current = await this.read(id);
      if (!current) {
        return undefined;
      }
      const patch = patchOf(current);
      if (!patch) {
        return current;
      }
      try {
        return (await this.#custom.patchNamespacedCustomObject(
          {
            ...this.#path(),
            name: id,
            body: {
              ...patch,
              metadata: {
                ...patch.metadata,
                resourceVersion: current.metadata!.resourceVersion,
              },
            },
            fieldManager: WORKER_FIELD_MANAGER,
          },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        )) as StyrminDeployment;
      } catch (error) {
        if (!isApiError(error, 409)) {
          throw error;
        }
      }
    }
  }

  /** Starts the deletion of the resource; the operator's finalizer cleans up first. */
  async delete(id: string): Promise<void> {
    try {
      await this.#custom.deleteNamespacedCustomObject({
        ...this.#path(),
        name: id,
        propagationPolicy: 'Background',
      });
    } catch (error) {
      if (!isApiError(error, 404)) {
        throw error;
      }
    }
  }

  #path() {
    return {
      group: STYRMIN_GROUP,
      version: STYRMIN_VERSION,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      namespace: this.#namespace,
    };
  }
}
