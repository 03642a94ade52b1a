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
 * context Secret put back, in memory only; undefined while the cache shows that Secret
 * holding the values of another instance, or no such Secret yet (the worker writes it just
 * before a new instance's spec).
 *
 * A resource written before secret values left the spec still holds them inline: they go
 * into the context Secret and out of the spec (a merge patch that removes them), so that
 * existing resources migrate on their next reconcile.
 */
export async function contextWithSecretValues(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
): Promise<GlobalContext | undefined> {
  const { client, cache, log } = deps;
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
  // From the cache: the worker writes the Secret before the spec, and a reconcile that sees
  // the spec before the Secret waits for it (its event enqueues this key again).
  const secret = cache.secrets.get(
    contextSecretsName(deployment.metadata!.name!),
    deployment.metadata!.namespace,
  );
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
