import {
  EmptyState,
  InfoCard,
  Link,
  StructuredMetadataTable,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  STYRMIN_ANNOTATIONS,
  styrminSignalChannel,
} from '@styrmin/plugin-styrmin-common';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { clusterRouteRef } from '../../routes';
import { AgentHealthStatus } from '../AgentHealth';
import { DeploymentOverview } from '../DeploymentOverview';
import { DeploymentsTable } from '../DeploymentsTable';
import { DeploymentTasks } from '../DeploymentTasks';
import { LoadedContent } from '../LoadedContent';

/** The Styrmin id that an entity of the catalog module carries in `annotation`. */
function useStyrminId(annotation: string): string | undefined {
  const { entity } = useEntity();
  return entity.metadata.annotations?.[annotation];
}

const NotStyrmin = ({ record }: { record: string }) => (
  <EmptyState
    missing="field"
    title={`Not a Styrmin ${record}`}
    description={`This entity has no ${record} id annotation; Styrmin's catalog module sets it on the ${record}s it publishes.`}
  />
);

/** The deployments of the environment, read by its id; live while it is open. */
const EnvironmentDeployments = ({ id }: { id: string }) => {
  const state = useLiveStyrminApi(
    styrminSignalChannel({ record: 'environment', id }),
    api => api.getEnvironment({ id }),
    [id],
  );
  return (
    <LoadedContent state={state} missing={<NotStyrmin record="environment" />}>
      {environment =>
        environment.deployments.length > 0 ? (
          <DeploymentsTable
            label={`Deployments of ${environment.name}`}
            deployments={environment.deployments}
          />
        ) : (
          <EmptyState
            missing="data"
            title={`No deployments in ${environment.name} yet`}
            description="Create one from its driver's template, or from Styrmin's environment page."
          />
        )
      }
    </LoadedContent>
  );
};

/**
 * The tab of an environment's entity (`spec.type: styrmin-environment`): its deployments,
 * each with its state, driver version and newest task, linking to its Styrmin page.
 *
 * @public
 */
export const EntityStyrminEnvironmentContent = () => {
  const id = useStyrminId(STYRMIN_ANNOTATIONS.environmentId);
  return id ? (
    <EnvironmentDeployments id={id} />
  ) : (
    <NotStyrmin record="environment" />
  );
};

/**
 * The tab of a deployment's entity (`spec.type: styrmin-deployment`): its overview, as on
 * its Styrmin page.
 *
 * @public
 */
export const EntityStyrminDeploymentContent = () => {
  const id = useStyrminId(STYRMIN_ANNOTATIONS.deploymentId);
  return id ? (
    <DeploymentOverview deploymentId={id} />
  ) : (
    <NotStyrmin record="deployment" />
  );
};

/**
 * The tasks tab of a deployment's entity: its tasks, newest first, with their steps.
 *
 * @public
 */
export const EntityStyrminDeploymentTasksContent = () => {
  const id = useStyrminId(STYRMIN_ANNOTATIONS.deploymentId);
  return id ? (
    <DeploymentTasks deploymentId={id} />
  ) : (
    <NotStyrmin record="deployment" />
  );
};

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

/** The cluster's agent, read by its id; live while it is open. */
const ClusterAgent = ({ id }: { id: string }) => {
  const state = useLiveStyrminApi(
    styrminSignalChannel({ record: 'cluster', id }),
    // The list holds every cluster's agent health: no read by id is needed.
    async api => (await api.getClusters()).find(cluster => cluster.id === id),
    [id],
  );
  const clusterLink = useRouteRef(clusterRouteRef);
  return (
    <LoadedContent state={state} missing={<NotStyrmin record="cluster" />}>
      {cluster => (
        <InfoCard title={`Agent of ${cluster.name}`}>
          <StructuredMetadataTable
            options={tableOptions}
            metadata={{
              Status: <AgentHealthStatus cluster={cluster} />,
              'Work pool': cluster.workPool,
              Cluster: (
                <Link to={clusterLink({ cluster: cluster.name })}>
                  {cluster.name} in Styrmin
                </Link>
              ),
            }}
          />
        </InfoCard>
      )}
    </LoadedContent>
  );
};

/**
 * The tab of a cluster's entity (`spec.type: styrmin-cluster`): its agent's health and last
 * contact, as on the home page, linking to its Styrmin page.
 *
 * @public
 */
export const EntityStyrminClusterContent = () => {
  const id = useStyrminId(STYRMIN_ANNOTATIONS.clusterId);
  return id ? <ClusterAgent id={id} /> : <NotStyrmin record="cluster" />;
};
