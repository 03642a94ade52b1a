export { readDriverDirectory, DRIVER_FILE } from './readDriverDirectory';
export {
  readDriverFromGit,
  type ReadDriverFromGitOptions,
  type ReadDriverFromGitResult,
} from './readDriverFromGit';
export { readDriverArchive } from './readDriverArchive';
export {
  DriverArchiveError,
  MAX_DRIVER_ARCHIVE_BYTES,
  packDriverBundle,
  unpackDriverBundle,
} from './driverBundleArchive';
export { digestDriverFiles } from './digestDriverFiles';
export { checkGitUrl, isGitUrl, type CheckedGitUrl } from './gitInput';
export type { DriverLimits } from './DriverDirectory';
export type {
  DriverBundle,
  DriverBundleFile,
  DriverProblem,
  ReadDriverDirectoryResult,
} from './types';
