export { DriverIcon } from './DriverIcon';
export type { DriverIconProps } from './DriverIcon';
