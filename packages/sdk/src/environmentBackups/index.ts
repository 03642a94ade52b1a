export { EnvironmentBackupsClient } from './EnvironmentBackupsClient';
