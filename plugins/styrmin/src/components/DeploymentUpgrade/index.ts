export { DeploymentUpgrade } from './DeploymentUpgrade';
export type { DeploymentUpgradeProps } from './DeploymentUpgrade';
