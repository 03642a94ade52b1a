import { SandboxApi } from '../api/SandboxApi';
import { objectKey, splitObjectKey } from '../store/objectKey';
import { StoreEvent } from '../store/types';
import { clone } from '../util/json';
import { Reconciler } from './Controller';

const INGRESSES = 'networking.k8s.io/ingresses';

/** The class the sandbox's ingress controller serves unless told another. */
export const SANDBOX_INGRESS_CLASS = 'sandbox';

/** Where the sandbox's ingress controller says it listens: the loopback, as the server does. */
export const SANDBOX_INGRESS_ADDRESS = '127.0.0.1';

/** How the sandbox's ingress controller is set up (`startSandbox({ ingress })`). */
export interface IngressSettings {
  /** The `spec.ingressClassName` it admits. Default `sandbox`. */
  className?: string;
  /** The address it writes into `status.loadBalancer.ingress[].ip`. Default 127.0.0.1. */
  address?: string;
}

/**
 * An ingress controller stand-in: an Ingress of its class is admitted, its
 * `status.loadBalancer` says the controller's address, as ingress-nginx writes it once it
 * serves the Ingress; Ingresses of other classes (or none) it leaves alone, as a real
 * controller does when it is not the cluster's default. It routes no traffic.
 */
export class IngressController implements Reconciler {
  readonly name = 'ingress';
  readonly #api: SandboxApi;
  readonly #className: string;
  readonly #address: string;

  private constructor(api: SandboxApi, settings: IngressSettings) {
    this.#api = api;
    this.#className = settings.className ?? SANDBOX_INGRESS_CLASS;
    this.#address = settings.address ?? SANDBOX_INGRESS_ADDRESS;
  }

  static create(
    options: { api: SandboxApi } & IngressSettings,
  ): IngressController {
    return new IngressController(options.api, options);
  }

  keysFor(event: StoreEvent): string[] {
    return event.resourceKey === INGRESSES && event.type !== 'DELETED'
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(INGRESSES)
      .map(i => objectKey(i.metadata.namespace, i.metadata.name!));
  }

  reconcile(key: string) {
    const { namespace, name } = splitObjectKey(key);
    const ingress = this.#api.store.get(INGRESSES, namespace, name);
    if (
      !ingress ||
      ingress.metadata.deletionTimestamp ||
      ingress.spec?.ingressClassName !== this.#className
    ) {
      return;
    }
    const loadBalancer = { ingress: [{ ip: this.#address }] };
    if (
      JSON.stringify(ingress.status?.loadBalancer) ===
      JSON.stringify(loadBalancer)
    ) {
      return;
    }
    this.#api.update(
      this.#api.scope('networking.k8s.io/v1', 'Ingress', namespace),
      name,
      { ...clone(ingress), status: { ...ingress.status, loadBalancer } },
      { subresource: 'status', fieldManager: 'ingress-controller' },
    );
  }
}
