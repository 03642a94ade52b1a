import { ApiError } from '../api/ApiError';
import { SandboxApi } from '../api/SandboxApi';
import { StoreEvent } from '../store/types';
import { Reconciler } from './Controller';

/** Every active namespace gets its `default` ServiceAccount, as the serviceaccount controller does. */
export class ServiceAccountController implements Reconciler {
  readonly name = 'serviceaccounts';
  readonly #api: SandboxApi;

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): ServiceAccountController {
    return new ServiceAccountController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === '/namespaces' && event.type === 'ADDED') {
      return [event.name];
    }
    if (
      event.resourceKey === '/serviceaccounts' &&
      event.type === 'DELETED' &&
      event.name === 'default'
    ) {
      return [event.namespace];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#api.store.list('/namespaces').map(ns => ns.metadata.name!);
  }

  reconcile(namespace: string) {
    const ns = this.#api.store.get('/namespaces', '', namespace);
    if (
      !ns ||
      ns.metadata.deletionTimestamp ||
      this.#api.store.get('/serviceaccounts', namespace, 'default')
    ) {
      return;
    }
    try {
      this.#api.create(
        this.#api.scope('v1', 'ServiceAccount', namespace),
        { metadata: { name: 'default' } },
        { fieldManager: 'kube-controller-manager' },
      );
    } catch (error) {
      // The namespace started terminating meanwhile: nothing to do.
      if (!(error instanceof ApiError && error.code === 403)) {
        throw error;
      }
    }
  }
}
