import { stringify } from 'yaml';

/** The names the sandbox's kubeconfig uses for its cluster, user and context. */
const CONTEXT_NAME = 'kube-sandbox';

/**
 * A kubeconfig for the sandbox: its HTTPS URL with its self-signed certificate as the CA, so
 * clients verify the connection, and a bearer token.
 */
export function kubeconfigYaml(options: {
  url: string;
  token: string;
  namespace: string;
  caCertificate: string;
}): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: CONTEXT_NAME,
        cluster: {
          server: options.url,
          'certificate-authority-data': Buffer.from(
            options.caCertificate,
          ).toString('base64'),
        },
      },
    ],
    users: [{ name: CONTEXT_NAME, user: { token: options.token } }],
    contexts: [
      {
        name: CONTEXT_NAME,
        context: {
          cluster: CONTEXT_NAME,
          user: CONTEXT_NAME,
          namespace: options.namespace,
        },
      },
    ],
    'current-context': CONTEXT_NAME,
  });
}
