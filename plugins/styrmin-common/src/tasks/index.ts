export { FlowName } from './FlowName';
export { FlowRunState } from './FlowRunState';
export type { TaskGraph, TaskGraphStep, TaskGraphTask } from './TaskGraph';
export { computeTaskResult } from './computeTaskResult';
export {
  BACK_UP_NAMESPACE_STEP,
  BACKUP_FLOW_STEPS,
  DELETE_BACKUP_STEP,
  isBackupFlow,
  REMOVE_BACKUP_VOLUME_CLAIMS_STEP,
  RESTORE_NAMESPACE_STEP,
  type BackupFlow,
} from './backupFlowSteps';
export {
  BACK_UP_ENVIRONMENT_STEP,
  ENVIRONMENT_FLOW_STEPS,
  ENVIRONMENT_FLOWS,
  isEnvironmentFlow,
  restoreCloneStepName,
  restoreConstituentStepName,
  upgradeDeploymentStepName,
  type EnvironmentFlow,
} from './environmentFlowSteps';
export {
  COMPONENT_FLOW_STEPS,
  isComponentFlow,
  type ComponentFlow,
} from './componentFlowSteps';
export {
  RUN_JOB_DEFAULT_TIMEOUT_SECONDS,
  RUN_JOB_MAX_ARGS,
  RUN_JOB_MAX_COMMAND_BYTES,
  RUN_JOB_MAX_TIMEOUT_SECONDS,
  RUN_JOB_STEP,
  validateRunJob,
  type RunJobRequest,
} from './runJob';
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
  plannedActions,
  plannedSteps,
  TASK_TYPE_OF_FLOW,
  type PlannedFlow,
} from './plannedSteps';
export {
  RESTORE_RESTORE_POINT_STEP,
  TAKE_RESTORE_POINT_STEP,
  takesRestorePoint,
} from './restorePoint';
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
