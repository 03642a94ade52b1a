import { ReactNode, useState } from 'react';
import { Link, StructuredMetadataTable } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import type { Cluster } from '@styrmin/sdk';
import { Navigate } from 'react-router-dom';
import { StyrminApi } from '../../api';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import {
  clusterRouteRef,
  clusterTabRouteRef,
  environmentRouteRef,
} from '../../routes';
import { AgentHealthStatus } from '../AgentHealth';
import { AgentTokenRotation } from '../AgentTokenRotation';
import { ClusterSettings } from '../ClusterSettings';
import { ClusterUtilities } from '../ClusterUtilities';
import { CreateEnvironment } from '../EnvironmentForm';
import { LoadedContent } from '../LoadedContent';
import { MissingRecord } from '../MissingRecord';
import { PageTabs } from '../PageTabs';
import { PageTrail } from '../PageTrail';
import { Timestamp } from '../Timestamp';
import { plural } from '../../plural';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

/**
 * The environments of a cluster, each with how many deployments it has, and the way to
 * create one.
 */
const ClusterEnvironments = ({ cluster }: { cluster: Cluster }) => {
  const environmentLink = useRouteRef(environmentRouteRef);
  // Read again after a creation, to list the new environment.
  const [created, setCreated] = useState(0);
  const state = useStyrminApi(
    api => api.getEnvironments({ cluster: cluster.id }),
    [cluster.id, cluster.version, created],
  );
  return (
    <>
      <LoadedContent state={state} missing={null}>
        {environments =>
          environments.length === 0 ? (
            <Typography>No environments on {cluster.name} yet.</Typography>
          ) : (
            <List dense aria-label={`Environments of ${cluster.name}`}>
              {environments.map(environment => (
                <ListItem key={environment.id}>
                  <ListItemText
                    primary={
                      <Link
                        to={environmentLink({ environment: environment.name })}
                      >
                        {environment.name}
                      </Link>
                    }
                    secondary={plural(
                      environment.deployments.length,
                      'deployment',
                    )}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </LoadedContent>
      <CreateEnvironment
        cluster={cluster}
        onCreated={() => setCreated(n => n + 1)}
      />
    </>
  );
};

/** The first tab: the agent and the environments. */
const ClusterOverview = ({
  cluster,
  refresh,
}: {
  cluster: Cluster;
  refresh: () => void;
}) => (
  <>
    <Typography variant="h6" component="h3">
      Agent
    </Typography>
    <StructuredMetadataTable
      options={tableOptions}
      metadata={{
        Status: <AgentHealthStatus cluster={cluster} />,
        'Work pool': cluster.workPool,
        'Token issued': <Timestamp iso={cluster.agentTokenRotatedAt} />,
        Registered: (
          <>
            <Timestamp iso={cluster.createdAt} /> by {cluster.createdBy}
          </>
        ),
      }}
    />
    <Box mt={2} mb={3}>
      <AgentTokenRotation cluster={cluster} onRotated={refresh} />
    </Box>
    <Typography variant="h6" component="h3">
      Environments
    </Typography>
    <ClusterEnvironments cluster={cluster} />
    <Box mt={3}>
      <Typography variant="h6" component="h3">
        Utilities
      </Typography>
      <ClusterUtilities cluster={cluster} />
    </Box>
  </>
);

/** The tabs of a cluster: the first at the cluster's own address. */
const tabs: Array<{
  id: string;
  label: string;
  content: (cluster: Cluster, refresh: () => void) => ReactNode;
}> = [
  {
    id: 'overview',
    label: 'Overview',
    content: (cluster, refresh) => (
      <ClusterOverview cluster={cluster} refresh={refresh} />
    ),
  },
  {
    id: 'settings',
    label: 'Settings',
    content: (cluster, refresh) => (
      <ClusterSettings cluster={cluster} onSaved={refresh} />
    ),
  },
];

/** @public */
export interface ClusterPageProps {
  /** The cluster's name, from the address. */
  name: string;
  /** The tab the address names; the first when absent. */
  tab?: string;
}

/**
 * One cluster: its agent's health and last contact, the rotation of its agent token, its
 * environments, its utilities, and its settings (editable by administrators, with the deployments a
 * change would redeploy shown before it is saved). Live while it is open.
 *
 * @public
 */
export const ClusterPage = ({ name, tab = tabs[0].id }: ClusterPageProps) => {
  const state = useLiveStyrminApi(
    cluster =>
      cluster && styrminSignalChannel({ record: 'cluster', id: cluster.id }),
    (api: StyrminApi) => api.getCluster(name),
    [name],
  );
  const clusterLink = useRouteRef(clusterRouteRef)({ cluster: name });
  const tabLink = useRouteRef(clusterTabRouteRef);

  const selected = tabs.find(t => t.id === tab);
  if (!selected) {
    return <Navigate to={clusterLink} replace />;
  }

  return (
    <PageTrail entries={[{ label: `Cluster ${name}`, href: clusterLink }]}>
      <LoadedContent
        state={state}
        missing={
          <MissingRecord
            title={`No cluster named ${name}`}
            description="The home page lists every registered cluster."
          />
        }
      >
        {cluster => (
          <>
            <Typography variant="h5" component="h2" gutterBottom>
              {cluster.name}
            </Typography>
            <PageTabs
              label={`Cluster ${cluster.name}`}
              selected={selected.id}
              tabs={tabs.map((t, index) => ({
                id: t.id,
                label: t.label,
                href:
                  index === 0
                    ? clusterLink
                    : tabLink({ cluster: name, tab: t.id }),
              }))}
            >
              {selected.content(cluster, state.retry)}
            </PageTabs>
          </>
        )}
      </LoadedContent>
    </PageTrail>
  );
};
