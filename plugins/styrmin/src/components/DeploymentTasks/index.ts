export { DeploymentTasks } from './DeploymentTasks';
export type { DeploymentTasksProps } from './DeploymentTasks';
export { TasksGrid } from './TasksGrid';
export type { TasksGridProps } from './TasksGrid';
