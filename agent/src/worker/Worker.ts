import { KubeConfig } from '@kubernetes/client-node';
import {
  AGENT_CLAIM_MAX_WAIT_SECONDS,
  AgentFlowRun,
  AgentProtocol,
} from '@styrmin/sdk';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { ActionRunner } from '../actions/ActionRunner';
import { StyrminDeploymentClient } from '../cluster/StyrminDeploymentClient';
import { sleep } from '../cluster/sleep';
import { DriverFiles } from '../drivers/DriverFiles';
import { Logger } from '../logging/Logger';
import { VeleroClient } from '../velero/VeleroClient';
import { backupFlowSteps, VeleroReports } from './backupFlowSteps';
import { ClaimedRun } from './ClaimedRun';
import { componentFlowSteps } from './componentFlowSteps';
import { deleteFlowSteps } from './deleteFlowSteps';
import { FlowStepRunners } from './StepRunner';
import { instanceFlowSteps } from './instanceFlowSteps';
import { OperatorPhaseSteps } from './OperatorPhaseSteps';
import { restoreFlowSteps } from './restoreFlowSteps';
import { runFlow } from './runFlow';
import { runJobFlowSteps } from './runJobFlowSteps';

/** @public */
export interface WorkerOptions {
  client: AgentProtocol;
  kubeConfig: KubeConfig;
  deployments: StyrminDeploymentClient;
  driverFiles: DriverFiles;
  actions: ActionRunner;
  logger: Logger;
  /** Runs at once. */
  concurrency: number;
  /**
   * Who holds the leases; default the host name and a random suffix. Each claim slot claims
   * as `<owner>-<slot>`: the server hands a claimant the run it already holds (the answer
   * to a claim whose response was lost), so two slots must not share a name.
   */
  owner?: string;
  /** How long a claim waits for a run; default the protocol's longest, 30 s. */
  claimWaitSeconds?: number;
  /** How often the cluster is looked at while a step waits for it. */
  pollIntervalMs?: number;
  /** The first wait after a failed claim; it doubles up to 30 s. */
  retryDelayMs?: number;
  /** How long the operator may take for an instance. Default 30 minutes. */
  operatorTimeoutMs?: number;
  /** Velero's objects, for the backup flows. */
  velero: VeleroClient;
  /** Where the backup flows report Velero's Backups and Restores. */
  veleroReports: VeleroReports;
  /** Asks the location keeper to read the server's locations now. */
  resyncLocations?: () => void;
}

/**
 * The agent's worker: it claims the flow runs of its cluster's work pool over the agent
 * protocol (long polls, `concurrency` at once), holds each with heartbeats, runs the steps
 * of its task that remain, and reports every step and the run's end under the lease
 * (ClaimedRun, runFlow). CREATE_INSTANCE, UPDATE_INSTANCE and UPGRADE_INSTANCE write the
 * instance's StyrminDeployment resource and follow the operator; DELETE deletes it and
 * follows the cleanup; STOP_COMPONENTS and START_COMPONENTS switch components in it,
 * RESTART_COMPONENTS rolls their pods;
 * RUN_JOB runs a command in the deployment's action Job (execute_commands);
 * CREATE_BACKUP, RESTORE_BACKUP and DELETE_BACKUP drive Velero (backupFlowSteps,
 * restoreFlowSteps). The
 * tasks that action primitives start run inside the hook step that starts them
 * (runStartedTask), not in a slot of their own.
 *
 * The runs of one deployment run one at a time, in the order they were claimed (the order
 * the server dispatched them): a deletion never races the apply of an older change.
 *
 * It never crashes: a failing step fails its run; any other failure is logged and leaves
 * the run to its lease, so that the next claim goes on from what is recorded. `stop()`
 * stops claiming and leaves the runs in progress to their leases (the steps that
 * SUCCEEDED are not run again).
 *
 * @public
 */
export class Worker {
  readonly #options: WorkerOptions;
  readonly #owner: string;
  readonly #logger: Logger;
  readonly #stop = new AbortController();
  /** The last run of each deployment, which the next one of the deployment waits for. */
  readonly #lastOfDeployment = new Map<string, Promise<void>>();
  #loops: Promise<void>[] = [];

  private constructor(options: WorkerOptions) {
    this.#options = options;
    this.#owner =
      options.owner ?? `${hostname()}-${randomBytes(4).toString('hex')}`;
    this.#logger = options.logger.child({ controller: 'worker' });
  }

  static create(options: WorkerOptions): Worker {
    return new Worker(options);
  }

  get owner(): string {
    return this.#owner;
  }

  start(): void {
    this.#logger.info('Started worker', {
      owner: this.#owner,
      concurrency: this.#options.concurrency,
    });
    this.#loops = Array.from({ length: this.#options.concurrency }, (_, slot) =>
      this.#claimLoop(`${this.#owner}-${slot}`),
    );
  }

  /** Stops claiming, abandons the runs in progress to their leases, and resolves when done. */
  async stop(): Promise<void> {
    this.#stop.abort(new Error('The agent is stopping'));
    await Promise.all(this.#loops);
    this.#logger.info('Stopped worker');
  }

  async #claimLoop(owner: string): Promise<void> {
    const signal = this.#stop.signal;
    let delay = this.#options.retryDelayMs ?? 1_000;
    while (!signal.aborted) {
      let run: AgentFlowRun | undefined;
      try {
        run = await this.#options.client.claim({
          owner,
          waitSeconds:
            this.#options.claimWaitSeconds ?? AGENT_CLAIM_MAX_WAIT_SECONDS,
          signal,
        });
        delay = this.#options.retryDelayMs ?? 1_000;
      } catch (error) {
        if (signal.aborted) {
          return;
        }
        this.#logger.error('Claim failed', {
          error: (error as Error).message,
        });
        await sleep(delay, signal).catch(() => undefined);
        delay = Math.min(delay * 2, 30_000);
        continue;
      }
      if (run) {
        await this.#runInTurn(run, owner);
      }
    }
  }

  /** Runs a claimed run once the runs of its deployment claimed before it are done. */
  async #runInTurn(run: AgentFlowRun, owner: string): Promise<void> {
    const claimed = ClaimedRun.hold({
      client: this.#options.client,
      run,
      owner,
      logger: this.#logger,
      stopSignal: this.#stop.signal,
      retryDelayMs: this.#options.retryDelayMs,
    });
    const deploymentId = run.deployment.id;
    const before = this.#lastOfDeployment.get(deploymentId);
    const turn = (before ?? Promise.resolve()).then(() => this.#run(claimed));
    this.#lastOfDeployment.set(deploymentId, turn);
    try {
      await turn;
    } finally {
      claimed.release();
      if (this.#lastOfDeployment.get(deploymentId) === turn) {
        this.#lastOfDeployment.delete(deploymentId);
      }
    }
  }

  async #run(claimed: ClaimedRun): Promise<void> {
    if (claimed.signal.aborted) {
      return;
    }
    claimed.log.info('Claimed flow run', {
      task: claimed.run.task.id,
      taskType: claimed.run.task.type,
    });
    const options = this.#options;
    try {
      let steps: FlowStepRunners;
      switch (claimed.run.flow) {
        case 'CREATE_INSTANCE':
        case 'UPDATE_INSTANCE':
        case 'UPGRADE_INSTANCE': {
          const operatorPhases = OperatorPhaseSteps.create({
            run: claimed,
            deployments: options.deployments,
            pollIntervalMs: options.pollIntervalMs,
            timeoutMs: options.operatorTimeoutMs,
          });
          steps = instanceFlowSteps({
            run: claimed,
            kubeConfig: options.kubeConfig,
            deployments: options.deployments,
            driverFiles: options.driverFiles,
            actions: options.actions,
            operatorPhases,
            velero: {
              velero: options.velero,
              reports: options.veleroReports,
              resyncLocations: options.resyncLocations,
              retryDelayMs: options.retryDelayMs,
            },
            pollIntervalMs: options.pollIntervalMs,
          });
          break;
        }
        case 'STOP_COMPONENTS':
        case 'START_COMPONENTS':
        case 'RESTART_COMPONENTS':
        case 'RUN_JOB': {
          const context = {
            run: claimed,
            kubeConfig: options.kubeConfig,
            deployments: options.deployments,
            pollIntervalMs: options.pollIntervalMs,
          };
          steps =
            claimed.run.flow === 'RUN_JOB'
              ? runJobFlowSteps(context)
              : componentFlowSteps(context);
          break;
        }
        case 'CREATE_BACKUP':
        case 'DELETE_BACKUP':
        case 'RESTORE_BACKUP': {
          const context = {
            run: claimed,
            velero: options.velero,
            reports: options.veleroReports,
            resyncLocations: options.resyncLocations,
            retryDelayMs: options.retryDelayMs,
          };
          steps =
            claimed.run.flow === 'RESTORE_BACKUP'
              ? restoreFlowSteps({
                  ...context,
                  kubeConfig: options.kubeConfig,
                  deployments: options.deployments,
                  pollIntervalMs: options.pollIntervalMs,
                })
              : backupFlowSteps(context);
          break;
        }
        case 'DELETE':
          steps = deleteFlowSteps({
            run: claimed,
            kubeConfig: options.kubeConfig,
            deployments: options.deployments,
            pollIntervalMs: options.pollIntervalMs,
          });
          break;
        default:
          // A flow of a newer server.
          await claimed.complete({
            state: 'FAILED',
            error: `This agent cannot run flow ${claimed.run.flow}`,
          });
          return;
      }
      await runFlow(claimed, steps);
    } catch (error) {
      if (!claimed.signal.aborted) {
        claimed.log.error('Flow run broke off; it is left to its lease', {
          error: String(error),
        });
      }
    }
  }
}
