import { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import { takeSecretValues } from '../../styrminDeployment/contextSecrets';
import { childLabels } from '../../styrminDeployment/labels';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { KustomizePatch } from './componentPatches';

/** What the names of the env Secrets start with, which the operator deletes once replaced. */
export const SECRET_ENV_PREFIX = 'styrmin-env-';

type EnvEntry = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef: { name: string; key: string } };
};

const isEnvEntry = (value: unknown): value is EnvEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EnvEntry).name === 'string' &&
  typeof (value as EnvEntry).value === 'string';

/**
 * The component patches with each env var that the configuration gives as `{ secret }` set
 * from the instance's env Secret (`valueFrom.secretKeyRef`, key `<component>.<name>`)
 * rather than inline, and that Secret's data. The Secret lives in the deployment's
 * namespace, where the pods read it, and is named after the instance: a new instance's
 * values change the pod template, and the pods roll.
 */
export function withSecretEnv(
  deployment: StyrminDeployment,
  patches: KustomizePatch[],
): { patches: KustomizePatch[]; data: Record<string, string> } {
  const name = secretEnvName(deployment);
  const keys = new Map<string, string>();
  const values = new Map<string, string>();
  for (const { path, value } of takeSecretValues(deployment.spec.context)
    .secrets) {
    const [scope, component, field, variable] = path;
    if (scope === 'components' && field === 'env' && path.length === 4) {
      keys.set(`${variable}\0${value}`, `${component}.${variable}`);
      values.set(`${component}.${variable}`, String(value));
    }
  }
  const data: Record<string, string> = {};
  const fromSecret = (entry: unknown): unknown => {
    const key = isEnvEntry(entry)
      ? keys.get(`${entry.name}\0${entry.value}`)
      : undefined;
    if (!key) {
      return entry;
    }
    data[key] = values.get(key)!;
    return {
      name: (entry as EnvEntry).name,
      valueFrom: { secretKeyRef: { name, key } },
    };
  };
  return {
    patches:
      keys.size === 0
        ? patches
        : patches.map(patch => ({
            ...patch,
            patch: JSON.stringify(
              (JSON.parse(patch.patch) as Array<{ value?: unknown }>).map(
                operation =>
                  'value' in operation
                    ? {
                        ...operation,
                        value: Array.isArray(operation.value)
                          ? operation.value.map(fromSecret)
                          : fromSecret(operation.value),
                      }
                    : operation,
              ),
            ),
          })),
    data,
  };
}

/** The env Secret of the deployment's instance, in its namespace. */
export function secretEnvName(deployment: StyrminDeployment): string {
  return `${SECRET_ENV_PREFIX}${deployment.spec.instanceId}`;
}

/** The env Secret of {@link withSecretEnv}, labelled as the operator's children are. */
export function secretEnvObject(
  deployment: StyrminDeployment,
  data: Record<string, string>,
): V1Secret & KubernetesObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: secretEnvName(deployment),
      namespace: deployment.spec.context.deployment.namespace,
      labels: childLabels(deployment),
    },
    type: 'Opaque',
    data: Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        Buffer.from(value).toString('base64'),
      ]),
    ),
  };
}

/** The env Secrets that a HelmRelease's patches read, by name. */
export function secretEnvNamesOf(
  release: (KubernetesObject & { spec?: any }) | undefined,
): string[] {
  const names = new Set<string>();
  for (const renderer of release?.spec?.postRenderers ?? []) {
    for (const { patch } of renderer.kustomize?.patches ?? []) {
      for (const match of String(patch).matchAll(
        new RegExp(`"name":"(${SECRET_ENV_PREFIX}[^"]+)"`, 'g'),
      )) {
        names.add(match[1]);
      }
    }
  }
  return [...names];
}
