export { CreateEnvironment } from './CreateEnvironment';
export type { CreateEnvironmentProps } from './CreateEnvironment';
export { EditEnvironment } from './EditEnvironment';
export type { EditEnvironmentProps } from './EditEnvironment';
export { DeleteEnvironment } from './DeleteEnvironment';
export type { DeleteEnvironmentProps } from './DeleteEnvironment';
export { BackupStorageLocationSelect } from './BackupStorageLocationSelect';
export type { BackupStorageLocationSelectProps } from './BackupStorageLocationSelect';
