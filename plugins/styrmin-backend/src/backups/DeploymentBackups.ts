import { LoggerService } from '@backstage/backend-plugin-api';
import {
  BackupScheduleOwner,
  BackupScheduleRecord,
} from './BackupScheduleStore';
import { Backup } from './BackupStore';
import { DeploymentBackupsDeps } from './DeploymentBackupsDeps';
import {
  removeBackupSchedule,
  setBackupSchedule,
  SetBackupScheduleOptions,
} from './operations/backupSchedules';
import { createBackup, CreateBackupOptions } from './operations/createBackup';
import {
  crossTargetRestore,
  CrossTargetRestoreOptions,
} from './operations/crossTargetRestore';
import { deleteBackup, DeleteBackupOptions } from './operations/deleteBackup';
import { expireBackups } from './operations/expireBackups';
import {
  restoreBackup,
  RestoreBackupOptions,
} from './operations/restoreBackup';
import { runBackupSchedules } from './operations/runBackupSchedules';
import { Restore } from './RestoreStore';

/**
 * Options of {@link DeploymentBackups.create}.
 *
 * @internal
 */
export type DeploymentBackupsOptions = DeploymentBackupsDeps & {
  logger: LoggerService;
};

/**
 * The backups of deployments as users and the scheduler ask for them: each operation
 * checks first and refuses with a coded error writing nothing, then records its task
 * through the remediator in one transaction with the backup or restore record (see each
 * operation in `operations/`). The agent runs the tasks; what it reports updates the
 * records (the agent protocol) and the end of their runs follows (`BackupRunFollower`).
 *
 * @internal
 */
export class DeploymentBackups {
  readonly #deps: DeploymentBackupsOptions;

  static create(options: DeploymentBackupsOptions): DeploymentBackups {
    return new DeploymentBackups(options);
  }

  private constructor(options: DeploymentBackupsOptions) {
    this.#deps = options;
  }

  /** A backup of the deployment's active instance, with its create_backup task. */
  createBackup(options: CreateBackupOptions): Promise<Backup> {
    return createBackup(this.#deps, options);
  }

  /** An in-place restore, with its restore_backup task; the deployment goes RESTORING. */
  restoreBackup(options: RestoreBackupOptions): Promise<Restore> {
    return restoreBackup(this.#deps, options);
  }

  /**
   * A cross-target restore into the deployment an environment clone created: for the
   * clone's flow only (the restore mutation restores in place).
   */
  restoreIntoClone(options: CrossTargetRestoreOptions): Promise<Restore> {
    return crossTargetRestore(this.#deps, options);
  }

  /** The deletion of a backup: its delete_backup task; the record goes when it succeeds. */
  deleteBackup(options: DeleteBackupOptions): Promise<Backup> {
    return deleteBackup(this.#deps, options);
  }

  setBackupSchedule(
    options: SetBackupScheduleOptions,
  ): Promise<BackupScheduleRecord> {
    return setBackupSchedule(this.#deps, options);
  }

  removeBackupSchedule(options: {
    owner: BackupScheduleOwner;
  }): Promise<boolean> {
    return removeBackupSchedule(this.#deps, options);
  }

  /** Deletes the backups whose TTL has passed; answers how many deletions it recorded. */
  expireBackups(): Promise<number> {
    return expireBackups(this.#deps);
  }

  /** Takes the scheduled backups that are due; answers how many. */
  runSchedules(): Promise<number> {
    return runBackupSchedules(this.#deps);
  }
}
