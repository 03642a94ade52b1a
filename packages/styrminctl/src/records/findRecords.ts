import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  Cluster,
  DeploymentWithInstance,
  Environment,
  StyrminClient,
} from '@styrmin/sdk';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `ref` is a whole id, not a name or a part of an id. */
export function isWholeId(ref: string): boolean {
  return UUID.test(ref);
}

/** Records are named on the command line by their name, or by their id. */
function byIdOrName(ref: string) {
  return isWholeId(ref) ? { id: ref } : { name: ref };
}

function notFound(what: string): never {
  throw new StyrminError('NOT_FOUND', what);
}

/** The cluster that a name or an id names; NOT_FOUND when there is none. */
export async function findCluster(
  client: StyrminClient,
  ref: string,
): Promise<Cluster> {
  return (
    (await client.cluster(byIdOrName(ref))) ?? notFound(`No cluster ${ref}`)
  );
}

/** The environment that a name or an id names; NOT_FOUND when there is none. */
export async function findEnvironment(
  client: StyrminClient,
  ref: string,
): Promise<Environment> {
  return (
    (await client.environment(byIdOrName(ref))) ??
    notFound(`No environment ${ref}`)
  );
}

/**
 * The deployment that `<environment>/<name>` or an id names, with its active instance;
 * NOT_FOUND when there is none.
 */
export async function findDeployment(
  client: StyrminClient,
  ref: string,
): Promise<DeploymentWithInstance> {
  const slash = ref.indexOf('/');
  const found = await client.deployment(
    slash === -1
      ? { id: ref }
      : { environment: ref.slice(0, slash), name: ref.slice(slash + 1) },
  );
  return (
    found ??
    notFound(
      `No deployment ${ref} (name it <environment>/<name>, or by its id)`,
    )
  );
}
