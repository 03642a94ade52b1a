import { KubeConfig } from '@kubernetes/client-node';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../api/ApiError';
import { SandboxApi } from '../api/SandboxApi';
import { kubeconfigYaml } from '../kubeconfig';
import {
  SERVICE_ACCOUNT_NAME_ANNOTATION,
  SERVICE_ACCOUNT_TOKEN_TYPE,
} from './Authenticator';
import { serviceAccountUser } from './RbacAuthorizer';

/** A ServiceAccount's credentials: requests with them are authorized by its RBAC. */
export interface ServiceAccountCredentials {
  /** `system:serviceaccount:<namespace>:<name>`. */
  user: string;
  token: string;
  /** A kubeconfig with the sandbox's URL and CA and the account's token. */
  kubeconfigPath: string;
  kubeConfig: KubeConfig;
}

const TOKEN_WAIT_MS = 10_000;

/**
 * Mints a token for an existing ServiceAccount as a cluster's admin would: a token Secret
 * `<name>-sa-token` (type kubernetes.io/service-account-token), whose token the token controller
 * fills in, and a kubeconfig with it written to `directory`.
 */
export async function serviceAccountCredentials(options: {
  api: SandboxApi;
  url: string;
  caCertificate: string;
  directory: string;
  namespace: string;
  name: string;
}): Promise<ServiceAccountCredentials> {
  const { api, namespace, name } = options;
  const scope = api.scope('v1', 'Secret', namespace);
  const secretName = `${name}-sa-token`;
  if (!api.store.get('/serviceaccounts', namespace, name)) {
    throw ApiError.notFound({ group: '', plural: 'serviceaccounts' }, name);
  }
  if (!api.store.get('/secrets', namespace, secretName)) {
    api.create(scope, {
      metadata: {
        name: secretName,
        annotations: { [SERVICE_ACCOUNT_NAME_ANNOTATION]: name },
      },
      type: SERVICE_ACCOUNT_TOKEN_TYPE,
    });
  }
  const encoded = await waitForToken(api, namespace, secretName);
  const token = Buffer.from(encoded, 'base64').toString();
  const yaml = kubeconfigYaml({
    url: options.url,
    token,
    namespace,
    caCertificate: options.caCertificate,
  });
  const kubeconfigPath = path.join(
    options.directory,
    `kubeconfig-${namespace}-${name}`,
  );
  await fs.writeFile(kubeconfigPath, yaml, { mode: 0o600 });
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromString(yaml);
  return {
    user: serviceAccountUser(namespace, name),
    token,
    kubeconfigPath,
    kubeConfig,
  };
}

async function waitForToken(
  api: SandboxApi,
  namespace: string,
  secretName: string,
): Promise<string> {
  const deadline = Date.now() + TOKEN_WAIT_MS;
  for (;;) {
    const token = api.store.get('/secrets', namespace, secretName)?.data?.token;
    if (token) {
      return token;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the token controller did not fill the Secret ${namespace}/${secretName} within ${TOKEN_WAIT_MS} ms`,
      );
    }
    await new Promise(resolve => setTimeout(resolve, 10));
  }
}
