export { DeploymentFilters, useDeploymentFilters } from './DeploymentFilters';
export type { DeploymentFiltersProps } from './DeploymentFilters';
export {
  applyDeploymentFilters,
  filtersDeployments,
} from './deploymentFilters';
export type { DeploymentFilterValues } from './deploymentFilters';
