export { DriverLoad } from './DriverLoad';
export type { DriverLoadProps } from './DriverLoad';
