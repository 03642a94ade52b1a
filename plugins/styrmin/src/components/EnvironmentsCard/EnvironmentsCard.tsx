import {
  CodeSnippet,
  EmptyState,
  InfoCard,
  Link,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { styrminSignalChannel } from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { clusterRouteRef, environmentRouteRef } from '../../routes';
import {
  applyDeploymentFilters,
  DeploymentFilters,
  filtersDeployments,
  useDeploymentFilters,
} from '../DeploymentFilters';
import { DeploymentsTable } from '../DeploymentsTable';
import { LoadedContent } from '../LoadedContent';
import { plural } from '../../plural';

/** Each environment's channel, which its deployments' changes reach too. */
const environmentChannels = (
  environments: EnvironmentWithDeployments[] | undefined,
) =>
  environments?.map(({ id }) =>
    styrminSignalChannel({ record: 'environment', id }),
  );

/**
 * The environments with their deployments and states at a glance, on the home page, with
 * the filters and the search in the address; live while it is open.
 *
 * @public
 */
export const EnvironmentsCard = () => {
  const state = useLiveStyrminApi(environmentChannels, (api: StyrminApi) =>
    api.getEnvironments(),
  );
  const { filters } = useDeploymentFilters();
  const environmentLink = useRouteRef(environmentRouteRef);
  const clusterLink = useRouteRef(clusterRouteRef);
  const environments = state.value;
  const deploymentCount =
    environments?.reduce((sum, e) => sum + e.deployments.length, 0) ?? 0;

  return (
    <InfoCard
      title="Environments"
      subheader={
        environments &&
        `${plural(environments.length, 'environment')}, ${plural(
          deploymentCount,
          'deployment',
        )}`
      }
    >
      <LoadedContent state={state} missing={null}>
        {all =>
          all.length === 0 ? (
            <EmptyState
              missing="data"
              title="No environments yet"
              description="An environment groups deployments in one cluster. An administrator creates one:"
              action={
                <CodeSnippet
                  language="shell"
                  text="styrminctl environments create <name> --cluster <cluster>"
                />
              }
            />
          ) : (
            <>
              <DeploymentFilters environments={all} />
              {applyDeploymentFilters(all, filters).map(environment => (
                <Box key={environment.id} mt={3} component="section">
                  <Typography variant="h6" component="h3">
                    <Link
                      to={environmentLink({ environment: environment.name })}
                    >
                      {environment.name}
                    </Link>
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    On cluster{' '}
                    <Link
                      to={clusterLink({ cluster: environment.cluster.name })}
                    >
                      {environment.cluster.name}
                    </Link>
                  </Typography>
                  {environment.deployments.length > 0 ? (
                    <DeploymentsTable
                      label={`Deployments of ${environment.name}`}
                      deployments={environment.deployments}
                    />
                  ) : (
                    <Typography variant="body2">
                      {filtersDeployments(filters)
                        ? 'No deployment matches the filters.'
                        : 'No deployments yet.'}
                    </Typography>
                  )}
                </Box>
              ))}
            </>
          )
        }
      </LoadedContent>
    </InfoCard>
  );
};
