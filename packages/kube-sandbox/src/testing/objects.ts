import { KubeObject } from '../store/types';

/** Test objects: small, valid manifests. */

export function deploymentManifest(
  name: string,
  options: { replicas?: number; image?: string; namespace?: string } = {},
): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace: options.namespace ?? 'default',
      labels: { app: name },
    },
    spec: {
      replicas: options.replicas ?? 1,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [{ name: 'app', image: options.image ?? 'nginx:1.27' }],
        },
      },
    },
  };
}

export function jobManifest(
  name: string,
  options: {
    command?: string[];
    backoffLimit?: number;
    namespace?: string;
    completions?: number;
  } = {},
): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: options.namespace ?? 'default' },
    spec: {
      ...(options.backoffLimit !== undefined
        ? { backoffLimit: options.backoffLimit }
        : {}),
      ...(options.completions !== undefined
        ? { completions: options.completions }
        : {}),
      template: {
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'run',
              image: 'busybox:1.36',
              command: options.command ?? ['true'],
            },
          ],
        },
      },
    },
  };
}
