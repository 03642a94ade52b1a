export { DriverHeading } from './DriverHeading';
export type { DriverHeadingProps } from './DriverHeading';
