export { readDriverDirectory, DRIVER_FILE } from './readDriverDirectory';
export type { DriverLimits } from './DriverDirectory';
export type {
  DriverBundle,
  DriverBundleFile,
  DriverProblem,
  ReadDriverDirectoryResult,
} from './types';
