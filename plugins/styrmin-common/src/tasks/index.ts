export { FlowName } from './FlowName';
export { FlowRunState } from './FlowRunState';
export type { TaskGraph, TaskGraphStep, TaskGraphTask } from './TaskGraph';
export { computeTaskResult } from './computeTaskResult';
export {
  OUTPUT_TAIL_MAX_BYTES,
  OUTPUT_TAIL_MAX_LINES,
  outputTail,
} from './outputTail';
