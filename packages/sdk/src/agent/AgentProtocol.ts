import type {
  AgentActionTokenResponse,
  AgentBackupStorageLocationsResponse,
  AgentDeploymentStatusReport,
  AgentFlowRun,
  AgentInfo,
  AgentRunLease,
  AgentStartedTaskResponse,
  AgentStep,
} from '@styrmin/plugin-styrmin-common';
import type {
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
  AgentReportDeploymentStatusResult,
  AgentRestoreStatusOptions,
  AgentStartTaskOptions,
  AgentStepReportOptions,
} from './AgentProtocolClient';
import type { AgentDriverBundle } from './types';

/**
 * The agent protocol (docs/agent-protocol.md) as an agent speaks it: the seam between an
 * agent's worker and the server. {@link AgentProtocolClient} speaks it over HTTP; a test
 * may put anything in its place. Failures reject with a {@link StyrminApiError} whose `code`
 * says what happened (`CONFLICT`: the server moved on; `UNAVAILABLE`: no answer).
 *
 * @public
 */
export interface AgentProtocol {
  /** The server's protocol version and what the token stands for. */
  info(options?: AgentCallOptions): Promise<AgentInfo>;
  /** Claims the next flow run of the cluster's work pool; undefined when none came. */
  claim(options: AgentClaimOptions): Promise<AgentFlowRun | undefined>;
  /** Extends the lease; `CONFLICT` when the run is no longer held under it. */
  heartbeat(
    options: AgentRunLease & AgentCallOptions,
  ): Promise<{ leaseExpiresAt: string }>;
  startStep(options: AgentStepReportOptions): Promise<AgentStep>;
  endStep(options: AgentEndStepOptions): Promise<AgentStep>;
  linkStartedTask(options: AgentLinkStartedTaskOptions): Promise<void>;
  /** An API token for the driver actions of a step's running attempt. */
  issueActionToken(
    options: AgentActionTokenOptions,
  ): Promise<AgentActionTokenResponse>;
  /** Starts a task from a step's running attempt, its run claimed for the caller. */
  startTask(options: AgentStartTaskOptions): Promise<AgentStartedTaskResponse>;
  completeRun(
    options: AgentCompleteRunOptions,
  ): Promise<AgentCompleteRunResult>;
  /** A driver version's bundle by its content digest. */
  bundle(
    digest: string,
    options?: AgentCallOptions,
  ): Promise<AgentDriverBundle>;
  reportDeploymentStatus(
    report: AgentDeploymentStatusReport & AgentCallOptions,
  ): Promise<AgentReportDeploymentStatusResult>;
  /** The backup storage locations that the cluster's environments use. */
  backupStorageLocations(
    options?: AgentCallOptions,
  ): Promise<AgentBackupStorageLocationsResponse>;
  reportBackupStorageLocationStatus(
    options: AgentBackupStorageLocationStatusOptions,
  ): Promise<AgentBackupReportResult>;
  reportBackupStatus(
    options: AgentBackupStatusOptions,
  ): Promise<AgentBackupReportResult>;
  reportRestoreStatus(
    options: AgentRestoreStatusOptions,
  ): Promise<AgentBackupReportResult>;
}
