import { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import { ClusterSettings } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import {
  Cluster,
  ClusterStore,
  ClusterWithAgentToken,
} from '../clusters/ClusterStore';
import { Deployment, DeploymentStore } from '../deployments/DeploymentStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { DeploymentChanges } from '../reconciliation/DeploymentChanges';
import { Redeployment } from '../remediator/Remediator';
import { systemEnvironmentName, Utility } from './Utility';
import { UTILITIES_LOADED_BY } from './UtilityCatalog';
import { wantedUtilities } from './wantedUtilities';

type Tx = Knex.Transaction;

/**
 * Options of {@link ClusterUtilities.create}.
 *
 * @internal
 */
export type ClusterUtilitiesOptions = {
  knex: Knex;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  deploymentChanges: DeploymentChanges;
  /** The utilities Styrmin ships (UtilityCatalog). */
  utilities: ReadonlyArray<Utility>;
  logger: LoggerService;
};

/**
 * Each cluster's utilities (docs/utilities.md), as deployments of its system environment
 * `system-<cluster>`: made with the cluster, and brought to what the cluster's settings
 * want after each change of them and at start (a utility switched on is created, one
 * switched off deleted, one whose shipped driver version changed upgraded). Every change
 * goes through DeploymentChanges, so the generator, the remediator, the flows, the
 * operator and the status reporter treat a utility as any deployment; only this class's
 * changes pass the system environment's guard (checkUtilityChange).
 *
 * @internal
 */
export class ClusterUtilities {
  readonly #knex: Knex;
  readonly #clusters: ClusterStore;
  readonly #environments: EnvironmentStore;
  readonly #deployments: DeploymentStore;
  readonly #changes: DeploymentChanges;
  readonly #utilities: ReadonlyArray<Utility>;
  readonly #logger: LoggerService;

  static create(options: ClusterUtilitiesOptions): ClusterUtilities {
    return new ClusterUtilities(options);
  }

  private constructor(options: ClusterUtilitiesOptions) {
    this.#knex = options.knex;
    this.#clusters = options.clusters;
    this.#environments = options.environments;
    this.#deployments = options.deployments;
    this.#changes = options.deploymentChanges;
    this.#utilities = options.utilities;
    this.#logger = options.logger;
  }

  /**
   * Registers a cluster with its system environment and the deployments of the utilities
   * its settings want, in one transaction: a taken cluster name, or a system environment
   * name taken by another environment, is CONFLICT and writes nothing.
   */
  async registerCluster(options: {
    name: string;
    settings: ClusterSettings;
    createdBy: string;
  }): Promise<ClusterWithAgentToken> {
    return this.#knex.transaction(async tx => {
      const registered = await this.#clusters.registerCluster({
        tx,
        ...options,
      });
      if (this.#utilities.length === 0) {
        return registered;
      }
      const cluster = await this.#giveSystemEnvironment(
        tx,
        registered.cluster,
        options.createdBy,
      );
      for (const utility of wantedUtilities(
        this.#utilities,
        cluster.settings,
      )) {
        await this.#create(cluster, utility, tx);
      }
      return { ...registered, cluster };
    });
  }

  /**
   * Brings the cluster's utilities to what its settings want; what it changed. Run after
   * a change of the cluster's settings: the change itself redeployed the utilities whose
   * context it changed, like any deployment.
   */
  async reconcileCluster(options: {
    clusterId: string;
  }): Promise<Redeployment[]> {
    if (this.#utilities.length === 0) {
      return [];
    }
    let cluster = (await this.#clusters.getCluster({ id: options.clusterId }))!;
    if (!cluster.systemEnvironmentId) {
      cluster = await this.#knex.transaction(tx =>
        this.#giveSystemEnvironment(tx, cluster, UTILITIES_LOADED_BY),
      );
    }
    const wanted = wantedUtilities(this.#utilities, cluster.settings);
    const present = await this.#deployments.listDeploymentsOfEnvironments({
      environmentIds: [cluster.systemEnvironmentId!],
    });
    const changed: Redeployment[] = [];
    for (const utility of wanted) {
      const deployment = present.find(d => d.name === utility.name);
      const redeployment = deployment
        ? await this.#upgrade(deployment, utility)
        : await this.#create(cluster, utility);
      changed.push(...(redeployment ? [redeployment] : []));
    }
    for (const deployment of present) {
      if (!wanted.some(utility => utility.name === deployment.name)) {
        changed.push(await this.#delete(deployment));
      }
    }
    return changed;
  }

  /** {@link ClusterUtilities.reconcileCluster} for every cluster: what the backend runs at start. */
  async reconcileAll(): Promise<void> {
    for (const cluster of await this.#clusters.listClusters()) {
      try {
        const changed = await this.reconcileCluster({ clusterId: cluster.id });
        for (const { deployment, flowName } of changed) {
          this.#logger.info(
            `Utility ${deployment.name} of cluster ${cluster.name}: ${flowName}`,
          );
        }
      } catch (error) {
        // Another replica starting at the same time made the same change first.
        if (!(error instanceof ConflictError)) {
          throw error;
        }
        this.#logger.info(
          `Utilities of cluster ${cluster.name} changed meanwhile: ${error.message}`,
        );
      }
    }
  }

  async #giveSystemEnvironment(
    tx: Tx,
    cluster: Cluster,
    createdBy: string,
  ): Promise<Cluster> {
    const environment = await this.#environments.createEnvironment({
      tx,
      name: systemEnvironmentName(cluster.name),
      clusterId: cluster.id,
      overrides: {},
      createdBy,
    });
    return this.#clusters.setSystemEnvironment({
      tx,
      id: cluster.id,
      environmentId: environment.id,
    });
  }

  async #create(
    cluster: Cluster,
    utility: Utility,
    tx?: Tx,
  ): Promise<Redeployment | undefined> {
    const result = await this.#changes.createDeployment({
      tx,
      environmentId: cluster.systemEnvironmentId!,
      name: utility.name,
      driver: { name: utility.name, version: utility.driverVersion },
      configuration: { app_version: utility.appVersion },
      createdBy: UTILITIES_LOADED_BY,
      byStyrmin: true,
    });
    return result.redeployment;
  }

  /** Moves a utility to the driver and application versions Styrmin ships now, if others. */
  async #upgrade(
    deployment: Deployment,
    utility: Utility,
  ): Promise<Redeployment | undefined> {
    const sameDriver = deployment.driver.version === utility.driverVersion;
    if (
      sameDriver &&
      deployment.configuration.app_version === utility.appVersion
    ) {
      return undefined;
    }
    const result = await this.#changes.changeDeployment({
      deploymentId: deployment.id,
      ...(!sameDriver && {
        driverVersion: utility.driverVersion,
        allowDowngrade: true,
      }),
      configurationPatch: { app_version: utility.appVersion },
      updatedBy: UTILITIES_LOADED_BY,
      byStyrmin: true,
    });
    return result.redeployment;
  }

  async #delete(deployment: Deployment): Promise<Redeployment> {
    const result = await this.#changes.deleteDeployment({
      deploymentId: deployment.id,
      deletedBy: UTILITIES_LOADED_BY,
      byStyrmin: true,
    });
    return result.redeployment!;
  }
}
