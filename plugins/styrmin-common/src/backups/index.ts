export {
  BackupStorageLocationPhase,
  BackupStorageProvider,
  isBackupStorageLocationConfigured,
  type BackupStorageCredentialsRef,
  type BackupStorageLocationStore,
} from './BackupStorageLocation';
export { BackupTrigger } from './BackupTrigger';
export {
  effectiveBackupSchedule,
  nextScheduledBackup,
  parseBackupSchedule,
  type BackupSchedule,
} from './BackupSchedule';
export {
  backupExpiresAt,
  MAX_BACKUP_TTL_SECONDS,
  parseBackupTtl,
  veleroTtl,
} from './backupTtl';
export {
  nextCronRun,
  parseCronExpression,
  type CronExpression,
} from './cronExpression';
export {
  backupRefusal,
  restoreRefusal,
  type RestoreRefusal,
} from './restoreRefusal';
export {
  TERMINAL_VELERO_BACKUP_PHASES,
  TERMINAL_VELERO_RESTORE_PHASES,
  VeleroBackupPhase,
  VeleroRestorePhase,
} from './veleroPhases';
export {
  VELERO_OBJECT_LABELS,
  veleroBackupName,
  veleroRestoreName,
} from './veleroObjectNames';
export { parseBackupStorageLocationInput } from './parseBackupStorageLocationInput';
