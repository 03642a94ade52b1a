export type {
  Backup,
  BackupPage,
  BackupSchedule,
  BackupStorageLocation,
  Restore,
} from './backupFields';
export { deploymentBackupsOperation } from './deploymentBackups';
export type { DeploymentBackupsOptions } from './deploymentBackups';
export { deploymentRestoresOperation } from './deploymentRestores';
export { restoreOperation } from './restore';
export { backupOperation } from './backup';
export type { BackupDetail } from './backup';
export { createBackupOperation } from './createBackup';
export type { CreateBackupInput } from './createBackup';
export { deleteBackupOperation } from './deleteBackup';
export { restoreBackupOperation } from './restoreBackup';
export { setBackupScheduleOperation } from './setBackupSchedule';
export type { SetBackupScheduleInput } from './setBackupSchedule';
export { removeBackupScheduleOperation } from './removeBackupSchedule';
export { backupScheduleOperation } from './backupSchedule';
export type { RemoveBackupScheduleInput } from './removeBackupSchedule';
export { backupStorageLocationsOperation } from './backupStorageLocations';
export { backupStorageLocationOperation } from './backupStorageLocation';
export { createBackupStorageLocationOperation } from './createBackupStorageLocation';
export type { CreateBackupStorageLocationInput } from './createBackupStorageLocation';
export { updateBackupStorageLocationOperation } from './updateBackupStorageLocation';
export type { UpdateBackupStorageLocationInput } from './updateBackupStorageLocation';
export { deleteBackupStorageLocationOperation } from './deleteBackupStorageLocation';
