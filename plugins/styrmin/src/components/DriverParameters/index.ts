export { DriverParameters } from './DriverParameters';
export type { DriverParametersProps } from './DriverParameters';
