import {
  CodeSnippet,
  EmptyState,
  InfoCard,
  Link,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import type { Cluster } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { clusterRouteRef } from '../../routes';
import { AgentHealthStatus } from '../AgentHealth';
import { ClusterRegistration } from '../ClusterRegistration';
import { LoadedContent } from '../LoadedContent';

const clusterChannels = (clusters: Cluster[] | undefined) =>
  clusters?.map(({ id }) => styrminSignalChannel({ record: 'cluster', id }));

/**
 * The registered clusters with their agents' health and last contact, on the home page;
 * live while it is open; administrators register a cluster from it.
 *
 * @public
 */
export const ClustersCard = () => {
  const state = useLiveStyrminApi(clusterChannels, (api: StyrminApi) =>
    api.getClusters(),
  );
  const clusterLink = useRouteRef(clusterRouteRef);
  return (
    <InfoCard
      title="Clusters"
      actions={<ClusterRegistration onRegistered={state.retry} />}
    >
      <LoadedContent state={state} missing={null}>
        {clusters =>
          clusters.length === 0 ? (
            <EmptyState
              missing="data"
              title="No clusters registered yet"
              description="An administrator registers a cluster below, or with styrminctl, and gives the agent token it answers to the cluster's agent:"
              action={
                <CodeSnippet
                  language="shell"
                  text="styrminctl clusters create <name>"
                />
              }
            />
          ) : (
            <List dense disablePadding aria-label="Clusters">
              {clusters.map(cluster => (
                <ListItem key={cluster.id}>
                  <ListItemText
                    primary={
                      <Link to={clusterLink({ cluster: cluster.name })}>
                        {cluster.name}
                      </Link>
                    }
                    secondary={<AgentHealthStatus cluster={cluster} />}
                    secondaryTypographyProps={{ component: 'div' }}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </LoadedContent>
    </InfoCard>
  );
};
