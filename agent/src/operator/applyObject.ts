import { KubernetesObject } from '@kubernetes/client-node';
import { LogFields, Logger } from '../logging/Logger';
import { alreadyApplied, withAppliedDigest } from './alreadyApplied';
import { ClusterClient } from './ClusterClient';
import { refOf } from './refOf';

/** Whether the server's copy differs from the cached one in what the operator states. */
function changed(cached: KubernetesObject, applied: KubernetesObject): boolean {
  return applied.metadata?.generation !== undefined
    ? cached.metadata?.generation !== applied.metadata.generation
    : cached.metadata?.resourceVersion !== applied.metadata?.resourceVersion;
}

/**
 * Applies an object server-side, with the digest of what it states, unless the cached copy
 * shows it applied already (then it returns that copy and sends nothing), and logs
 * `Created <Kind>` or `Updated <Kind>` when the cached copy shows that the apply created or
 * changed it. Returns the server's copy.
 */
export async function applyObject<T extends KubernetesObject>(options: {
  client: ClusterClient;
  object: T;
  cached: KubernetesObject | undefined;
  log: Logger;
}): Promise<T> {
  const { client, cached, log } = options;
  const object = withAppliedDigest(options.object);
  if (alreadyApplied(object, cached)) {
    return cached as T;
  }
  const applied = await client.apply(object);
  const fields: LogFields = { [object.kind!]: refOf(applied) };
  if (!cached) {
    log.info(`Created ${object.kind}`, fields);
  } else if (changed(cached, applied)) {
    log.info(`Updated ${object.kind}`, fields);
  }
  return applied;
}
