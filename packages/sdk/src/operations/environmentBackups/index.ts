export type {
  EnvironmentBackup,
  EnvironmentBackupPage,
} from './environmentBackupFields';
export { environmentBackupOperation } from './environmentBackup';
export { environmentBackupsOperation } from './environmentBackups';
export type { EnvironmentBackupsOptions } from './environmentBackups';
export { createEnvironmentBackupOperation } from './createEnvironmentBackup';
export type { CreateEnvironmentBackupInput } from './createEnvironmentBackup';
export { deleteEnvironmentBackupOperation } from './deleteEnvironmentBackup';
export { environmentBackupSummariesOperation } from './environmentBackupSummaries';
export type {
  EnvironmentBackupSummary,
  EnvironmentBackupSummaryPage,
} from './environmentBackupSummaries';
