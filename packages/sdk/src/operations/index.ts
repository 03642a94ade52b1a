export type { StyrminOperation } from './StyrminOperation';
export { serverInfoOperation } from './serverInfo';
export type { DatabaseEngine, ServerInfo } from './serverInfo';
export { driversOperation } from './drivers';
export type { Driver, DriverVersionSummary } from './drivers';
export { driverOperation } from './driver';
export { driverVersionOperation } from './driverVersion';
export type {
  DriverSource,
  DriverVersion,
  DriverVersionAction,
  DriverVersionComponent,
  DriverVersionParameter,
  DriverVersionService,
} from './driverVersionFields';
export { loadDriverOperation } from './loadDriver';
export type { LoadDriverInput, LoadDriverResult } from './loadDriver';
