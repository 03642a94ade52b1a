import { NotFoundError } from '@backstage/errors';
import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Backup, BackupStore } from '../backups/BackupStore';
import { DeploymentBackups } from '../backups/DeploymentBackups';
import { inTransaction } from '../database/inTransaction';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { TaskStartedBy } from '../remediator/Remediator';
import { TaskStore } from '../tasks/TaskStore';
import { eligibleDeployments } from './eligibleDeployments';
import {
  CapturedDeployment,
  EnvironmentBackup,
  EnvironmentBackupStore,
} from './EnvironmentBackupStore';
import {
  EnvironmentBackupView,
  viewEnvironmentBackup,
} from './environmentBackupStatus';

/**
 * What the environment backups read and write with.
 *
 * @internal
 */
export type EnvironmentBackupsOptions = {
  knex: Knex;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  tasks: TaskStore;
  backups: BackupStore;
  environmentBackups: EnvironmentBackupStore;
  deploymentBackups: DeploymentBackups;
};

/** @internal */
export type CreateEnvironmentBackupOptions = {
  environmentId: string;
  /** Of every constituent; the per-deployment default when absent. */
  ttlSeconds?: number;
  createdBy: string;
  /** Its id, when the caller chose it first (an environment clone's task names it). */
  id?: string;
  /** The caller's transaction; one of its own when absent. */
  tx?: Knex.Transaction;
  /**
   * For an environment backup that a step of another task takes: the step, linked to each
   * constituent's task, whose start key is `${startKey}/${deployment id}`.
   */
  startedBy?: TaskStartedBy;
};

/** @internal */
export type DeleteEnvironmentBackupOptions = {
  id: string;
  createdBy: string;
};

/** @internal */
export type ListEnvironmentBackupsOptions = {
  environmentId: string;
  limit: number;
  after?: { createdAt: number; id: string };
};

/**
 * The environment backups as users ask for them. Each operation runs in one transaction
 * and refuses with a coded error writing nothing; the constituents are ordinary backups,
 * recorded through {@link DeploymentBackups} (and so through the remediator), each with
 * its own create_backup task on the cluster's pool.
 *
 * @internal
 */
export class EnvironmentBackups {
  readonly #deps: EnvironmentBackupsOptions;

  static create(options: EnvironmentBackupsOptions): EnvironmentBackups {
    return new EnvironmentBackups(options);
  }

  private constructor(options: EnvironmentBackupsOptions) {
    this.#deps = options;
  }

  /**
   * Backs up an environment in one operation: its configuration, the declared state of
   * every eligible deployment (see `eligibleDeployments`) and one constituent backup of
   * each, recorded in one transaction after the environment's row is locked (no change of
   * the environment interleaves). Refused, writing nothing: an unknown or deleted
   * environment (NOT_FOUND); one without an eligible deployment (CONFLICT); and whatever
   * refuses the backup of one of its deployments (CONFLICT: busy, no backup storage
   * location, ...), with that deployment's name.
   */
  async createEnvironmentBackup(
    options: CreateEnvironmentBackupOptions,
  ): Promise<EnvironmentBackupView> {
    const { environmentId, ttlSeconds, createdBy, startedBy } = options;
    const deps = this.#deps;
    return inTransaction(options.tx ?? deps.knex, async tx => {
      const environment = await deps.environments.getEnvironment({
        tx,
        id: environmentId,
        lock: true,
      });
      if (!environment) {
        throw new NotFoundError(`Environment ${environmentId} does not exist`);
      }
      const eligible = await eligibleDeployments(deps, {
        tx,
        deployments: await deps.deployments.listDeploymentsOfEnvironments({
          tx,
          environmentIds: [environment.id],
        }),
      });
      if (eligible.length === 0) {
        throw new StyrminError(
          'CONFLICT',
          `Environment ${environment.name} cannot be backed up: it has no deployment to back up (deleted deployments and those that failed at their creation are left out)`,
        );
      }
      const id = options.id ?? randomUUID();
      const captured: CapturedDeployment[] = [];
      const backups = new Map<string, Backup>();
      for (const deployment of eligible) {
        const backup = await deps.deploymentBackups.createBackup({
          tx,
          deploymentId: deployment.id,
          ttlSeconds,
          trigger: 'ON_DEMAND',
          environmentBackupId: id,
          createdBy,
          startedBy: startedBy && {
            stepId: startedBy.stepId,
            startKey: `${startedBy.startKey}/${deployment.id}`,
          },
        });
        backups.set(backup.id, backup);
        captured.push({
          deploymentId: deployment.id,
          name: deployment.name,
          driver: deployment.driver,
          configuration: deployment.configuration,
          backupId: backup.id,
        });
      }
      const recorded = await deps.environmentBackups.createEnvironmentBackup({
        tx,
        id,
        environmentId: environment.id,
        environment: {
          name: environment.name,
          clusterId: environment.clusterId,
          overrides: environment.overrides,
          backupStorageLocation: environment.backupStorageLocation,
        },
        deployments: captured,
        createdBy,
      });
      return viewEnvironmentBackup(recorded, backups);
    });
  }

  /**
   * Deletes an environment backup: records the deletion of every constituent that is left
   * (its delete_backup task, through {@link DeploymentBackups}) and removes the record, in
   * one transaction; the constituents go when their tasks succeed. Answers it as it was.
   * Unknown: NOT_FOUND; a constituent whose create_backup task has not ended: CONFLICT,
   * writing nothing.
   */
  async deleteEnvironmentBackup(
    options: DeleteEnvironmentBackupOptions,
  ): Promise<EnvironmentBackupView> {
    const { id, createdBy } = options;
    const deps = this.#deps;
    return deps.knex.transaction(async tx => {
      const environmentBackup = await this.#get(tx, id);
      const constituents = await deps.backups.listConstituentBackups({
        tx,
        environmentBackupId: id,
      });
      const deleting = new Map<string, Backup>();
      for (const constituent of constituents) {
        const backup = await deps.deploymentBackups.deleteBackup({
          tx,
          backupId: constituent.id,
          createdBy,
        });
        deleting.set(backup.id, backup);
      }
      await deps.environmentBackups.deleteEnvironmentBackup({ tx, id });
      return viewEnvironmentBackup(environmentBackup, deleting);
    });
  }

  /** An environment backup with its constituents as they are now; undefined when unknown. */
  async getEnvironmentBackup(options: {
    id: string;
  }): Promise<EnvironmentBackupView | undefined> {
    const found = await this.#deps.environmentBackups.getEnvironmentBackup({
      id: options.id,
    });
    return found && (await this.viewEnvironmentBackups([found]))[0];
  }

  /** A page of an environment's environment backups, newest first, with their statuses. */
  async listEnvironmentBackups(
    options: ListEnvironmentBackupsOptions,
  ): Promise<{ views: EnvironmentBackupView[]; hasNextPage: boolean }> {
    const { environmentBackups, hasNextPage } =
      await this.#deps.environmentBackups.listEnvironmentBackupPage(options);
    return {
      views: await this.viewEnvironmentBackups(environmentBackups),
      hasNextPage,
    };
  }

  /** Environment backups with their constituents as they are now, in one query. */
  async viewEnvironmentBackups(
    environmentBackups: readonly EnvironmentBackup[],
  ): Promise<EnvironmentBackupView[]> {
    const backups = await this.#deps.backups.getBackups({
      ids: environmentBackups.flatMap(e => e.deployments.map(d => d.backupId)),
    });
    const byId = new Map(backups.map(backup => [backup.id, backup]));
    return environmentBackups.map(e => viewEnvironmentBackup(e, byId));
  }

  async #get(
    tx: Knex | Knex.Transaction,
    id: string,
  ): Promise<EnvironmentBackup> {
    const found = await this.#deps.environmentBackups.getEnvironmentBackup({
      tx,
      id,
    });
    if (!found) {
      throw new NotFoundError(`Environment backup ${id} does not exist`);
    }
    return found;
  }
}
