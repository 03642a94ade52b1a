export { AgentProtocolClient } from './AgentProtocolClient';
export type { AgentProtocol } from './AgentProtocol';
export type {
  AgentActionTokenOptions,
  AgentBackupReportResult,
  AgentBackupStatusOptions,
  AgentBackupStorageLocationStatusOptions,
  AgentCallOptions,
  AgentClaimOptions,
  AgentCompleteRunOptions,
  AgentCompleteRunResult,
  AgentEndStepOptions,
  AgentLinkStartedTaskOptions,
  AgentProtocolClientOptions,
  AgentReportDeploymentStatusResult,
  AgentRestoreStatusOptions,
  AgentStartTaskOptions,
  AgentStepReportOptions,
} from './AgentProtocolClient';
export type { AgentDriverBundle, AgentDriverBundleFile } from './types';
// The messages themselves are @styrmin/plugin-styrmin-common's, which the server answers
// with; they are here too so that an agent needs only the SDK.
export {
  AGENT_CLAIM_MAX_WAIT_SECONDS,
  AGENT_PROTOCOL_VERSION,
} from '@styrmin/plugin-styrmin-common';
export type {
  AgentActionTokenResponse,
  AgentBackupReportResponse,
  AgentBackupStatusReport,
  AgentBackupStorageLocation,
  AgentBackupStorageLocationsResponse,
  AgentBackupStorageLocationStatusReport,
  AgentDeploymentStatusReport,
  AgentDriverVersion,
  AgentFlowRun,
  AgentInfo,
  AgentInstance,
  AgentPodStatus,
  AgentPreviousInstance,
  AgentRestoreStatusReport,
  AgentRunLease,
  AgentRunOutcome,
  AgentStartedTaskResponse,
  AgentStep,
  AgentStepOutcome,
} from '@styrmin/plugin-styrmin-common';
