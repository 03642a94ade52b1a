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
 * each theme sets) and in words, so that the colour is never the only sign.
 *
 * @public
 */
export const AgentHealthStatus = ({ cluster }: AgentHealthStatusProps) => {
  const lastSeen = cluster.agentLastSeenAt;
  switch (agentHealth(cluster, new Date())) {
    case 'HEALTHY':
      return (
        <StatusOK>
          Healthy, last contact <Timestamp iso={lastSeen!} />
        </StatusOK>
      );
    case 'STALE':
      return (
        <StatusWarning>
          Stale, last contact <Timestamp iso={lastSeen!} />
        </StatusWarning>
      );
    default:
      return <StatusAborted>Never seen</StatusAborted>;
  }
};
