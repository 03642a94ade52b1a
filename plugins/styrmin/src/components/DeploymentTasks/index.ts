export { DeploymentTasks } from './DeploymentTasks';
export type { DeploymentTasksProps } from './DeploymentTasks';
