import { AuthenticationError } from '@backstage/errors';
import { AGENT_CLAIM_MAX_WAIT_SECONDS } from '@styrmin/plugin-styrmin-common';
import express from 'express';
import { Cluster } from '../clusters/ClusterStore';
import { AgentProtocolDeps } from './AgentProtocolDeps';

/**
 * How often a replica records a cluster's `agentLastSeenAt` at most: each call would be a
 * write per call, and a minute's precision is all anyone reads.
 *
 * @internal
 */
export const AGENT_LAST_SEEN_THROTTLE_SECONDS = 30;

/**
 * The longest time between two recorded calls of a live agent: it calls at least once per
 * long poll, and a call is recorded at most every {@link AGENT_LAST_SEEN_THROTTLE_SECONDS}.
 *
 * @internal
 */
export const AGENT_HEARTBEAT_SECONDS =
  AGENT_CLAIM_MAX_WAIT_SECONDS + AGENT_LAST_SEEN_THROTTLE_SECONDS;

/**
 * The agent that made a call: the cluster its token belongs to and the token itself
 * (redacted wherever the agent's words are stored).
 *
 * @internal
 */
export type AgentCaller = {
  cluster: Cluster;
  token: string;
};

/** The caller that {@link authenticateAgent} found, for the handlers after it. */
export function agentCaller(res: express.Response): AgentCaller {
  return res.locals.styrminAgent as AgentCaller;
}

/**
 * The middleware in front of every agent-protocol call: the `Authorization: Bearer` token
 * must be a cluster's current agent token (401 UNAUTHENTICATED otherwise), and the call
 * then acts for that cluster. It records that the agent was seen, at most every
 * {@link AGENT_LAST_SEEN_THROTTLE_SECONDS} per replica and cluster; a failure to record it
 * does not fail the call.
 *
 * @internal
 */
export function authenticateAgent(
  deps: Pick<AgentProtocolDeps, 'clusters' | 'clock' | 'logger' | 'changes'>,
): express.RequestHandler {
  const { clusters, clock, logger, changes } = deps;
  const lastRecorded = new Map<string, number>();
  return async (req, res, next) => {
    try {
      const token = bearerToken(req.headers.authorization);
      const cluster = token && (await clusters.verifyAgentToken({ token }));
      if (!token || !cluster) {
        throw new AuthenticationError(
          token
            ? 'The agent token is not valid: unknown, malformed, or rotated away'
            : "Send the cluster's agent token as Authorization: Bearer <token>",
        );
      }
      res.locals.styrminAgent = { cluster, token } satisfies AgentCaller;
      const now = clock.now().getTime();
      const last = lastRecorded.get(cluster.id);
      if (
        last === undefined ||
        now - last >= AGENT_LAST_SEEN_THROTTLE_SECONDS * 1000
      ) {
        lastRecorded.set(cluster.id, now);
        await clusters
          .recordAgentSeen({
            id: cluster.id,
            throttleSeconds: AGENT_LAST_SEEN_THROTTLE_SECONDS,
          })
          .then(recorded => {
            if (recorded) {
              changes.notify({ clusterIds: [cluster.id] });
            }
          })
          .catch(error =>
            logger.warn(
              `Failed to record that the agent of cluster ${cluster.name} was seen`,
              error,
            ),
          );
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
