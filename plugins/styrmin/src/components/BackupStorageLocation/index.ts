export { BackupStorageLocationPhaseChip } from './BackupStorageLocationPhaseChip';
export { BackupStorageLocationStatus } from './BackupStorageLocationStatus';
export type { BackupStorageLocationStatusProps } from './BackupStorageLocationStatus';
