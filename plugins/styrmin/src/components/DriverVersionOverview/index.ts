export { DriverVersionOverview } from './DriverVersionOverview';
export type { DriverVersionOverviewProps } from './DriverVersionOverview';
