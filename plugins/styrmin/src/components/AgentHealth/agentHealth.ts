import type { Cluster } from '@styrmin/sdk';

/**
 * How a cluster's agent is doing, as far as the server can tell: HEALTHY when it called
 * within twice its heartbeat, STALE when it called before that, NEVER_SEEN when it never
 * called (the token was never given to an agent, or the agent cannot reach the server).
 *
 * @public
 */
export type AgentHealth = 'HEALTHY' | 'STALE' | 'NEVER_SEEN';

/**
 * The {@link AgentHealth} of a cluster's agent at `now`. Twice the heartbeat: one late
 * call is no reason for alarm.
 *
 * @public
 */
export function agentHealth(
  cluster: Pick<Cluster, 'agentLastSeenAt' | 'agentHeartbeatSeconds'>,
  now: Date,
): AgentHealth {
  if (!cluster.agentLastSeenAt) {
    return 'NEVER_SEEN';
  }
  const silentMs = now.getTime() - new Date(cluster.agentLastSeenAt).getTime();
  return silentMs <= 2 * cluster.agentHeartbeatSeconds * 1000
    ? 'HEALTHY'
    : 'STALE';
}
