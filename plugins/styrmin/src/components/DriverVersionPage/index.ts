export { DriverVersionPage } from './DriverVersionPage';
export type { DriverVersionPageProps } from './DriverVersionPage';
