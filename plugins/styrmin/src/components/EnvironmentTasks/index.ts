export { EnvironmentTasks } from './EnvironmentTasks';
export type { EnvironmentTasksProps } from './EnvironmentTasks';
