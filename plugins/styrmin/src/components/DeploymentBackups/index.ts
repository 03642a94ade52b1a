export { DeploymentBackups } from './DeploymentBackups';
export type { DeploymentBackupsProps } from './DeploymentBackups';
