import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import { findClusterRun } from './clusterRecords';

/** @internal */
export type HeartbeatOptions = {
  caller: AgentCaller;
  runId: string;
  owner: string;
  attempt: number;
};

/**
 * `POST /runs/:runId/heartbeat`: extends the lease of a run of the caller's cluster, for
 * its holder only (another owner or attempt is CONFLICT).
 *
 * @internal
 */
export async function heartbeat(
  deps: AgentProtocolDeps,
  options: HeartbeatOptions,
): Promise<{ leaseExpiresAt: string }> {
  const { caller, runId, owner, attempt } = options;
  const run = await findClusterRun(deps, { cluster: caller.cluster, runId });
  const { leaseExpiresAt } = await deps.flowRuns.heartbeat({
    lease: { flowRunId: run.id, owner, attempt },
    leaseSeconds: deps.leaseSeconds,
  });
  return { leaseExpiresAt: leaseExpiresAt.toISOString() };
}
