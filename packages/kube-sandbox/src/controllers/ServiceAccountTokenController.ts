import { randomBytes } from 'node:crypto';
import { SandboxApi } from '../api/SandboxApi';
import {
  SERVICE_ACCOUNT_NAME_ANNOTATION,
  SERVICE_ACCOUNT_TOKEN_TYPE,
  SERVICE_ACCOUNT_UID_ANNOTATION,
} from '../rbac/Authenticator';
import { objectKey, splitObjectKey } from '../store/objectKey';
import { StoreEvent } from '../store/types';
import { Reconciler } from './Controller';

/**
 * The token controller of kube-controller-manager for token Secrets (type
 * kubernetes.io/service-account-token, annotated kubernetes.io/service-account.name): it
 * fills `data.token` and `data.namespace` and records the ServiceAccount's uid once the
 * account exists; the token is then valid until the Secret or the account goes. Tokens are
 * opaque random strings, not JWTs: no client reads them.
 */
export class ServiceAccountTokenController implements Reconciler {
  readonly name = 'serviceaccount-tokens';
  readonly #api: SandboxApi;

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): ServiceAccountTokenController {
    return new ServiceAccountTokenController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === '/secrets' && event.type !== 'DELETED') {
      return [objectKey(event.namespace, event.name)];
    }
    if (event.resourceKey === '/serviceaccounts' && event.type === 'ADDED') {
      return this.#tokenSecrets(event.namespace)
        .filter(
          s =>
            s.metadata.annotations?.[SERVICE_ACCOUNT_NAME_ANNOTATION] ===
            event.name,
        )
        .map(s => objectKey(event.namespace, s.metadata.name!));
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#tokenSecrets().map(s =>
      objectKey(s.metadata.namespace!, s.metadata.name!),
    );
  }

  reconcile(key: string) {
    const { namespace, name } = splitObjectKey(key);
    const secret = this.#api.store.get('/secrets', namespace, name);
    const accountName =
      secret?.metadata.annotations?.[SERVICE_ACCOUNT_NAME_ANNOTATION];
    if (
      !secret ||
      secret.type !== SERVICE_ACCOUNT_TOKEN_TYPE ||
      !accountName ||
      secret.data?.token
    ) {
      return;
    }
    const account = this.#api.store.get(
      '/serviceaccounts',
      namespace,
      accountName,
    );
    if (!account) {
      return;
    }
    const token = randomBytes(32).toString('base64url');
    this.#api.update(
      this.#api.scope('v1', 'Secret', namespace),
      name,
      {
        ...secret,
        metadata: {
          ...secret.metadata,
          annotations: {
            ...secret.metadata.annotations,
            [SERVICE_ACCOUNT_UID_ANNOTATION]: account.metadata.uid!,
          },
        },
        data: {
          ...secret.data,
          token: Buffer.from(token).toString('base64'),
          namespace: Buffer.from(namespace).toString('base64'),
        },
      },
      { fieldManager: 'kube-controller-manager' },
    );
  }

  #tokenSecrets(namespace?: string) {
    return this.#api.store
      .list('/secrets', namespace)
      .filter(s => s.type === SERVICE_ACCOUNT_TOKEN_TYPE);
  }
}
