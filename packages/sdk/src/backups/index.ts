export { BackupsClient } from './BackupsClient';
export { BackupStorageLocationsClient } from './BackupStorageLocationsClient';
