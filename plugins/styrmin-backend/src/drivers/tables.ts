import { DbTimestamp } from '../database/tables';

/*
 * The rows of the driver tables as the database returns them (see
 * migrations/20261130020000_driver_versions.js and 20261201020000_driver_version_uses.js).
 * Only the driver store reads and writes them.
 */

/** `styrmin_drivers`: one application driver, by name. */
export const DRIVERS_TABLE = 'styrmin_drivers';
/** `styrmin_driver_bundles`: the files of driver versions, by content digest. */
export const DRIVER_BUNDLES_TABLE = 'styrmin_driver_bundles';
/** `styrmin_driver_versions`: the loaded, immutable application driver versions. */
export const DRIVER_VERSIONS_TABLE = 'styrmin_driver_versions';

/** `styrmin_drivers` */
export type DbDriverRow = {
  /** `metadata.name` of its versions, a DNS label. */
  name: string;
  /** When its first version was loaded. */
  created_at: DbTimestamp;
};

/** `styrmin_driver_bundles` */
export type DbDriverBundleRow = {
  /** `sha256:<hex>`: the digest of the files, which the unpacked archive hashes to. */
  digest: string;
  /** The files, as `packDriverBundle` of @styrmin/plugin-styrmin-node writes them. */
  archive: Buffer;
  file_count: number;
  /** The bytes of the files, unpacked. */
  size_bytes: number;
  created_at: DbTimestamp;
};

/** `styrmin_driver_versions` */
export type DbDriverVersionRow = {
  /** A UUID, for the records (deployments) that will pin the version. */
  id: string;
  driver_name: string;
  /** `spec.version`, a canonical semver; unique per driver. */
  version: string;
  /** The validated driver.styrmin.yml (defaults filled in), as JSON. */
  spec: string;
  /** The bundle's digest. */
  digest: string;
  /**
   * What it uses of the context, a JSON list of key lists (migrations/
   * 20261201020000_driver_version_uses.js); null for a version loaded before.
   */
  uses: string | null;
  /** A utility's version (migrations/20261203040000_utilities.js); false for drivers users load. */
  utility: boolean | number;
  /** `DIRECTORY`, `GIT` or `UPLOAD`. */
  source_type: string;
  /**
   * DIRECTORY: the real path on the server. GIT: the driver's directory in the repository.
   * UPLOAD: the directory as the client named it, if it did.
   */
  source_path: string | null;
  /** GIT: the repository URL (never with credentials). */
  source_url: string | null;
  /** GIT: the branch, tag or commit asked for; null for the default branch. */
  source_ref: string | null;
  /** GIT: the full object name of the commit that was loaded. */
  source_commit: string | null;
  /** The user entity ref, or the subject of the service, that loaded it. */
  loaded_by: string;
  loaded_at: DbTimestamp;
};
