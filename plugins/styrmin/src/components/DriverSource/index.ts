export { DriverSource } from './DriverSource';
export type { DriverSourceProps } from './DriverSource';
