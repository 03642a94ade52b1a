export { FlowName } from './FlowName';
export { FlowRunState } from './FlowRunState';
export type { TaskGraph, TaskGraphStep, TaskGraphTask } from './TaskGraph';
export { computeTaskResult } from './computeTaskResult';
export {
  OUTPUT_TAIL_MAX_BYTES,
  OUTPUT_TAIL_MAX_LINES,
  outputTail,
} from './outputTail';
export {
  APPLY_STYRMIN_DEPLOYMENT_STEP,
  DELETE_STEPS,
  hookStepName,
  OPERATOR_PHASE_STEPS,
  plannedSteps,
  TASK_TYPE_OF_FLOW,
} from './plannedSteps';
export {
  deploymentStateAfterRun,
  deploymentStateFromStatus,
  readyConditionOf,
  type DeploymentStateChange,
} from './followDeploymentState';
export {
  MIN_REDACTED_SECRET_LENGTH,
  REDACTED,
  redactSecrets,
  secretValuesOf,
} from './redactSecrets';
