export { EnvironmentBackups } from './EnvironmentBackups';
export type { EnvironmentBackupsProps } from './EnvironmentBackups';
