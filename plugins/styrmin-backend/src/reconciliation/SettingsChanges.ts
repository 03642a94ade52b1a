import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  allValid,
  applyMergePatch,
  canonicalJson,
  parseBackupStorageLocation,
  parseClusterSettings,
  parseEnvironmentOverrides,
  parseEnvironmentSettings,
  withinField,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { ChangeNotifier } from '../changes/ChangeNotifier';
import { Cluster, ClusterStore } from '../clusters/ClusterStore';
import { DeploymentStore } from '../deployments/DeploymentStore';
import {
  Environment,
  EnvironmentStore,
} from '../environments/EnvironmentStore';
import { Generator, GeneratorChange } from '../generator/Generator';
import { Redeployment, Remediator } from '../remediator/Remediator';
import {
  clusterSettingsCause,
  environmentSettingsCause,
} from '../remediator/taskCauses';
import { TaskCause } from '../tasks/TaskStore';
import { checkSystemEnvironmentChange } from '../utilities/checkUtilityChange';
import { previewRedeployments } from './previewRedeployments';
import { readEnvironment, ReadEnvironmentStores } from './readEnvironment';
import { checkVersion, liveEnvironment, valueOrThrow } from './recordChecks';
import {
  SettingsChangesDeleteEnvironmentOptions,
  SettingsChangesUpdateClusterOptions,
  SettingsChangesUpdateEnvironmentOptions,
  SettingsChangeResult,
} from './types';

type Tx = Knex.Transaction;

/**
 * Options of {@link SettingsChanges.create}.
 *
 * @internal
 */
export type SettingsChangesOptions = ReadEnvironmentStores & {
  knex: Knex;
  generator: Generator;
  remediator: Remediator;
  changes: ChangeNotifier;
};

/**
 * Reconciliation for each change of the settings that deployments use: a cluster's
 * settings or an environment's overrides. The change is validated and recorded, the
 * generator runs over every deployment it can reach, and only those whose context changed
 * are redeployed (a new instance, an update_instance task), all in one transaction; the
 * previews run the same generation and store nothing.
 *
 * A settings change locks the cluster's row (a cluster change) and each environment's row
 * as it regenerates it, in the order of their ids, so that it neither interleaves with the
 * deployment changes of those environments nor waits on them in a cycle. It applies to the
 * version of the record that the caller names, or that the record had when the change
 * arrived; another version is CONFLICT, and nothing is written.
 *
 * @internal
 */
export class SettingsChanges {
  readonly #knex: Knex;
  readonly #clusters: ClusterStore;
  readonly #environments: EnvironmentStore;
  readonly #deployments: DeploymentStore;
  readonly #stores: ReadEnvironmentStores;
  readonly #generator: Generator;
  readonly #remediator: Remediator;
  readonly #changes: ChangeNotifier;

  static create(options: SettingsChangesOptions): SettingsChanges {
    return new SettingsChanges(options);
  }

  private constructor(options: SettingsChangesOptions) {
    this.#knex = options.knex;
    this.#clusters = options.clusters;
    this.#environments = options.environments;
    this.#deployments = options.deployments;
    this.#stores = options;
    this.#generator = options.generator;
    this.#remediator = options.remediator;
    this.#changes = options.changes;
  }

  /**
   * Changes a cluster's settings (a JSON merge patch) and redeploys every deployment on
   * the cluster whose context they change.
   */
  async updateCluster(
    options: SettingsChangesUpdateClusterOptions,
  ): Promise<SettingsChangeResult<Cluster>> {
    const { clusterId, settingsPatch, updatedBy } = options;
    const arrived = await this.#cluster(clusterId);
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#knex.transaction(async tx => {
      const current = await this.#cluster(clusterId, tx);
      checkVersion(`Cluster ${current.name}`, current, expectedVersion);
      const settings = patchedSettings(current.settings, settingsPatch);
      if (sameJson(settings, current.settings)) {
        return { record: current, changed: false, redeployments: [] };
      }
      const record = await this.#clusters.updateCluster({
        tx,
        id: clusterId,
        expectedVersion,
        settings,
        updatedBy,
      });
      this.#changes.notify({ tx, clusterIds: [clusterId] });
      // Environments locked in id order, so that no two changes wait on each other.
      const environments = (
        await this.#environments.listEnvironments({
          tx,
          clusterIds: [clusterId],
        })
      ).sort((a, b) => (a.id < b.id ? -1 : 1));
      const cause = clusterSettingsCause({
        cluster: current,
        before: current.settings,
        after: settings,
        changedBy: updatedBy,
      });
      const redeployments: Redeployment[] = [];
      for (const environment of environments) {
        redeployments.push(
          ...(await this.#redeploy(tx, environment.id, updatedBy, cause)),
        );
      }
      return { record, changed: true, redeployments };
    });
  }

  /** The deployments that {@link SettingsChanges.updateCluster} would redeploy; writes nothing. */
  async previewClusterUpdate(
    options: Pick<
      SettingsChangesUpdateClusterOptions,
      'clusterId' | 'settingsPatch'
    >,
  ): Promise<Redeployment[]> {
    const current = await this.#cluster(options.clusterId);
    const clusterSettings = patchedSettings(
      current.settings,
      options.settingsPatch,
    );
    const environments = await this.#environments.listEnvironments({
      clusterIds: [current.id],
    });
    const previews: Redeployment[] = [];
    for (const environment of environments) {
      previews.push(
        ...(await this.#preview(environment.id, { clusterSettings })),
      );
    }
    return previews;
  }

  /**
   * Changes an environment's overrides or settings (JSON merge patches) or backup storage
   * location, and redeploys every deployment of the environment whose context they change
   * (the settings reach none).
   */
  async updateEnvironment(
    options: SettingsChangesUpdateEnvironmentOptions,
  ): Promise<SettingsChangeResult<Environment>> {
    const { environmentId, updatedBy } = options;
    const arrived = await this.#liveEnvironment(environmentId);
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#knex.transaction(async tx => {
      const current = await this.#lockEnvironment(tx, environmentId);
      checkVersion(`Environment ${current.name}`, current, expectedVersion);
      await this.#checkNotSystem(tx, current, 'change its settings');
      const { overrides, settings, backupStorageLocation } = patchedEnvironment(
        current,
        options,
      );
      const settingsChanged = !sameJson(settings, current.settings);
      if (
        sameJson(overrides, current.overrides) &&
        !settingsChanged &&
        backupStorageLocation === (current.backupStorageLocation ?? null)
      ) {
        return { record: current, changed: false, redeployments: [] };
      }
      const record = await this.#environments.updateEnvironment({
        tx,
        id: environmentId,
        expectedVersion,
        overrides,
        settings,
        backupStorageLocation,
        updatedBy,
      });
      this.#changes.notify({ tx, environmentIds: [environmentId] });
      // The settings reach no context: a change of them alone redeploys nothing.
      const cause = environmentSettingsCause({
        environment: current,
        changed: [
          ...(sameJson(overrides, current.overrides) ? [] : ['overrides']),
          ...(backupStorageLocation === (current.backupStorageLocation ?? null)
            ? []
            : ['backup storage location']),
        ],
        changedBy: updatedBy,
      });
      const redeployments = await this.#redeploy(
        tx,
        environmentId,
        updatedBy,
        cause,
      );
      return { record, changed: true, redeployments };
    });
  }

  /** The deployments that {@link SettingsChanges.updateEnvironment} would redeploy; writes nothing. */
  async previewEnvironmentUpdate(
    options: Pick<
      SettingsChangesUpdateEnvironmentOptions,
      'environmentId' | 'overridesPatch'
    >,
  ): Promise<Redeployment[]> {
    const current = await this.#liveEnvironment(options.environmentId);
    const { overrides } = patchedEnvironment(current, options);
    return this.#preview(current.id, { environmentOverrides: overrides });
  }

  /** Deletes an environment that has no deployments left but tombstones. */
  async deleteEnvironment(
    options: SettingsChangesDeleteEnvironmentOptions,
  ): Promise<Environment> {
    const { environmentId, deletedBy } = options;
    const arrived = await this.#liveEnvironment(environmentId);
    const expectedVersion = options.expectedVersion ?? arrived.version;
    return this.#knex.transaction(async tx => {
      const current = await this.#lockEnvironment(tx, environmentId);
      checkVersion(`Environment ${current.name}`, current, expectedVersion);
      await this.#checkNotSystem(tx, current, 'delete it');
      const left = await this.#deployments.listDeploymentsOfEnvironments({
        tx,
        environmentIds: [environmentId],
      });
      if (left.length > 0) {
        throw new ConflictError(
          `Environment ${current.name} still has deployments (${left
            .map(d => d.name)
            .join(', ')}); delete them first`,
        );
      }
      this.#changes.notify({ tx, environmentIds: [environmentId] });
      return this.#environments.deleteEnvironment({
        tx,
        id: environmentId,
        expectedVersion,
        deletedBy,
      });
    });
  }

  /** Generates an environment as the change stored it, and records what changed. */
  async #redeploy(
    tx: Tx,
    environmentId: string,
    createdBy: string,
    cause: TaskCause,
  ): Promise<Redeployment[]> {
    const records = await readEnvironment(this.#stores, { tx, environmentId });
    return this.#remediator.remediate({
      tx,
      ...this.#generator.generate({ records }),
      createdBy,
      cause,
    });
  }

  /** What a change of the environment's settings would redeploy; writes nothing. */
  async #preview(
    environmentId: string,
    change: GeneratorChange,
  ): Promise<Redeployment[]> {
    const records = await readEnvironment(this.#stores, { environmentId });
    return previewRedeployments(this.#generator.generate({ records, change }));
  }

  /** UTILITY_READ_ONLY for a cluster's system environment (docs/utilities.md). */
  async #checkNotSystem(tx: Tx, environment: Environment, what: string) {
    // Not locked: a cluster change locks its cluster before its environments.
    const cluster = (await this.#clusters.getCluster({
      tx,
      id: environment.clusterId,
    }))!;
    checkSystemEnvironmentChange({ cluster, environment, what });
  }

  #lockEnvironment(tx: Tx, id: string): Promise<Environment> {
    return liveEnvironment({ environments: this.#environments, id, tx });
  }

  #liveEnvironment(id: string): Promise<Environment> {
    return liveEnvironment({ environments: this.#environments, id });
  }

  /** A cluster; in a transaction, locked until it ends. */
  async #cluster(id: string, tx?: Tx): Promise<Cluster> {
    const cluster = await this.#clusters.getCluster({ tx, id, lock: !!tx });
    if (!cluster) {
      throw new NotFoundError(`Cluster ${id} does not exist`);
    }
    return cluster;
  }
}

function patchedSettings(current: unknown, patch: unknown) {
  return valueOrThrow(
    withinField(
      'settings',
      parseClusterSettings(applyMergePatch(current, patch)),
    ),
  );
}

function patchedEnvironment(
  current: Environment,
  options: Pick<
    SettingsChangesUpdateEnvironmentOptions,
    'overridesPatch' | 'settingsPatch' | 'backupStorageLocation'
  >,
) {
  return allValid({
    settings: withinField(
      'settings',
      parseEnvironmentSettings(
        applyMergePatch(current.settings, options.settingsPatch ?? {}),
      ),
    ),
    overrides: withinField(
      'overrides',
      parseEnvironmentOverrides(
        applyMergePatch(current.overrides, options.overridesPatch ?? {}),
      ),
    ),
    backupStorageLocation:
      options.backupStorageLocation === undefined
        ? {
            success: true as const,
            value: current.backupStorageLocation ?? null,
          }
        : parseBackupStorageLocation(options.backupStorageLocation),
  });
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonicalJson(a)) === JSON.stringify(canonicalJson(b));
}
