import { DeploymentState } from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';

/**
 * Which deployments the home page shows: each filter is a query parameter of its address,
 * so that a filtered view can be bookmarked and shared.
 *
 * @public
 */
export interface DeploymentFilterValues {
  /** The environment's name (`?environment=`). */
  environment?: string;
  /** `?state=` */
  state?: DeploymentState;
  /** The driver's name (`?driver=`). */
  driver?: string;
  /** Part of the deployment's name, in any case (`?q=`). */
  search?: string;
}

/** The query parameter of each filter. */
export const FILTER_PARAMETERS: Record<keyof DeploymentFilterValues, string> = {
  environment: 'environment',
  state: 'state',
  driver: 'driver',
  search: 'q',
};

/** The filters an address names; a state that is no deployment state is ignored. */
export function readDeploymentFilters(
  params: URLSearchParams,
): DeploymentFilterValues {
  const state = params.get(FILTER_PARAMETERS.state);
  return {
    environment: params.get(FILTER_PARAMETERS.environment) || undefined,
    state: DeploymentState.values.find(value => value === state),
    driver: params.get(FILTER_PARAMETERS.driver) || undefined,
    search: params.get(FILTER_PARAMETERS.search) || undefined,
  };
}

/**
 * The environments and deployments the filters let through: an environment filter drops
 * the other environments; the other filters drop deployments, and keep each environment,
 * so that the page can say that none of its deployments matched.
 */
export function applyDeploymentFilters(
  environments: EnvironmentWithDeployments[],
  filters: DeploymentFilterValues,
): EnvironmentWithDeployments[] {
  const search = filters.search?.trim().toLowerCase();
  return environments
    .filter(e => !filters.environment || e.name === filters.environment)
    .map(environment => ({
      ...environment,
      deployments: environment.deployments.filter(
        d =>
          (!filters.state || d.state === filters.state) &&
          (!filters.driver || d.driverVersion.name === filters.driver) &&
          (!search || d.name.toLowerCase().includes(search)),
      ),
    }));
}

/** Whether any filter other than the environment is set. */
export function filtersDeployments(filters: DeploymentFilterValues): boolean {
  return Boolean(filters.state || filters.driver || filters.search);
}
