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
  AgentStepOutcome,
  AgentStepResponse,
} from './agentProtocolTypes';
