export { DriverPage } from './DriverPage';
export type { DriverPageProps } from './DriverPage';
