import { NotFoundError } from '@backstage/errors';
import { AgentBackupReportResponse } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import { findClusterDeployment } from './clusterRecords';

/**
 * Records an agent's report about a record of one of its cluster's deployments (a backup,
 * a restore), in one transaction: a record that does not exist, or belongs to another
 * cluster, is NOT_FOUND with the same words; the deployment's pages are told when the
 * report changed anything.
 *
 * @internal
 */
export async function recordClusterReport(
  deps: AgentProtocolDeps,
  options: {
    caller: AgentCaller;
    /** "backup <id>": what NOT_FOUND names. */
    what: string;
    find(tx: Knex.Transaction): Promise<{ deploymentId: string } | undefined>;
    record(tx: Knex.Transaction): Promise<boolean>;
  },
): Promise<AgentBackupReportResponse> {
  const { caller, what } = options;
  return deps.knex.transaction(async tx => {
    const record = await options.find(tx);
    const deployment =
      record &&
      (await findClusterDeployment(deps, {
        tx,
        cluster: caller.cluster,
        deploymentId: record.deploymentId,
      }).catch(() => undefined));
    if (!deployment) {
      throw new NotFoundError(`No ${what}`);
    }
    const changed = await options.record(tx);
    if (changed) {
      deps.changes.notify({ tx, deploymentIds: [deployment.id] });
    }
    return { changed };
  });
}
