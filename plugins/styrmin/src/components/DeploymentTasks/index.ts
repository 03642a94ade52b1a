export { DeploymentTasks } from './DeploymentTasks';
export type { DeploymentTasksProps } from './DeploymentTasks';
export { TasksGrid } from './TasksGrid';
