export { DriverActions } from './DriverActions';
export type { DriverActionsProps } from './DriverActions';
