import {
  Backup,
  BackupDetail,
  backupOperation,
  BackupPage,
  BackupSchedule,
  backupScheduleOperation,
  createBackupOperation,
  CreateBackupInput,
  deleteBackupOperation,
  DeploymentBackupsOptions,
  deploymentBackupsOperation,
  deploymentRestoresOperation,
  removeBackupScheduleOperation,
  RemoveBackupScheduleInput,
  Restore,
  restoreBackupOperation,
  restoreOperation,
  setBackupScheduleOperation,
  SetBackupScheduleInput,
} from '../operations/backups';
import { ClientParts } from './ClientParts';

/**
 * The backups of deployments, their in-place restores and backup schedules:
 * `StyrminClient.backups`. Every failure rejects with a {@link StyrminApiError}.
 *
 * @public
 */
export class BackupsClient {
  readonly #execute: ClientParts['execute'];
  readonly #growTree: ClientParts['growTree'];

  /** @internal */
  static create(parts: ClientParts): BackupsClient {
    return new BackupsClient(parts);
  }

  private constructor(parts: ClientParts) {
    this.#execute = parts.execute;
    this.#growTree = parts.growTree;
  }

  /**
   * A page of a deployment's backups, of every instance it has had, newest first (a
   * tombstone's too); undefined for an unknown deployment.
   */
  list(options: DeploymentBackupsOptions): Promise<BackupPage | undefined> {
    return this.#execute(deploymentBackupsOperation, { ...options });
  }

  /**
   * One backup with its task's steps as a tree (`StyrminClient.taskTree`), or undefined
   * when there is none.
   */
  async get(id: string): Promise<BackupDetail | undefined> {
    const backup = await this.#execute(backupOperation, { id });
    return (
      backup && {
        ...backup,
        task: backup.task && (await this.#growTree(backup.task)),
      }
    );
  }

  /**
   * Backs up a deployment now (a create_backup task), kept for `ttl` (a Velero duration,
   * `720h0m0s`) or its schedule's TTL.
   */
  create(input: CreateBackupInput): Promise<Backup> {
    return this.#execute(createBackupOperation, { input });
  }

  /** Deletes a backup and its Velero objects (a delete_backup task). */
  delete(id: string): Promise<Backup> {
    return this.#execute(deleteBackupOperation, { input: { id } });
  }

  /**
   * Restores a backup in place, into the deployment it was taken of (a restore_backup
   * task): the deployment is RESTORING while its components stop, the volume claims the
   * backup holds are replaced and the backup's objects updated, and RUNNING again after.
   * Refused (CONFLICT) for a tombstone, a backup that is not Completed, or while another
   * task of the deployment runs.
   */
  restore(backupId: string): Promise<Restore> {
    return this.#execute(restoreBackupOperation, {
      input: { backup: backupId },
    });
  }

  /**
   * A deployment's restores, newest first (`first`, 1 to 100, 20 by default); undefined
   * for an unknown deployment.
   */
  restores(options: {
    id: string;
    first?: number;
  }): Promise<Restore[] | undefined> {
    return this.#execute(deploymentRestoresOperation, { ...options });
  }

  /** One restore, or undefined when there is none. */
  getRestore(id: string): Promise<Restore | undefined> {
    return this.#execute(restoreOperation, { id });
  }

  /**
   * The backup schedule that applies to a deployment (its own, else its environment's:
   * `inherited` says which) or an environment's own; null when there is none.
   */
  schedule(
    of: { deployment: string } | { environment: string },
  ): Promise<BackupSchedule | null> {
    const ofDeployment = 'deployment' in of;
    return this.#execute(backupScheduleOperation, {
      deployment: ofDeployment ? of.deployment : null,
      environment: ofDeployment ? null : of.environment,
      ofDeployment,
    });
  }

  /** Sets a deployment's or an environment's backup schedule (cron, TTL, paused). */
  setSchedule(input: SetBackupScheduleInput): Promise<BackupSchedule> {
    return this.#execute(setBackupScheduleOperation, { input });
  }

  /**
   * Removes a deployment's or an environment's own schedule (a deployment then follows
   * its environment's); false when it had none.
   */
  removeSchedule(input: RemoveBackupScheduleInput): Promise<boolean> {
    return this.#execute(removeBackupScheduleOperation, { input });
  }
}
