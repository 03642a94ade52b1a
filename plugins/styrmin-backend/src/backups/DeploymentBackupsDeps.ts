import { Knex } from 'knex';
import { BackupStorageLocationStore } from '../backupStorageLocations/BackupStorageLocationStore';
import { ClusterStore } from '../clusters/ClusterStore';
import { Clock } from '../database/Clock';
import { DeploymentStore } from '../deployments/DeploymentStore';
import { DriverStore } from '../drivers/DriverStore';
import { EnvironmentStore } from '../environments/EnvironmentStore';
import { InstanceStore } from '../instances/InstanceStore';
import { Remediator } from '../remediator/Remediator';
import { TaskStore } from '../tasks/TaskStore';
import { BackupScheduleStore } from './BackupScheduleStore';
import { BackupStore } from './BackupStore';
import { RestoreStore } from './RestoreStore';

/**
 * What the backup operations read and write with: the stores, the remediator that records
 * their tasks, one database and one clock.
 *
 * @internal
 */
export type DeploymentBackupsDeps = {
  knex: Knex;
  clock: Clock;
  clusters: ClusterStore;
  environments: EnvironmentStore;
  deployments: DeploymentStore;
  instances: InstanceStore;
  drivers: DriverStore;
  tasks: TaskStore;
  backups: BackupStore;
  restores: RestoreStore;
  backupSchedules: BackupScheduleStore;
  backupStorageLocations: BackupStorageLocationStore;
  remediator: Remediator;
};

/**
 * Who the backups that a schedule takes, and the deletions at expiry, are recorded as.
 *
 * @internal
 */
export const BACKUP_SCHEDULER_SUBJECT = 'plugin:styrmin/backup-scheduler';

/**
 * The TTL of a backup that names none: 30 days, Velero's default (720h).
 *
 * @internal
 */
export const DEFAULT_BACKUP_TTL_SECONDS = 30 * 24 * 3600;
