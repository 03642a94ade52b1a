import {
  AgentActionTokenRequest,
  AgentActionTokenResponse,
  AgentBackupReportResponse,
  AgentBackupStatusReport,
  AgentBackupStorageLocationsResponse,
  AgentBackupStorageLocationStatusReport,
  AgentCompleteRunResponse,
  AgentDeploymentStatusReport,
  AgentDeploymentStatusResponse,
  AgentDriverBundleResponse,
  AgentFlowRun,
  AgentInfo,
  AgentRunLease,
  AgentRunOutcome,
  AgentStartedTaskResponse,
  AgentStartTaskRequest,
  AgentTaskStart,
  AgentStep,
  AgentStepOutcome,
  AgentRestoreStatusReport,
  AgentStepResponse,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '../StyrminApiError';
import {
  describeFailure,
  fromBase64,
  parseJson,
  toApiError,
} from './agentResponses';
import type { AgentProtocol } from './AgentProtocol';
import { styrminPluginUrl } from '../styrminPluginUrl';
import { AgentDriverBundle } from './types';

/**
 * Options of {@link AgentProtocolClient.create}.
 *
 * @public
 */
export interface AgentProtocolClientOptions {
  /** The Backstage backend's base URL, such as `https://portal.example.com`. */
  serverUrl: string;
  /** The cluster's agent token, `styrmin-agent.<cluster id>.<secret>`. */
  token: string | (() => Promise<string>);
  /** The fetch to send requests with; the global `fetch` by default. */
  fetch?: typeof fetch;
}

/**
 * Lets a call be given up: a claim's long poll when the agent shuts down.
 *
 * @public
 */
export interface AgentCallOptions {
  signal?: AbortSignal;
}

/** @public */
export interface AgentClaimOptions extends AgentCallOptions {
  /** Unique per agent process, 1 to 200 characters: the lease names it. */
  owner: string;
  /** How long to wait for a run when the pool has none: 0 (default) to 30 seconds. */
  waitSeconds?: number;
}

/** @public */
export interface AgentStepReportOptions
  extends AgentRunLease,
    AgentCallOptions {
  stepId: string;
  /**
   * The step's attempt this report is about: `attempts + 1` of the step as last seen for a
   * start, the started attempt for its end. It makes a replayed report harmless.
   */
  stepAttempt: number;
}

/** @public */
export interface AgentEndStepOptions extends AgentStepReportOptions {
  status: AgentStepOutcome;
  /** Why it FAILED (required then), at most 16 KiB; the server redacts secrets. */
  error?: string;
  /**
   * The end of the step's command's output (of the failed command with FAILED, of a
   * command the step ran to its end with SUCCEEDED), at most 200 lines and 64 KiB
   * (`outputTail` of @styrmin/plugin-styrmin-common cuts it so); more is refused (413).
   */
  outputTail?: string;
  /**
   * What the attempt did, in order, for every reader of the task: at most 20 lines of at
   * most 500 characters (`stepLines` of @styrmin/plugin-styrmin-common cuts them so); more
   * is refused (413). They replace the step's lines; the server redacts secrets.
   */
  lines?: string[];
}

/** @public */
export type AgentStartTaskOptions = AgentStartTaskRequest & AgentCallOptions;

/** @public */
export interface AgentLinkStartedTaskOptions
  extends AgentRunLease,
    AgentCallOptions {
  stepId: string;
  /** The task that an action primitive of the step started. */
  taskId: string;
}

/** @public */
export type AgentActionTokenOptions = AgentActionTokenRequest &
  AgentCallOptions;

/** @public */
export interface AgentCompleteRunOptions
  extends AgentRunLease,
    AgentCallOptions {
  state: AgentRunOutcome;
  /** Why it FAILED (required then), at most 16 KiB; the server redacts secrets. */
  error?: string;
}

/** @public */
export type AgentCompleteRunResult = AgentCompleteRunResponse;

/** @public */
export type AgentReportDeploymentStatusResult = AgentDeploymentStatusResponse;

/** What a backup, restore or location report answers: whether anything was written. @public */
export type AgentBackupReportResult = AgentBackupReportResponse;

/** @public */
export type AgentBackupStorageLocationStatusOptions =
  AgentBackupStorageLocationStatusReport &
    AgentCallOptions & {
      /** The location's id. */
      id: string;
    };

/** @public */
export type AgentBackupStatusOptions = AgentBackupStatusReport &
  AgentCallOptions & { backupId: string };

/** @public */
export type AgentRestoreStatusOptions = AgentRestoreStatusReport &
  AgentCallOptions & { restoreId: string };

/**
 * The client of the agent protocol (docs/agent-protocol.md): how a cluster's agent claims
 * the flow runs of its cluster's work pool, holds their leases, records their steps, reports
 * their outcome, fetches driver bundles and reports the observed state of deployments. It
 * authenticates with the cluster's agent token, and every call acts for that cluster only.
 *
 * Every failure rejects with a {@link StyrminApiError} whose `code` says what happened
 * (`CONFLICT` for a lease that is gone or a step report that does not fit; `UNAVAILABLE`
 * when the server could not be reached) and whose `status` is the HTTP status. The client
 * never retries: every call is idempotent, so the caller retries as it sees fit.
 *
 * @public
 */
export class AgentProtocolClient implements AgentProtocol {
  readonly #baseUrl: string;
  readonly #token: () => Promise<string>;
  readonly #fetch: typeof fetch;

  static create(options: AgentProtocolClientOptions): AgentProtocolClient {
    const { serverUrl, token } = options;
    return new AgentProtocolClient({
      baseUrl: `${styrminPluginUrl(serverUrl)}/agent/v1`,
      token: typeof token === 'function' ? token : async () => token,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    });
  }

  private constructor(options: {
    baseUrl: string;
    token: () => Promise<string>;
    fetch: typeof fetch;
  }) {
    this.#baseUrl = options.baseUrl;
    this.#token = options.token;
    this.#fetch = options.fetch;
  }

  /** Who the token acts for, and the server's lease and long-poll settings. */
  async info(options: AgentCallOptions = {}): Promise<AgentInfo> {
    return (await this.#call<AgentInfo>('GET', '/info', undefined, options))!;
  }

  /**
   * Claims the oldest SCHEDULED run of the cluster's work pool, waiting up to
   * `waitSeconds` for one; undefined when none came.
   */
  async claim(options: AgentClaimOptions): Promise<AgentFlowRun | undefined> {
    const { owner, waitSeconds } = options;
    const answer = await this.#call<{ run: AgentFlowRun }>(
      'POST',
      '/claim',
      { owner, ...(waitSeconds === undefined ? {} : { waitSeconds }) },
      options,
    );
    return answer?.run;
  }

  /** Extends the lease; `CONFLICT` when the run is no longer held under it: stop working on it. */
  async heartbeat(
    options: AgentRunLease & AgentCallOptions,
  ): Promise<{ leaseExpiresAt: string }> {
    return (await this.#call<{ leaseExpiresAt: string }>(
      'POST',
      `${runPath(options)}/heartbeat`,
      leaseBody(options),
      options,
    ))!;
  }

  /**
   * Starts attempt `stepAttempt` of a step. The same start again is answered with the step
   * as it is; a step that SUCCEEDED or was SUPERSEDED is `CONFLICT`.
   */
  async startStep(options: AgentStepReportOptions): Promise<AgentStep> {
    const answer = await this.#call<AgentStepResponse>(
      'POST',
      `${stepPath(options)}/start`,
      { ...leaseBody(options), stepAttempt: options.stepAttempt },
      options,
    );
    return answer!.step;
  }

  /** Ends attempt `stepAttempt` of a step; the same end again is answered unchanged. */
  async endStep(options: AgentEndStepOptions): Promise<AgentStep> {
    const { stepAttempt, status, error, outputTail, lines } = options;
    const answer = await this.#call<AgentStepResponse>(
      'POST',
      `${stepPath(options)}/end`,
      {
        ...leaseBody(options),
        stepAttempt,
        status,
        ...(error === undefined ? {} : { error }),
        ...(outputTail === undefined ? {} : { outputTail }),
        ...(lines === undefined ? {} : { lines }),
      },
      options,
    );
    return answer!.step;
  }

  /**
   * An API token for the driver actions of the step's running attempt: it acts on the
   * run's deployment only and ends with the run's claim. Each call issues another.
   */
  async issueActionToken(
    options: AgentActionTokenOptions,
  ): Promise<AgentActionTokenResponse> {
    const answer = await this.#call<AgentActionTokenResponse>(
      'POST',
      `${stepPath(options)}/action-token`,
      { ...leaseBody(options), stepAttempt: options.stepAttempt },
      options,
    );
    return answer!;
  }

  /** Records that the step started a task (an action primitive's); idempotent. */
  async linkStartedTask(options: AgentLinkStartedTaskOptions): Promise<void> {
    await this.#call(
      'POST',
      `${stepPath(options)}/links`,
      { ...leaseBody(options), taskId: options.taskId },
      options,
    );
  }

  /**
   * Starts a task of the run's deployment from a RUNNING hook step (an action primitive's:
   * stop_components, start_components, restart_components, upgrade_deployment_version),
   * linked to the step, with its run claimed for the caller while it has not ended (an
   * upgrade's never: it runs after the caller's). The same call (same step attempt and
   * `call`) again answers the same task.
   */
  async startTask(
    options: AgentStartTaskOptions,
  ): Promise<AgentStartedTaskResponse> {
    const { stepAttempt, call } = options;
    return (await this.#call<AgentStartedTaskResponse>(
      'POST',
      `${stepPath(options)}/tasks`,
      { ...leaseBody(options), stepAttempt, call, ...taskStartOf(options) },
      options,
    ))!;
  }

  /** Ends the run; the same completion again is answered unchanged. */
  async completeRun(
    options: AgentCompleteRunOptions,
  ): Promise<AgentCompleteRunResult> {
    const { state, error } = options;
    return (await this.#call<AgentCompleteRunResult>(
      'POST',
      `${runPath(options)}/complete`,
      {
        ...leaseBody(options),
        state,
        ...(error === undefined ? {} : { error }),
      },
      options,
    ))!;
  }

  /**
   * The files of a driver version of a deployment of the cluster, by digest. The caller
   * checks them against the digest (`digestDriverFiles` of @styrmin/plugin-styrmin-node).
   */
  async bundle(
    digest: string,
    options: AgentCallOptions = {},
  ): Promise<AgentDriverBundle> {
    const answer = await this.#call<AgentDriverBundleResponse>(
      'GET',
      `/bundles/${encodeURIComponent(digest)}`,
      undefined,
      options,
    );
    return {
      digest: answer!.digest,
      files: answer!.files.map(file => ({
        path: file.path,
        content: fromBase64(file.content),
      })),
    };
  }

  /**
   * Stores a deployment's DeploymentStatus and PodStatus snapshot; only what changed is
   * written.
   */
  async reportDeploymentStatus(
    report: AgentDeploymentStatusReport & AgentCallOptions,
  ): Promise<AgentReportDeploymentStatusResult> {
    const { deploymentId, observedAt, status, pods } = report;
    return (await this.#call<AgentReportDeploymentStatusResult>(
      'PUT',
      `/deployments/${encodeURIComponent(deploymentId)}/status`,
      { observedAt, status, pods },
      report,
    ))!;
  }

  /**
   * The backup storage locations that the cluster's environments use: what the agent keeps
   * in step as Velero BackupStorageLocations (credentials by their Secret's name and key).
   */
  async backupStorageLocations(
    options: AgentCallOptions = {},
  ): Promise<AgentBackupStorageLocationsResponse> {
    return (await this.#call<AgentBackupStorageLocationsResponse>(
      'GET',
      '/backup-storage-locations',
      undefined,
      options,
    ))!;
  }

  /** Reports the phase of the Velero BackupStorageLocation of a location. */
  async reportBackupStorageLocationStatus(
    options: AgentBackupStorageLocationStatusOptions,
  ): Promise<AgentBackupReportResult> {
    const { id, signal, ...report } = options;
    return this.#report(
      `/backup-storage-locations/${encodeURIComponent(id)}/status`,
      report,
      { signal },
    );
  }

  /** Reports what the agent read of the Velero Backup of a backup. */
  async reportBackupStatus(
    options: AgentBackupStatusOptions,
  ): Promise<AgentBackupReportResult> {
    const { backupId, signal, ...report } = options;
    return this.#report(
      `/backups/${encodeURIComponent(backupId)}/status`,
      report,
      { signal },
    );
  }

  /** Reports what the agent read of the Velero Restore of a restore. */
  async reportRestoreStatus(
    options: AgentRestoreStatusOptions,
  ): Promise<AgentBackupReportResult> {
    const { restoreId, signal, ...report } = options;
    return this.#report(
      `/restores/${encodeURIComponent(restoreId)}/status`,
      report,
      { signal },
    );
  }

  async #report(
    path: string,
    report: object,
    options: AgentCallOptions,
  ): Promise<AgentBackupReportResult> {
    return (await this.#call<AgentBackupReportResult>(
      'POST',
      path,
      report,
      options,
    ))!;
  }

  /** Sends a request; the parsed body, or undefined for 204. */
  async #call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    options: AgentCallOptions,
  ): Promise<T | undefined> {
    const url = `${this.#baseUrl}${path}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${await this.#token()}`,
    };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    const fetchFn = this.#fetch;
    let response: Response;
    let text: string;
    try {
      response = await fetchFn(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: options.signal,
      });
      text = await response.text();
    } catch (error) {
      // Only the failure's own words: the request, and so the token, stays out of it.
      throw new StyrminApiError({
        code: 'UNAVAILABLE',
        message: `Could not reach the Styrmin agent protocol at ${url}: ${describeFailure(
          error,
        )}`,
        cause: error,
      });
    }
    if (response.status === 204) {
      return undefined;
    }
    const json = parseJson(text);
    if (response.ok && json !== undefined) {
      return json as T;
    }
    throw toApiError(url, response, json);
  }
}

function runPath(lease: AgentRunLease): string {
  return `/runs/${encodeURIComponent(lease.runId)}`;
}

function stepPath(options: AgentRunLease & { stepId: string }): string {
  return `${runPath(options)}/steps/${encodeURIComponent(options.stepId)}`;
}

function leaseBody(lease: AgentRunLease): { owner: string; attempt: number } {
  return { owner: lease.owner, attempt: lease.attempt };
}

/** What a started task's request names of the task, without the call's own options. */
function taskStartOf(options: AgentStartTaskOptions): AgentTaskStart {
  if (options.flow === 'UPGRADE_INSTANCE') {
    return {
      flow: options.flow,
      driverVersion: options.driverVersion,
      ...(options.prompts ? { prompts: options.prompts } : {}),
    };
  }
  if ('components' in options) {
    return { flow: options.flow, components: options.components };
  }
  return { flow: options.flow };
}
