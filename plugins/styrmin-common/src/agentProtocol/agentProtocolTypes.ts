import { JsonObject } from '../configuration/JsonValue';
import { GlobalContext } from '../context/GlobalContext';
import { StepStatus } from '../domain/StepStatus';
import { TaskType } from '../domain/TaskType';
import { DriverSpec } from '../driver/DriverSpec';
import { FlowName } from '../tasks/FlowName';
import { FlowRunState } from '../tasks/FlowRunState';
import { ComponentFlow } from '../tasks/componentFlowSteps';
import { RunJobRequest } from '../tasks/runJob';
import { PromptAnswers } from '../validation/validatePromptAnswers';

/*
 * The messages of the agent protocol, version 1 (docs/agent-protocol.md), as JSON carries
 * them: timestamps are ISO 8601 strings. The backend answers with them and
 * `AgentProtocolClient` of @styrmin/sdk reads them. A v1 client ignores fields it does not
 * know, so that the server can add fields within v1.
 */

/**
 * The version of the agent protocol: the `v1` in its paths.
 *
 * @public
 */
export const AGENT_PROTOCOL_VERSION = 1;

/**
 * The longest long poll a claim may ask for, in seconds.
 *
 * @public
 */
export const AGENT_CLAIM_MAX_WAIT_SECONDS = 30;

/**
 * What every report about a claimed run carries: the run, who claimed it, and which claim
 * (attempt) of the run it was. The server accepts a report only while the run is still
 * RUNNING under exactly this lease.
 *
 * @public
 */
export interface AgentRunLease {
  runId: string;
  /** The `owner` the agent claimed with. */
  owner: string;
  /** `attempt` of the claimed run. */
  attempt: number;
}

/**
 * `GET /info`: who the token acts for, and the server's protocol settings.
 *
 * @public
 */
export interface AgentInfo {
  protocolVersion: number;
  cluster: { id: string; name: string };
  /** `cluster:<id>`: the work pool that claims take runs from. */
  workPool: string;
  /** How long a lease lasts after a claim or a heartbeat; heartbeat every third of it. */
  leaseSeconds: number;
  /** The longest `waitSeconds` of a claim. */
  maxWaitSeconds: number;
}

/**
 * A step of the claimed run's task, as it stands.
 *
 * @public
 */
export interface AgentStep {
  id: string;
  name: string;
  /** The order in which the steps run, from 0. */
  position: number;
  status: StepStatus;
  /** How many attempts the step had; the next start is attempt `attempts + 1`. */
  attempts: number;
}

/**
 * The driver version a run deploys: what the StyrminDeployment resource needs
 * (`newStyrminDeployment` in the agent), with the digest to fetch the bundle by.
 *
 * @public
 */
export interface AgentDriverVersion {
  name: string;
  version: string;
  /** `sha256:<hex>`: `GET /bundles/<digest>` returns the driver's files. */
  digest: string;
  /** driver.styrmin.yml as the server validated it, defaults filled in. */
  spec: DriverSpec;
  /** The file that `spec.helm.main.values_template` names, as text. */
  valuesTemplate: string;
}

/**
 * An instance as the agent gets it: with its context in clear, secret values included.
 *
 * @public
 */
export interface AgentInstance {
  id: string;
  /** 1 for the deployment's first instance, one more for each after it. */
  number: number;
  /** The context (GlobalContext), secret values included: never log it. */
  context: GlobalContext;
}

/**
 * The instance that was active before the one a run applies (UPDATE_INSTANCE and
 * UPGRADE_INSTANCE), with the driver version it was deployed with.
 *
 * @public
 */
export interface AgentPreviousInstance extends AgentInstance {
  driverVersion: { name: string; version: string; digest: string };
}

/**
 * A claimed flow run: everything the agent needs to run it, and nothing else.
 *
 * @public
 */
export interface AgentFlowRun {
  id: string;
  flow: FlowName;
  /** The flow's parameters: `deploymentId`, and `instanceId` for the flows that apply one. */
  parameters: JsonObject;
  /** This claim of the run, from 1: report it with every call about the run. */
  attempt: number;
  /** The attempts after which an expired lease ends the run CRASHED. */
  maxAttempts: number;
  leaseExpiresAt: string;
  leaseSeconds: number;
  task: {
    id: string;
    type: TaskType;
    deploymentId: string;
    /** In the order they run; SUCCEEDED steps are never started again. */
    steps: AgentStep[];
  };
  deployment: {
    id: string;
    name: string;
    /** `styrmin-<deployment id>`. */
    namespace: string;
    environment: { id: string; name: string };
    cluster: { id: string; name: string };
  };
  /** The instance the run applies; null for DELETE. */
  instance: AgentInstance | null;
  /** The driver version of `instance`; null for DELETE. */
  driverVersion: AgentDriverVersion | null;
  /** UPDATE_INSTANCE and UPGRADE_INSTANCE: the instance active before `instance`. */
  previousInstance?: AgentPreviousInstance;
  /**
   * The answers to the prompts of the actions the run runs, by action name then prompt
   * name, as the person who started the change gave them (secret answers included: never
   * log them); a prompt without an answer gets its default. Absent when none were given.
   */
  prompts?: PromptAnswers;
  /** STOP_COMPONENTS and START_COMPONENTS: the components to stop or start. */
  components?: string[];
  /** RUN_JOB: the command to run, in a Job of which component's container, for how long. */
  job?: RunJobRequest;
}

/**
 * What an action primitive starts: a task of a component flow on components of the run's
 * deployment (stop_components, start_components, restart_components), or the upgrade of
 * the run's deployment to another version of its driver (upgrade_deployment_version: an
 * upgrade_instance task), with the answers to the prompts of that version's upgrade hook.
 *
 * @public
 */
export type AgentTaskStart =
  | { flow: ComponentFlow; components: string[] }
  | {
      flow: 'UPGRADE_INSTANCE';
      /** A version of the deployment's driver. */
      driverVersion: string;
      /** By action name, then prompt name; a prompt left out gets its default. */
      prompts?: PromptAnswers;
    }
  /**
   * The restore point of the run's upgrade (a backup of the deployment) from its "Take the
   * restore point" step; or, from a rollback's "Restore the restore point" step, the
   * in-place restore of the backup its instance restores.
   */
  | { flow: 'CREATE_BACKUP' | 'RESTORE_BACKUP' };

/**
 * `POST /runs/:runId/steps/:stepId/tasks`: an action primitive starts a task of the run's
 * deployment from a RUNNING hook step.
 *
 * @public
 */
export type AgentStartTaskRequest = AgentRunLease & {
  stepId: string;
  /** The step's running attempt. */
  stepAttempt: number;
  /**
   * Which primitive call of the step's attempt this is, from 0: with the run, the step and
   * its attempt, the key that makes a retried call find the task it started.
   */
  call: number;
} & AgentTaskStart;

/**
 * The answer to a started task: the task, and its flow run claimed for the caller (an owner
 * of its own, `<owner>/<step attempt>.<call>`) while that run has not ended, so that the
 * agent runs it at once, in the same process, while the hook step waits for it. An upgrade's
 * run is never claimed so: it runs after the run of the hook step has ended (the runs of a
 * deployment never overlap), and `run` is null.
 *
 * @public
 */
export interface AgentStartedTaskResponse {
  task: { id: string; status: FlowRunState };
  /** The started task's run, claimed; null once it ended, or while another holds it. */
  run: AgentFlowRun | null;
  /** Who holds `run`: report about it with this owner. */
  owner: string;
}

/**
 * How a step ended.
 *
 * @public
 */
export type AgentStepOutcome = Extract<StepStatus, 'SUCCEEDED' | 'FAILED'>;

/**
 * How a run ended.
 *
 * @public
 */
export type AgentRunOutcome = Extract<FlowRunState, 'SUCCEEDED' | 'FAILED'>;

/**
 * A pod of a deployment, as the status reporter observes it: one PodStatus row.
 *
 * @public
 */
export interface AgentPodStatus {
  /** The pod's name, unique in the deployment's namespace. */
  name: string;
  /** `status.phase`: Pending, Running, Succeeded, Failed or Unknown. */
  phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';
  /** Whether the pod's Ready condition is True. */
  ready: boolean;
  /** The sum of its containers' restart counts. */
  restarts: number;
  /** `status.startTime`, ISO 8601. */
  startedAt?: string;
  /** The driver component whose label selector matches the pod. */
  component?: string;
  /** Why it is not ready, when a container says so (CrashLoopBackOff, ImagePullBackOff, ...). */
  reason?: string;
}

/**
 * A snapshot of one deployment's observed state: the StyrminDeployment resource's latest
 * `.status` (DeploymentStatus) and its pods (PodStatus).
 *
 * @public
 */
export interface AgentDeploymentStatusReport {
  deploymentId: string;
  /** When the agent read it, ISO 8601. A report older than the stored one changes nothing. */
  observedAt: string;
  /** The StyrminDeployment resource's `.status`, as the operator wrote it. */
  status: JsonObject;
  /** Every pod of the deployment; the server removes the rows of pods not listed. */
  pods: AgentPodStatus[];
}

/**
 * `GET /bundles/:digest`: a driver version's files, their contents in base64.
 *
 * @public
 */
export interface AgentDriverBundleResponse {
  digest: string;
  /** In path order. */
  files: Array<{ path: string; content: string }>;
}

/**
 * The answer to a step's start or end: the step as it is now.
 *
 * @public
 */
export interface AgentStepResponse {
  step: AgentStep;
}

/**
 * The answer to a run's completion.
 *
 * @public
 */
export interface AgentCompleteRunResponse {
  run: { id: string; state: AgentRunOutcome };
}

/**
 * The answer to a status report.
 *
 * @public
 */
export interface AgentDeploymentStatusResponse {
  /** Whether anything was written: false when the snapshot equals what is stored. */
  changed: boolean;
}

/**
 * `POST /runs/:runId/steps/:stepId/action-token`: the request, under the run's lease.
 *
 * @public
 */
export interface AgentActionTokenRequest extends AgentRunLease {
  stepId: string;
  /** The step's running attempt, whose actions get the token. */
  stepAttempt: number;
}

/**
 * An API token for the driver actions of a step (`STYRMIN_TOKEN` in their environment): it
 * acts on the run's deployment only, and ends with the run's claim or at `expiresAt`.
 * Never log it.
 *
 * @public
 */
export interface AgentActionTokenResponse {
  token: string;
  expiresAt: string;
}
