export { DeploymentOverview } from './DeploymentOverview';
export type { DeploymentOverviewProps } from './DeploymentOverview';
