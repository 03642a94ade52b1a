import { DatabaseService } from '@backstage/backend-plugin-api';
import { EnvironmentOverrides } from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { compareAndSet } from '../database/compareAndSet';
import { getRecord } from '../database/getRecord';
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
import { DbEnvironmentRow, ENVIRONMENTS_TABLE } from './tables';

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
    const row: DbEnvironmentRow = {
      id: randomUUID(),
      name,
      cluster_id: clusterId,
      overrides: JSON.stringify(overrides),
      backup_storage_location: options.backupStorageLocation ?? null,
      deleted_at: null,
      ...newRecordStamps(createdBy, this.#clock.now()),
    };
    await insertRecord({
      db: tx,
      table: ENVIRONMENTS_TABLE,
      row,
      conflict: `An environment named ${name} exists already`,
    });
    return toEnvironment(row);
  }

  async listEnvironments(
    options: EnvironmentStoreListOptions = {},
  ): Promise<Environment[]> {
    const { tx = this.#knex, clusterIds } = options;
    let query = tx<DbEnvironmentRow>(ENVIRONMENTS_TABLE)
      .whereNull('deleted_at')
      .orderBy('name');
    if (clusterIds !== undefined) {
      query = query.whereIn('cluster_id', onlyUuids(clusterIds));
    }
    return (await query).map(toEnvironment);
  }

  async getEnvironment(
    options: EnvironmentStoreGetOptions,
  ): Promise<Environment | undefined> {
    const { tx = this.#knex, ...key } = options;
    const row = await getRecord<DbEnvironmentRow>({
      db: tx,
      table: ENVIRONMENTS_TABLE,
      ...key,
      where: notDeleted,
    });
    return row && toEnvironment(row);
  }

  async getEnvironments(
    options: EnvironmentStoreGetManyOptions,
  ): Promise<Environment[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await tx<DbEnvironmentRow>(ENVIRONMENTS_TABLE).whereIn(
      'id',
      onlyUuids(ids),
    );
    return rows.map(toEnvironment);
  }

  async updateEnvironment(
    options: EnvironmentStoreUpdateOptions,
  ): Promise<Environment> {
    const { tx = this.#knex, id, expectedVersion, updatedBy } = options;
    await compareAndSet({
      db: tx,
      table: ENVIRONMENTS_TABLE,
      id,
      expectedVersion,
      where: notDeleted,
      changes: {
        overrides: JSON.stringify(options.overrides),
        backup_storage_location: options.backupStorageLocation,
        ...changedRecordStamps(expectedVersion, updatedBy, this.#clock.now()),
      },
      what: `Environment ${id}`,
      refusal: 'is deleted',
    });
    return (await this.getEnvironment({ tx, id }))!;
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

function toEnvironment(row: DbEnvironmentRow): Environment {
  return {
    id: row.id,
    name: row.name,
    clusterId: row.cluster_id,
    overrides: parseJsonColumn<EnvironmentOverrides>(
      row.overrides,
      `overrides of environment ${row.id}`,
    ),
    backupStorageLocation: row.backup_storage_location ?? undefined,
    deletedAt: fromOptionalDbTimestamp(row.deleted_at),
    ...fromDbRecordStamps(row),
  };
}
