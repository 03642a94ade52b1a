import { DatabaseService } from '@backstage/backend-plugin-api';
import {
  ContextUses,
  DriverSpec,
  driverVersionUses,
  StyrminError,
  WHOLE_CONTEXT,
} from '@styrmin/plugin-styrmin-common';
import {
  DriverBundle,
  DriverBundleFile,
  packDriverBundle,
  unpackDriverBundle,
} from '@styrmin/plugin-styrmin-node';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { rcompare } from 'semver';
import { Clock, systemClock } from '../database/Clock';
import { inTransaction } from '../database/inTransaction';
import { parseJsonColumn } from '../database/parseJsonColumn';
import { connectDatabase } from '../database/migrations';
import { TransactionOption } from '../database/TransactionOption';
import { fromDbTimestamp } from '../database/timestamps';
import {
  Driver,
  DriverSource,
  DriverStore,
  DriverStoreGetBundleOptions,
  DriverStoreGetDriverOptions,
  DriverStoreGetDriverVersionOptions,
  DriverStoreGetDriverVersionsOptions,
  DriverStoreLoadOptions,
  DriverStoreLoadResult,
  DriverVersion,
} from './DriverStore';
import {
  DbDriverBundleRow,
  DbDriverRow,
  DbDriverVersionRow,
  DRIVER_BUNDLES_TABLE,
  DRIVER_VERSIONS_TABLE,
  DRIVERS_TABLE,
} from './tables';

type Db = Knex | Knex.Transaction;

/**
 * Options of {@link DatabaseDriverStore.create}.
 *
 * @internal
 */
export type DatabaseDriverStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link DriverStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * Loading is insert-if-absent on the unique (driver, version) and reading back what is
 * there: `ON CONFLICT DO NOTHING` waits for a concurrent load of the same version to
 * commit and then leaves its row alone, so the losers of a race compare digests with the
 * winner's row, and no unique violation aborts the caller's transaction.
 *
 * @internal
 */
export class DatabaseDriverStore implements DriverStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseDriverStoreOptions,
  ): Promise<DatabaseDriverStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseDriverStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async loadDriverVersion(
    options: DriverStoreLoadOptions,
  ): Promise<DriverStoreLoadResult> {
    const { bundle, source, loadedBy, tx = this.#knex } = options;
    const utility = options.utility ?? false;
    const { name } = bundle.spec.metadata;
    const { version } = bundle.spec.spec;
    await checkSameKind(tx, name, utility);

    // A repeated load, the common case, reads and writes nothing else, but what a version
    // loaded before the uses were found uses.
    const existing = await this.#readVersion(tx, name, version);
    if (existing) {
      const same = sameOrConflict(existing, bundle.digest);
      if (same.uses) {
        return { driverVersion: same, created: false };
      }
      const uses = bundleUses(bundle);
      await tx<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE)
        .update({ uses: JSON.stringify(uses) })
        .where({ id: same.id });
      return { driverVersion: { ...same, uses }, created: false };
    }

    return inTransaction(tx, async db => {
      const now = this.#clock.now();
      await db<DbDriverRow>(DRIVERS_TABLE)
        .insert({ name, created_at: now })
        .onConflict('name')
        .ignore();
      await db<DbDriverBundleRow>(DRIVER_BUNDLES_TABLE)
        .insert({
          digest: bundle.digest,
          archive: packDriverBundle(bundle.files),
          file_count: bundle.files.length,
          size_bytes: bundle.files.reduce(
            (sum, file) => sum + file.content.length,
            0,
          ),
          created_at: now,
        })
        .onConflict('digest')
        .ignore();
      const id = randomUUID();
      await db<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE)
        .insert({
          id,
          driver_name: name,
          version,
          spec: JSON.stringify(bundle.spec),
          digest: bundle.digest,
          uses: JSON.stringify(bundleUses(bundle)),
          utility,
          ...toSourceColumns(source),
          loaded_by: loadedBy,
          loaded_at: now,
        })
        .onConflict(['driver_name', 'version'])
        .ignore();

      const stored = await this.#readVersion(db, name, version);
      if (!stored) {
        throw new Error(
          `Driver version ${name} ${version} vanished right after it was inserted`,
        );
      }
      if (stored.id === id) {
        return { driverVersion: stored, created: true };
      }
      // Another load of this version won the race; a CONFLICT rolls back the bundle
      // written above.
      return {
        driverVersion: sameOrConflict(stored, bundle.digest),
        created: false,
      };
    });
  }

  async listDrivers(options: TransactionOption = {}): Promise<Driver[]> {
    const { tx = this.#knex } = options;
    const [drivers, versions] = await Promise.all([
      tx<DbDriverRow>(DRIVERS_TABLE).orderBy('name'),
      tx<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE),
    ]);
    return drivers.flatMap(row => {
      const driver = toDriver(
        row,
        versions.filter(version => version.driver_name === row.name),
      );
      return driver ? [driver] : [];
    });
  }

  async getDriver(
    options: DriverStoreGetDriverOptions,
  ): Promise<Driver | undefined> {
    const { name, tx = this.#knex } = options;
    const [row, versions] = await Promise.all([
      tx<DbDriverRow>(DRIVERS_TABLE).where({ name }).first(),
      tx<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE).where({
        driver_name: name,
      }),
    ]);
    return row && toDriver(row, versions);
  }

  async getDriverVersion(
    options: DriverStoreGetDriverVersionOptions,
  ): Promise<DriverVersion | undefined> {
    const { name, version, tx = this.#knex } = options;
    return this.#readVersion(tx, name, version);
  }

  async getDriverVersions(
    options: DriverStoreGetDriverVersionsOptions,
  ): Promise<DriverVersion[]> {
    const { versions, tx = this.#knex } = options;
    if (versions.length === 0) {
      return [];
    }
    const rows = await tx<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE).whereIn(
      ['driver_name', 'version'],
      versions.map(({ name, version }) => [name, version]),
    );
    return rows.map(toDriverVersion);
  }

  async getBundle(
    options: DriverStoreGetBundleOptions,
  ): Promise<DriverBundleFile[] | undefined> {
    const { digest, tx = this.#knex } = options;
    const row = await tx<DbDriverBundleRow>(DRIVER_BUNDLES_TABLE)
      .where({ digest })
      .first('archive');
    if (!row) {
      return undefined;
    }
    const unpacked = unpackDriverBundle(row.archive);
    if (unpacked.digest !== digest) {
      throw new Error(
        `The stored bundle ${digest} is damaged: its files hash to ${unpacked.digest}`,
      );
    }
    return unpacked.files;
  }

  async #readVersion(
    db: Db,
    name: string,
    version: string,
  ): Promise<DriverVersion | undefined> {
    const row = await db<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE)
      .where({ driver_name: name, version })
      .first();
    return row && toDriverVersion(row);
  }
}

/**
 * Refuses a load that would mix a utility's versions with an application driver's under
 * one name: users neither load over a utility nor deploy one as their own driver.
 */
async function checkSameKind(db: Db, name: string, utility: boolean) {
  const other = await db<DbDriverVersionRow>(DRIVER_VERSIONS_TABLE)
    .where({ driver_name: name, utility: !utility })
    .first('version');
  if (other) {
    throw new StyrminError(
      'UTILITY_READ_ONLY',
      utility
        ? `Utility ${name} cannot be loaded: an application driver of that name is loaded (version ${other.version})`
        : `Driver ${name} is a utility that Styrmin ships and manages; load the driver under another name`,
    );
  }
}

/** The stored version when it has this digest; otherwise the CONFLICT of an immutable version. */
function sameOrConflict(stored: DriverVersion, digest: string): DriverVersion {
  if (stored.digest === digest) {
    return stored;
  }
  throw new StyrminError(
    'CONFLICT',
    `Driver version ${stored.name} ${stored.version} is loaded already, with other ` +
      `content (${stored.digest}, loaded by ${stored.loadedBy} at ` +
      `${stored.loadedAt.toISOString()}); a driver version is immutable, so give the ` +
      `changed driver a new spec.version (this content is ${digest})`,
  );
}

function toDriver(
  row: DbDriverRow,
  versionRows: DbDriverVersionRow[],
): Driver | undefined {
  if (versionRows.length === 0) {
    return undefined;
  }
  return {
    name: row.name,
    createdAt: fromDbTimestamp(row.created_at),
    versions: versionRows
      .map(toDriverVersion)
      .sort((a, b) => rcompare(a.version, b.version)),
  };
}

/** What the bundle's values template and actions read of the context. */
function bundleUses({ spec, files }: DriverBundle): ContextUses {
  const path = spec.spec.helm.main.values_template;
  const template = files.find(file => file.path === path);
  // The reader always bundles the template; without one, nothing says what is read.
  return template
    ? driverVersionUses(spec.spec, template.content.toString('utf8'))
    : WHOLE_CONTEXT;
}

function toDriverVersion(row: DbDriverVersionRow): DriverVersion {
  let spec: DriverSpec;
  try {
    spec = JSON.parse(row.spec);
  } catch (error) {
    throw new Error(
      `The stored spec of driver version ${row.driver_name} ${row.version} is not JSON: ${error}`,
    );
  }
  return {
    id: row.id,
    name: row.driver_name,
    version: row.version,
    spec,
    digest: row.digest,
    ...(row.uses !== null && {
      uses: parseJsonColumn<ContextUses>(
        row.uses,
        `uses of driver version ${row.driver_name} ${row.version}`,
      ),
    }),
    source: toSource(row),
    // SQLite answers booleans as 0 and 1.
    ...(Boolean(row.utility) && { utility: true as const }),
    loadedBy: row.loaded_by,
    loadedAt: fromDbTimestamp(row.loaded_at),
  };
}

type DbSourceColumns = Pick<
  DbDriverVersionRow,
  'source_type' | 'source_path' | 'source_url' | 'source_ref' | 'source_commit'
>;

function toSourceColumns(source: DriverSource): DbSourceColumns {
  const none = { source_url: null, source_ref: null, source_commit: null };
  switch (source.type) {
    case 'DIRECTORY':
      return { source_type: source.type, source_path: source.path, ...none };
    case 'UPLOAD':
      return {
        source_type: source.type,
        source_path: source.path ?? null,
        ...none,
      };
    case 'GIT':
      return {
        source_type: source.type,
        source_path: source.path,
        source_url: source.url,
        source_ref: source.ref ?? null,
        source_commit: source.commit,
      };
    default:
      throw new TypeError(`Unknown driver source ${JSON.stringify(source)}`);
  }
}

function toSource(row: DbSourceColumns): DriverSource {
  switch (row.source_type) {
    case 'DIRECTORY':
      return { type: 'DIRECTORY', path: row.source_path! };
    case 'UPLOAD':
      return row.source_path === null
        ? { type: 'UPLOAD' }
        : { type: 'UPLOAD', path: row.source_path };
    case 'GIT':
      return {
        type: 'GIT',
        url: row.source_url!,
        ...(row.source_ref !== null && { ref: row.source_ref }),
        commit: row.source_commit!,
        path: row.source_path!,
      };
    default:
      throw new Error(`Unknown driver source type ${row.source_type}`);
  }
}
