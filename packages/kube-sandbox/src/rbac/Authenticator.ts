import { timingSafeEqual } from 'node:crypto';
import { ObjectStore } from '../store/ObjectStore';
import { KubeObject } from '../store/types';
import { MASTERS_GROUP, serviceAccountUser } from './RbacAuthorizer';
import { UserInfo } from './RequestAttributes';

export const SERVICE_ACCOUNT_TOKEN_TYPE = 'kubernetes.io/service-account-token';
export const SERVICE_ACCOUNT_NAME_ANNOTATION =
  'kubernetes.io/service-account.name';
export const SERVICE_ACCOUNT_UID_ANNOTATION =
  'kubernetes.io/service-account.uid';

/** The sandbox's own credential: all-powerful, as a cluster admin's certificate. */
export const SANDBOX_ADMIN: UserInfo = {
  name: 'kube-sandbox-admin',
  groups: [MASTERS_GROUP, 'system:authenticated'],
};

/**
 * Bearer tokens to users: the sandbox's admin token, and the tokens of ServiceAccounts'
 * token Secrets (type kubernetes.io/service-account-token, filled by the token controller),
 * valid while the Secret and its ServiceAccount (the same uid) exist, as the apiserver's
 * legacy service account token authenticator checks them.
 */
export class Authenticator {
  readonly #store: ObjectStore;
  readonly #adminToken: Buffer;
  /** Token to the Secret that held it last: a hint, checked again at each use. */
  readonly #secretsByToken = new Map<
    string,
    { namespace: string; name: string }
  >();

  private constructor(store: ObjectStore, adminToken: string) {
    this.#store = store;
    this.#adminToken = Buffer.from(adminToken);
  }

  static create(options: {
    store: ObjectStore;
    adminToken: string;
  }): Authenticator {
    return new Authenticator(options.store, options.adminToken);
  }

  /** The user of an `Authorization` header, or undefined when it names none. */
  authenticate(authorization: string | undefined): UserInfo | undefined {
    const token = authorization?.startsWith('Bearer ')
      ? authorization.slice('Bearer '.length)
      : undefined;
    if (!token) {
      return undefined;
    }
    const given = Buffer.from(token);
    if (
      given.length === this.#adminToken.length &&
      timingSafeEqual(given, this.#adminToken)
    ) {
      return SANDBOX_ADMIN;
    }
    const secret = this.#tokenSecret(token);
    const namespace = secret?.metadata.namespace;
    const name =
      secret?.metadata.annotations?.[SERVICE_ACCOUNT_NAME_ANNOTATION];
    if (!secret || !namespace || !name) {
      return undefined;
    }
    const account = this.#store.get('/serviceaccounts', namespace, name);
    if (
      !account ||
      account.metadata.uid !==
        secret.metadata.annotations?.[SERVICE_ACCOUNT_UID_ANNOTATION]
    ) {
      return undefined;
    }
    return {
      name: serviceAccountUser(namespace, name),
      groups: [
        'system:serviceaccounts',
        `system:serviceaccounts:${namespace}`,
        'system:authenticated',
      ],
    };
  }

  #tokenSecret(token: string): KubeObject | undefined {
    const encoded = Buffer.from(token).toString('base64');
    const holds = (secret: KubeObject | undefined) =>
      secret?.type === SERVICE_ACCOUNT_TOKEN_TYPE &&
      (secret as { data?: Record<string, string> }).data?.token === encoded;
    const hint = this.#secretsByToken.get(token);
    const hinted =
      hint && this.#store.get('/secrets', hint.namespace, hint.name);
    if (holds(hinted)) {
      return hinted;
    }
    const found = this.#store.list('/secrets').find(holds);
    if (found) {
      this.#secretsByToken.set(token, {
        namespace: found.metadata.namespace!,
        name: found.metadata.name!,
      });
    }
    return found;
  }
}
