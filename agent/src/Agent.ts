import { KubeConfig } from '@kubernetes/client-node';
import {
  AGENT_PROTOCOL_VERSION,
  AgentInfo,
  AgentProtocolClient,
  StyrminApiError,
} from '@styrmin/sdk';
import path from 'node:path';
import { ActionRunner } from './actions/ActionRunner';
import { BackupStorageLocationKeeper } from './backupStorageLocations/BackupStorageLocationKeeper';
import { ChartServer } from './charts/ChartServer';
import { DriverChartRepository } from './charts/DriverChartRepository';
import { sleep } from './cluster/sleep';
import { StyrminDeploymentClient } from './cluster/StyrminDeploymentClient';
import { AgentConfig } from './config/AgentConfig';
import { BundleDriverFiles } from './drivers/BundleDriverFiles';
import { Logger } from './logging/Logger';
import { Operator } from './operator/Operator';
import { StatusReporter } from './statusReporter/StatusReporter';
import { VeleroClient } from './velero/VeleroClient';
import { Worker } from './worker/Worker';

/** @public */
export interface AgentOptions {
  config: AgentConfig;
  logger: Logger;
  /** How to reach the cluster; default from `config.kubeconfigPath`, else in-cluster. */
  kubeConfig?: KubeConfig;
  /** How often waiting steps and the operator look again; for tests. */
  pollIntervalMs?: number;
  /** At most one status report per deployment in this time. Default 2 s. */
  statusIntervalMs?: number;
  /** How often the server's backup storage locations are read. Default 60 s. */
  locationsIntervalMs?: number;
}

/**
 * The agent: one per cluster (DESIGN.md, "Recorded intent"). It puts together, around one
 * agent protocol client with the cluster's token:
 * - the chart server, which serves the charts that drivers ship to Flux;
 * - the operator, which reconciles the StyrminDeployment resources and writes its phases
 *   in their status conditions, from which the worker reports them as steps;
 * - the status reporter, which sends what it observes;
 * - the backup storage location keeper, which keeps Velero's locations as the server
 *   lists them and reports their phases;
 * - the worker, which claims and runs the cluster's flow runs.
 * They start in that order, so that nothing is claimed before it can be carried out, and
 * stop the other way round. The keeper is not waited for: on a cluster without Velero it
 * keeps trying to list Velero's locations, and everything else works.
 *
 * @public
 */
export class Agent {
  readonly #logger: Logger;
  readonly #client: AgentProtocolClient;
  readonly #chartServer: ChartServer;
  readonly #operator: Operator;
  readonly #statusReporter: StatusReporter;
  readonly #locationKeeper: BackupStorageLocationKeeper;
  readonly #worker: Worker;
  readonly #stopping = new AbortController();

  private constructor(options: AgentOptions) {
    const { config, logger } = options;
    const kubeConfig = options.kubeConfig ?? loadKubeConfig(config);
    this.#logger = logger;
    this.#client = AgentProtocolClient.create({
      serverUrl: config.serverUrl,
      token: config.token,
    });
    const driverFiles = BundleDriverFiles.create({
      directory: path.join(config.cacheDirectory, 'bundles'),
      fetchBundle: async digest => {
        try {
          return (await this.#client.bundle(digest)).files;
        } catch (error) {
          if (error instanceof StyrminApiError && error.code === 'NOT_FOUND') {
            return undefined;
          }
          throw error;
        }
      },
    });
    this.#chartServer = ChartServer.create({
      repository: DriverChartRepository.create({
        driverFiles,
        helm: config.helm,
        directory: path.join(config.cacheDirectory, 'charts'),
      }),
      logger,
      port: config.chartPort,
    });
    this.#operator = Operator.create({
      kubeConfig,
      namespace: config.namespace,
      driverChartsUrl: config.chartsUrl,
      helm: config.helm,
      driverFiles,
      logger,
      pollIntervalMs: options.pollIntervalMs,
    });
    this.#statusReporter = StatusReporter.create({
      kubeConfig,
      namespace: config.namespace,
      report: report => this.#client.reportDeploymentStatus(report),
      logger,
      intervalMs: options.statusIntervalMs,
    });
    this.#locationKeeper = BackupStorageLocationKeeper.create({
      kubeConfig,
      veleroNamespace: config.veleroNamespace,
      protocol: {
        backupStorageLocations: () => this.#client.backupStorageLocations(),
        reportBackupStorageLocationStatus: report =>
          this.#client.reportBackupStorageLocationStatus(report),
      },
      logger,
      resyncIntervalMs: options.locationsIntervalMs,
    });
    this.#worker = Worker.create({
      client: this.#client,
      kubeConfig,
      deployments: StyrminDeploymentClient.create({
        kubeConfig,
        namespace: config.namespace,
      }),
      driverFiles,
      actions: ActionRunner.create({ logger, serverUrl: config.serverUrl }),
      logger,
      concurrency: config.concurrency,
      owner: config.owner,
      pollIntervalMs: options.pollIntervalMs,
      velero: VeleroClient.create({
        kubeConfig,
        namespace: config.veleroNamespace,
      }),
      veleroReports: {
        backup: (backupId, report) =>
          this.#client.reportBackupStatus({ backupId, ...report }),
        restore: (restoreId, report) =>
          this.#client.reportRestoreStatus({ restoreId, ...report }),
      },
      resyncLocations: () => this.#locationKeeper.resync(),
    });
  }

  static create(options: AgentOptions): Agent {
    return new Agent(options);
  }

  /**
   * Waits until the server answers (it may start after the agent), refuses a server that
   * speaks another protocol version or does not know the token, then starts everything.
   * Resolves with the port of the chart server.
   */
  async start(): Promise<{ chartPort: number }> {
    const info = await this.#serverInfo();
    this.#logger.info('Connected to the Styrmin server', {
      cluster: info.cluster.name,
      workPool: info.workPool,
      protocolVersion: info.protocolVersion,
    });
    const { port } = await this.#chartServer.start();
    await this.#operator.start();
    await this.#statusReporter.start();
    this.#locationKeeper.start().catch(error =>
      this.#logger.error('The backup storage location keeper stopped', {
        error: String(error),
      }),
    );
    this.#worker.start();
    this.#logger.info('Started agent', { owner: this.#worker.owner });
    return { chartPort: port };
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#worker.stop();
    await this.#locationKeeper.stop();
    await this.#statusReporter.stop();
    await this.#operator.stop();
    await this.#chartServer.stop();
    this.#logger.info('Stopped agent');
  }

  async #serverInfo(): Promise<AgentInfo> {
    let delay = 1_000;
    for (;;) {
      try {
        const info = await this.#client.info({
          signal: this.#stopping.signal,
        });
        if (info.protocolVersion !== AGENT_PROTOCOL_VERSION) {
          throw new Error(
            `The Styrmin server speaks agent protocol version ${info.protocolVersion}; this agent speaks version ${AGENT_PROTOCOL_VERSION}`,
          );
        }
        return info;
      } catch (error) {
        if (
          this.#stopping.signal.aborted ||
          !(error instanceof StyrminApiError) ||
          error.code !== 'UNAVAILABLE'
        ) {
          throw error;
        }
        this.#logger.error('Waiting for the Styrmin server', {
          error: error.message,
        });
        await sleep(delay, this.#stopping.signal);
        delay = Math.min(delay * 2, 30_000);
      }
    }
  }
}

function loadKubeConfig(config: AgentConfig): KubeConfig {
  const kubeConfig = new KubeConfig();
  if (config.kubeconfigPath) {
    kubeConfig.loadFromFile(config.kubeconfigPath);
  } else {
    kubeConfig.loadFromCluster();
  }
  return kubeConfig;
}
