import { KubernetesObject, V1Secret } from '@kubernetes/client-node';
import {
  GlobalContext,
  isJsonObject,
  JsonObject,
  JsonValue,
  secretPathMatcher,
} from '@styrmin/plugin-styrmin-common';
import { childLabels, controllerReference } from './labels';
import { StyrminDeployment } from './StyrminDeployment';

/** A secret value of a context at its path (as keys): `['parameters', 'admin_password']`. */
export type ContextSecret = { path: string[]; value: JsonValue };

/** The instance whose secret values a context Secret holds. */
export const SECRETS_INSTANCE_ANNOTATION = 'styrmin.io/instance-id';

/** The key of a context Secret: its {@link ContextSecret}s as JSON. */
export const CONTEXT_SECRETS_KEY = 'context.json';

/**
 * The Secret that holds the secret values of a deployment's context, next to its
 * StyrminDeployment (whose spec carries the secret paths, not the values): named after
 * the deployment.
 */
export function contextSecretsName(deploymentId: string): string {
  return `${deploymentId}-secrets`;
}

/**
 * A context without the values at its secret paths (or under one), and those values: what
 * a StyrminDeployment's spec may show, and what goes into its context Secret.
 */
export function takeSecretValues(context: GlobalContext): {
  context: GlobalContext;
  secrets: ContextSecret[];
} {
  const isSecret = secretPathMatcher(context.secret_paths ?? []);
  const secrets: ContextSecret[] = [];
  const strip = (value: JsonValue, path: string[]): JsonValue =>
    isJsonObject(value)
      ? Object.fromEntries(
          Object.entries(value).flatMap(([key, inner]) => {
            const at = [...path, key];
            if (isSecret(at)) {
              secrets.push({ path: at, value: inner });
              return [];
            }
            return [[key, strip(inner, at)]];
          }),
        )
      : value;
  return {
    context: strip(
      context as unknown as JsonValue,
      [],
    ) as unknown as GlobalContext,
    secrets,
  };
}

/** The context with the secret values put back at their paths. */
export function putSecretValues(
  context: GlobalContext,
  secrets: readonly ContextSecret[],
): GlobalContext {
  const put = (
    value: JsonObject,
    path: string[],
    inner: JsonValue,
  ): JsonObject => {
    const [key, ...rest] = path;
    const child = value[key];
    return {
      ...value,
      [key]:
        rest.length === 0
          ? inner
          : put(isJsonObject(child) ? child : {}, rest, inner),
    };
  };
  return secrets.reduce(
    (result, { path, value }) =>
      put(
        result as unknown as JsonObject,
        path,
        value,
      ) as unknown as GlobalContext,
    context,
  );
}

/**
 * The context Secret of a StyrminDeployment: in its namespace, labelled as the operator's
 * children are, annotated with the instance it was written for, owned by the resource once
 * it exists (`owner`), so that it goes with it.
 */
export function contextSecretsObject(
  deployment: StyrminDeployment,
  secrets: readonly ContextSecret[],
  owner?: StyrminDeployment,
): V1Secret & KubernetesObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: contextSecretsName(deployment.metadata!.name!),
      namespace: deployment.metadata!.namespace,
      labels: childLabels(deployment),
      annotations: {
        [SECRETS_INSTANCE_ANNOTATION]: deployment.spec.instanceId,
      },
      ...(owner?.metadata?.uid
        ? { ownerReferences: [controllerReference(owner)] }
        : {}),
    },
    type: 'Opaque',
    data: {
      [CONTEXT_SECRETS_KEY]: Buffer.from(JSON.stringify(secrets)).toString(
        'base64',
      ),
    },
  };
}

/**
 * The secret values a context Secret holds for an instance; undefined when it holds those
 * of another instance (the worker writes it before the spec of a new one).
 */
export function secretValuesOf(
  secret: V1Secret,
  instanceId: string,
): ContextSecret[] | undefined {
  if (
    secret.metadata?.annotations?.[SECRETS_INSTANCE_ANNOTATION] !== instanceId
  ) {
    return undefined;
  }
  const data = secret.data?.[CONTEXT_SECRETS_KEY];
  return data
    ? (JSON.parse(
        Buffer.from(data, 'base64').toString('utf8'),
      ) as ContextSecret[])
    : [];
}
