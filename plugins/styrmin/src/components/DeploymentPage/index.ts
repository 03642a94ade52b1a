export { DeploymentPage } from './DeploymentPage';
export type { DeploymentPageProps } from './DeploymentPage';
