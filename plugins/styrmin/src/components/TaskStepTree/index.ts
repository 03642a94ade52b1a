export { TaskHeading, TaskStepTree } from './TaskStepTree';
export type { TaskStepTreeProps } from './TaskStepTree';
