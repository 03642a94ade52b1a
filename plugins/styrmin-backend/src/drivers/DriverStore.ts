import { ContextUses, DriverSpec } from '@styrmin/plugin-styrmin-common';
import { DriverBundle, DriverBundleFile } from '@styrmin/plugin-styrmin-node';
import { TransactionOption } from '../database/TransactionOption';

/**
 * Where an application driver version was loaded from.
 *
 * @internal
 */
export type DriverSource =
  | {
      /** A directory on the server's machine. */
      type: 'DIRECTORY';
      /** Its real path (symbolic links resolved). */
      path: string;
    }
  | {
      /** A git repository that the server cloned. */
      type: 'GIT';
      /** The repository, as given (it never holds credentials). */
      url: string;
      /** The branch, tag or commit asked for; absent for the default branch. */
      ref?: string;
      /** The full object name of the commit that was loaded. */
      commit: string;
      /** The driver directory inside the repository (`.` for its root). */
      path: string;
    }
  | {
      /** Files that a client read and sent, validated again by the server. */
      type: 'UPLOAD';
      /** The directory the client read, as the client named it; for people only. */
      path?: string;
    };

/**
 * One loaded, immutable application driver version.
 *
 * @internal
 */
export type DriverVersion = {
  /** A UUID. */
  id: string;
  /** The driver's name (`metadata.name`). */
  name: string;
  /** `spec.version`. */
  version: string;
  /** driver.styrmin.yml as validated, defaults filled in. */
  spec: DriverSpec;
  /** `sha256:<hex>` over the bundle's files. */
  digest: string;
  /**
   * What its values template and actions read of the context (`driverVersionUses`),
   * found when it was loaded; absent for a version loaded before Styrmin found it (its
   * instances get the whole context).
   */
  uses?: ContextUses;
  source: DriverSource;
  /**
   * Set for a utility's version (docs/utilities.md): an internal driver Styrmin loads at
   * start from its utilities directory and deploys on each cluster; no user lists or
   * deploys it.
   */
  utility?: true;
  /** The user entity ref or service subject that loaded it. */
  loadedBy: string;
  loadedAt: Date;
};

/**
 * An application driver with its loaded versions.
 *
 * @internal
 */
export type Driver = {
  name: string;
  /** When its first version was loaded. */
  createdAt: Date;
  /** Newest first, in semver order; never empty. */
  versions: DriverVersion[];
};

/** @internal */
export type DriverStoreLoadOptions = TransactionOption & {
  /** What readDriverDirectory (or the git and archive readers) returned. */
  bundle: DriverBundle;
  source: DriverSource;
  loadedBy: string;
  /**
   * A utility's version, which only Styrmin loads. A driver's versions are all utilities
   * or none: a load of the other kind under a utility's name, or a utility's under an
   * application driver's, is refused with `UTILITY_READ_ONLY`.
   */
  utility?: boolean;
};

/** @internal */
export type DriverStoreLoadResult = {
  /** The version now stored: the new one, or the one that was there with the same content. */
  driverVersion: DriverVersion;
  /** Whether this call stored it. */
  created: boolean;
};

/** @internal */
export type DriverStoreGetDriverOptions = TransactionOption & { name: string };

/** @internal */
export type DriverStoreGetDriverVersionOptions = TransactionOption & {
  name: string;
  version: string;
};

/** @internal */
export type DriverStoreGetDriverVersionsOptions = TransactionOption & {
  versions: ReadonlyArray<{ name: string; version: string }>;
};

/** @internal */
export type DriverStoreGetBundleOptions = TransactionOption & {
  digest: string;
};

/**
 * The loaded application driver versions and their bundles. Versions are immutable: a
 * version is stored once, with its content digest, and never changed.
 *
 * @internal
 */
export interface DriverStore {
  /**
   * Stores a driver version with its bundle, all or nothing. The same version with the
   * same digest is left as it is (`created: false`); with another digest it is refused
   * with a `CONFLICT` StyrminError; mixing utility and application versions under one
   * name with `UTILITY_READ_ONLY`. Safe when several callers, on several replicas, load
   * at the same time: exactly one stores the version.
   */
  loadDriverVersion(
    options: DriverStoreLoadOptions,
  ): Promise<DriverStoreLoadResult>;

  /** Every driver with its versions, by name. */
  listDrivers(options?: TransactionOption): Promise<Driver[]>;

  /** One driver with its versions, or undefined when no version of it is loaded. */
  getDriver(options: DriverStoreGetDriverOptions): Promise<Driver | undefined>;

  getDriverVersion(
    options: DriverStoreGetDriverVersionOptions,
  ): Promise<DriverVersion | undefined>;

  /** The driver versions named, in one query; those not loaded are left out. */
  getDriverVersions(
    options: DriverStoreGetDriverVersionsOptions,
  ): Promise<DriverVersion[]>;

  /**
   * The files of the bundle with this digest, in path order, checked against the digest;
   * undefined when no version has it. What the agent fetches to run actions and charts.
   */
  getBundle(
    options: DriverStoreGetBundleOptions,
  ): Promise<DriverBundleFile[] | undefined>;
}
