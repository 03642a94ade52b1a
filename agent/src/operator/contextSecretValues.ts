import { V1Secret } from '@kubernetes/client-node';
import { GlobalContext } from '@styrmin/plugin-styrmin-common';
import {
  contextSecretsName,
  contextSecretsObject,
  putSecretValues,
  secretValuesOf,
  takeSecretValues,
} from '../styrminDeployment/contextSecrets';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import { PhaseDeps } from './phases/PhaseDeps';

/**
 * The whole context of a StyrminDeployment: its spec's, with the secret values from its
 * context Secret put back, in memory only; undefined while that Secret holds the values of
 * another instance (the worker writes it just before a new instance's spec).
 *
 * A resource written before secret values left the spec still holds them inline: they go
 * into the context Secret and out of the spec (a merge patch that removes them), so that
 * existing resources migrate on their next reconcile.
 */
export async function contextWithSecretValues(
  deps: Pick<PhaseDeps, 'client' | 'log'>,
  deployment: StyrminDeployment,
): Promise<GlobalContext | undefined> {
  const { client, log } = deps;
  const { context } = deployment.spec;
  const inline = takeSecretValues(context);
  if (inline.secrets.length > 0) {
    await client.apply(
      contextSecretsObject(deployment, inline.secrets, deployment),
    );
    await client.mergePatch(deployment, {
      spec: {
        context: inline.secrets.reduceRight<Record<string, unknown> | null>(
          (patch, { path }) => mergeAt(patch, path),
          {},
        ),
      },
    });
    log.info('Moved secret values out of the StyrminDeployment', {
      Secret: `${deployment.metadata!.namespace}/${contextSecretsName(
        deployment.metadata!.name!,
      )}`,
      count: inline.secrets.length,
    });
    return context;
  }
  if ((context.secret_paths ?? []).length === 0) {
    return context;
  }
  const secret = await client.read<V1Secret & { kind: string }>({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: contextSecretsName(deployment.metadata!.name!),
      namespace: deployment.metadata!.namespace,
    },
  });
  const secrets = secret && secretValuesOf(secret, deployment.spec.instanceId);
  return secrets && putSecretValues(context, secrets);
}

/** A merge patch (`patch` so far) that also removes the value at `path`. */
function mergeAt(
  patch: Record<string, unknown> | null,
  path: string[],
): Record<string, unknown> {
  const [key, ...rest] = path;
  const result = { ...(patch ?? {}) };
  result[key] =
    rest.length === 0
      ? null
      : mergeAt(result[key] as Record<string, unknown> | null, rest);
  return result;
}
