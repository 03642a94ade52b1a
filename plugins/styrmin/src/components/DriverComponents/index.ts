export { DriverComponents } from './DriverComponents';
export type { DriverComponentsProps } from './DriverComponents';
