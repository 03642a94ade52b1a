export { DeploymentActions } from './DeploymentActions';
export type { DeploymentActionsProps } from './DeploymentActions';
