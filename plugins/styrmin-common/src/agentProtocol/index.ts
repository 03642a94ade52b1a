export {
  AGENT_CLAIM_MAX_WAIT_SECONDS,
  AGENT_PROTOCOL_VERSION,
} from './agentProtocolTypes';
export type {
  AgentCompleteRunResponse,
  AgentDeploymentStatusReport,
  AgentDeploymentStatusResponse,
  AgentDriverBundleResponse,
  AgentDriverVersion,
  AgentFlowRun,
  AgentInfo,
  AgentInstance,
  AgentPodStatus,
  AgentPreviousInstance,
  AgentRunLease,
  AgentRunOutcome,
  AgentStartTaskRequest,
  AgentStartedTaskResponse,
  AgentStep,
  AgentTaskStart,
  AgentStepOutcome,
  AgentStepResponse,
} from './agentProtocolTypes';
export {
  AGENT_VELERO_MAX_MESSAGE_LENGTH,
  AGENT_VELERO_MAX_MESSAGES,
  AgentBackupStatusReport,
  AgentBackupStorageLocation,
  AgentBackupStorageLocationStatusReport,
  AgentBackupStorageLocationsResponse,
  AgentRestoreStatusReport,
  CreateBackupParameters,
  DeleteBackupParameters,
  RestoreBackupParameters,
  type AgentBackupReportResponse,
} from './backupProtocol';
export { STEP_LINE_MAX_LENGTH, STEP_LINES_MAX, stepLines } from './stepLines';
