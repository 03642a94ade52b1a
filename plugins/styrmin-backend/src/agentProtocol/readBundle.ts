import { InputError, NotFoundError } from '@backstage/errors';
import { AgentDriverBundleResponse } from '@styrmin/plugin-styrmin-common';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import { clusterUsesDriverDigest } from './clusterUsesDriverDigest';

const DIGEST = /^sha256:[0-9a-f]{64}$/;

/**
 * `GET /bundles/:digest`: the files of a driver version that a deployment of the caller's
 * cluster uses, in base64; NOT_FOUND for any other digest, known or not.
 *
 * @internal
 */
export async function readBundle(
  deps: Pick<AgentProtocolDeps, 'knex' | 'drivers'>,
  options: { caller: AgentCaller; digest: string },
): Promise<AgentDriverBundleResponse> {
  const { caller, digest } = options;
  if (!DIGEST.test(digest)) {
    throw new InputError(
      `A bundle digest is sha256:<64 hex digits>; got "${digest}"`,
    );
  }
  const used = await clusterUsesDriverDigest({
    tx: deps.knex,
    clusterId: caller.cluster.id,
    digest,
  });
  const files = used ? await deps.drivers.getBundle({ digest }) : undefined;
  if (!files) {
    throw new NotFoundError(`No driver bundle ${digest}`);
  }
  return {
    digest,
    files: files.map(file => ({
      path: file.path,
      content: file.content.toString('base64'),
    })),
  };
}
