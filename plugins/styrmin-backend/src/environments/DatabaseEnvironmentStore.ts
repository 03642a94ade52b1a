import { DatabaseService } from '@backstage/backend-plugin-api';
import {
  EnvironmentOverrides,
  EnvironmentSettings,
  validationError,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { compareAndSet } from '../database/compareAndSet';
import { getRecord } from '../database/getRecord';
import { inTransaction } from '../database/inTransaction';
import { insertRecord } from '../database/insertRecord';
import { connectDatabase } from '../database/migrations';
import { parseJsonColumn } from '../database/parseJsonColumn';
import {
  changedRecordStamps,
  fromDbRecordStamps,
  newRecordStamps,
} from '../database/recordStamps';
import { fromOptionalDbTimestamp } from '../database/timestamps';
import { onlyUuids } from '../database/uuid';
import { BACKUP_STORAGE_LOCATIONS_TABLE } from '../backupStorageLocations/tables';
import {
  Environment,
  EnvironmentStore,
  EnvironmentStoreCreateOptions,
  EnvironmentStoreDeleteOptions,
  EnvironmentStoreGetManyOptions,
  EnvironmentStoreGetOptions,
  EnvironmentStoreListOptions,
  EnvironmentStoreUpdateOptions,
} from './EnvironmentStore';
import {
  DbEnvironmentReadRow,
  DbEnvironmentRow,
  ENVIRONMENTS_TABLE,
} from './tables';

/**
 * Options of {@link DatabaseEnvironmentStore.create}.
 *
 * @internal
 */
export type DatabaseEnvironmentStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link EnvironmentStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseEnvironmentStore implements EnvironmentStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseEnvironmentStoreOptions,
  ): Promise<DatabaseEnvironmentStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseEnvironmentStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async createEnvironment(
    options: EnvironmentStoreCreateOptions,
  ): Promise<Environment> {
    const { tx = this.#knex, name, clusterId, overrides, createdBy } = options;
    return inTransaction(tx, async db => {
      const row: DbEnvironmentRow = {
        id: randomUUID(),
        name,
        cluster_id: clusterId,
        overrides: JSON.stringify(overrides),
        settings: JSON.stringify(options.settings ?? {}),
        backup_storage_location_id: await locationId(
          db,
          options.backupStorageLocation ?? null,
        ),
        deleted_at: null,
        ...newRecordStamps(createdBy, this.#clock.now()),
      };
      await insertRecord({
        db,
        table: ENVIRONMENTS_TABLE,
        row,
        conflict: `An environment named ${name} exists already`,
      });
      return toEnvironment({
        ...row,
        backup_storage_location: options.backupStorageLocation ?? null,
      });
    });
  }

  async listEnvironments(
    options: EnvironmentStoreListOptions = {},
  ): Promise<Environment[]> {
    const { tx = this.#knex, clusterIds } = options;
    let query = selectEnvironments(tx).whereNull('deleted_at').orderBy('name');
    if (clusterIds !== undefined) {
      query = query.whereIn('cluster_id', onlyUuids(clusterIds));
    }
    return (await query).map(toEnvironment);
  }

  async getEnvironment(
    options: EnvironmentStoreGetOptions,
  ): Promise<Environment | undefined> {
    const { tx = this.#knex, ...key } = options;
    const row = await getRecord<DbEnvironmentReadRow>({
      db: tx,
      table: ENVIRONMENTS_TABLE,
      ...key,
      where: query => notDeleted(withLocationName(query, tx)),
    });
    return row && toEnvironment(row);
  }

  async getEnvironments(
    options: EnvironmentStoreGetManyOptions,
  ): Promise<Environment[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await selectEnvironments(tx).whereIn('id', onlyUuids(ids));
    return rows.map(toEnvironment);
  }

  async updateEnvironment(
    options: EnvironmentStoreUpdateOptions,
  ): Promise<Environment> {
    const { tx = this.#knex, id, expectedVersion, updatedBy } = options;
    return inTransaction(tx, async db => {
      await compareAndSet({
        db,
        table: ENVIRONMENTS_TABLE,
        id,
        expectedVersion,
        where: notDeleted,
        changes: {
          overrides: JSON.stringify(options.overrides),
          ...(options.settings && {
            settings: JSON.stringify(options.settings),
          }),
          backup_storage_location_id: await locationId(
            db,
            options.backupStorageLocation,
          ),
          ...changedRecordStamps(expectedVersion, updatedBy, this.#clock.now()),
        },
        what: `Environment ${id}`,
        refusal: 'is deleted',
      });
      return (await this.getEnvironment({ tx: db, id }))!;
    });
  }

  async deleteEnvironment(
    options: EnvironmentStoreDeleteOptions,
  ): Promise<Environment> {
    const { tx = this.#knex, id, expectedVersion, deletedBy } = options;
    const now = this.#clock.now();
    await compareAndSet({
      db: tx,
      table: ENVIRONMENTS_TABLE,
      id,
      expectedVersion,
      where: notDeleted,
      changes: {
        deleted_at: now,
        ...changedRecordStamps(expectedVersion, deletedBy, now),
      },
      what: `Environment ${id}`,
      refusal: 'is deleted already',
    });
    const [deleted] = await this.getEnvironments({ tx, ids: [id] });
    return deleted;
  }
}

function notDeleted(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.whereNull('deleted_at');
}

/** The environment rows, each with the name of its backup storage location. */
function selectEnvironments(db: Knex | Knex.Transaction) {
  return withLocationName(db<DbEnvironmentReadRow>(ENVIRONMENTS_TABLE), db);
}

/** Selects an environment query's rows with the name of their backup storage location. */
function withLocationName<T extends Knex.QueryBuilder>(
  query: T,
  db: Knex | Knex.Transaction,
): T {
  return query.select(
    `${ENVIRONMENTS_TABLE}.*`,
    db(BACKUP_STORAGE_LOCATIONS_TABLE)
      .select('name')
      .where(
        `${BACKUP_STORAGE_LOCATIONS_TABLE}.id`,
        db.ref(`${ENVIRONMENTS_TABLE}.backup_storage_location_id`),
      )
      .as('backup_storage_location'),
  ) as T;
}

/**
 * The id of the backup storage location an environment names, or null for none. An
 * environment references a registered location: an unknown name is refused with
 * VALIDATION_FAILED on the field, and nothing is written.
 */
async function locationId(
  db: Knex | Knex.Transaction,
  name: string | null,
): Promise<string | null> {
  if (name === null) {
    return null;
  }
  const row = await db(BACKUP_STORAGE_LOCATIONS_TABLE)
    .where({ name })
    .first('id');
  if (!row) {
    throw validationError([
      {
        code: 'VALIDATION_FAILED',
        field: 'backupStorageLocation',
        message: `No backup storage location named ${name} is registered`,
      },
    ]);
  }
  return row.id;
}

function toEnvironment(row: DbEnvironmentReadRow): Environment {
  return {
    id: row.id,
    name: row.name,
    clusterId: row.cluster_id,
    overrides: parseJsonColumn<EnvironmentOverrides>(
      row.overrides,
      `overrides of environment ${row.id}`,
    ),
    settings: parseJsonColumn<EnvironmentSettings>(
      row.settings,
      `settings of environment ${row.id}`,
    ),
    backupStorageLocation: row.backup_storage_location ?? undefined,
    deletedAt: fromOptionalDbTimestamp(row.deleted_at),
    ...fromDbRecordStamps(row),
  };
}
