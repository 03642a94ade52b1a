import { EmptyState } from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import {
  STYRMIN_ANNOTATIONS,
  styrminSignalChannel,
} from '@styrmin/plugin-styrmin-common';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
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
