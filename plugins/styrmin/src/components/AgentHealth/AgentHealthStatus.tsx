import {
  StatusAborted,
  StatusOK,
  StatusWarning,
} from '@backstage/core-components';
import type { Cluster } from '@styrmin/sdk';
import { Timestamp } from '../Timestamp';
import { agentHealth } from './agentHealth';

/** @public */
export interface AgentHealthStatusProps {
  cluster: Pick<Cluster, 'agentLastSeenAt' | 'agentHeartbeatSeconds'>;
}

/**
 * A cluster's agent health with its last contact, in Backstage's status colours (which
 * each theme sets) and in words, so that the colour is never the only sign. The words are
 * one span: the status lays its children out as flex items, which would drop the space
 * before the time ("last contactDec 1").
 *
 * @public
 */
export const AgentHealthStatus = ({ cluster }: AgentHealthStatusProps) => {
  const lastSeen = cluster.agentLastSeenAt;
  switch (agentHealth(cluster, new Date())) {
    case 'HEALTHY':
      return (
        <StatusOK>
          <span>
            Healthy, last contact <Timestamp iso={lastSeen!} />
          </span>
        </StatusOK>
      );
    case 'STALE':
      return (
        <StatusWarning>
          <span>
            Stale, last contact <Timestamp iso={lastSeen!} />
          </span>
        </StatusWarning>
      );
    default:
      return <StatusAborted>Never seen</StatusAborted>;
  }
};
