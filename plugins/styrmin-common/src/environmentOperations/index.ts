export { EnvironmentBackupStatus } from './EnvironmentBackupStatus';
export {
  computeEnvironmentBackupStatus,
  type EnvironmentBackupConstituentState,
} from './computeEnvironmentBackupStatus';
