import { DatabaseService } from '@backstage/backend-plugin-api';
import { ConflictError } from '@backstage/errors';
import {
  BackupStorageLocationPhase,
  BackupStorageLocationStore as LocationStore,
  BackupStorageProvider,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { BACKUPS_TABLE } from '../backups/tables';
import { Clock, systemClock } from '../database/Clock';
import { compareAndSet } from '../database/compareAndSet';
import { getRecord } from '../database/getRecord';
import { inTransaction } from '../database/inTransaction';
import { insertRecord } from '../database/insertRecord';
import { connectDatabase } from '../database/migrations';
import {
  changedRecordStamps,
  DbRecordStampColumns,
  fromDbRecordStamps,
  newRecordStamps,
} from '../database/recordStamps';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { isUuid, onlyUuids } from '../database/uuid';
import { ENVIRONMENTS_TABLE } from '../environments/tables';
import {
  BackupStorageLocation,
  BackupStorageLocationStore,
  BackupStorageLocationStoreCreateOptions,
  BackupStorageLocationStoreDeleteOptions,
  BackupStorageLocationStoreGetManyOptions,
  BackupStorageLocationStoreGetOptions,
  BackupStorageLocationStoreListOptions,
  BackupStorageLocationStoreRecordObservedStateOptions,
  BackupStorageLocationStoreUpdateOptions,
} from './BackupStorageLocationStore';
import {
  BACKUP_STORAGE_LOCATION_STATUSES_TABLE,
  BACKUP_STORAGE_LOCATIONS_TABLE,
  DbBackupStorageLocationRow,
  DbBackupStorageLocationStatusRow,
} from './tables';

/**
 * Options of {@link DatabaseBackupStorageLocationStore.create}.
 *
 * @internal
 */
export type DatabaseBackupStorageLocationStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link BackupStorageLocationStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseBackupStorageLocationStore
  implements BackupStorageLocationStore
{
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseBackupStorageLocationStoreOptions,
  ): Promise<DatabaseBackupStorageLocationStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseBackupStorageLocationStore(
      await connectDatabase(database),
      clock,
    );
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async createBackupStorageLocation(
    options: BackupStorageLocationStoreCreateOptions,
  ): Promise<BackupStorageLocation> {
    const { tx = this.#knex, name, store, createdBy } = options;
    const row: DbBackupStorageLocationRow = {
      id: randomUUID(),
      name,
      ...storeColumns(store),
      ...newRecordStamps(createdBy, this.#clock.now()),
    };
    await insertRecord({
      db: tx,
      table: BACKUP_STORAGE_LOCATIONS_TABLE,
      row,
      conflict: `A backup storage location named ${name} is registered already`,
    });
    return toBackupStorageLocation(row, []);
  }

  async getBackupStorageLocation(
    options: BackupStorageLocationStoreGetOptions,
  ): Promise<BackupStorageLocation | undefined> {
    const { tx = this.#knex, ...key } = options;
    const row = await getRecord<DbBackupStorageLocationRow>({
      db: tx,
      table: BACKUP_STORAGE_LOCATIONS_TABLE,
      ...key,
    });
    return row && (await this.#withObservedState(tx, [row]))[0];
  }

  async getBackupStorageLocations(
    options: BackupStorageLocationStoreGetManyOptions,
  ): Promise<BackupStorageLocation[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await tx<DbBackupStorageLocationRow>(
      BACKUP_STORAGE_LOCATIONS_TABLE,
    ).whereIn('id', onlyUuids(ids));
    return this.#withObservedState(tx, rows);
  }

  async listBackupStorageLocations(
    options: BackupStorageLocationStoreListOptions = {},
  ): Promise<BackupStorageLocation[]> {
    const { tx = this.#knex, clusterId } = options;
    let query = tx<DbBackupStorageLocationRow>(
      BACKUP_STORAGE_LOCATIONS_TABLE,
    ).orderBy('name');
    if (clusterId !== undefined) {
      query = query.whereIn(
        'id',
        tx(ENVIRONMENTS_TABLE)
          .whereIn('cluster_id', onlyUuids([clusterId]))
          .whereNull('deleted_at')
          .whereNotNull('backup_storage_location_id')
          .select('backup_storage_location_id'),
      );
    }
    return this.#withObservedState(tx, await query);
  }

  async updateBackupStorageLocation(
    options: BackupStorageLocationStoreUpdateOptions,
  ): Promise<BackupStorageLocation> {
    const { tx = this.#knex, id, expectedVersion, store, updatedBy } = options;
    return inTransaction(tx, async db => {
      await compareAndSet({
        db,
        table: BACKUP_STORAGE_LOCATIONS_TABLE,
        id,
        expectedVersion,
        changes: {
          ...storeColumns(store),
          ...changedRecordStamps(expectedVersion, updatedBy, this.#clock.now()),
        },
        what: `Backup storage location ${id}`,
      });
      return (await this.getBackupStorageLocation({ tx: db, id }))!;
    });
  }

  async deleteBackupStorageLocation(
    options: BackupStorageLocationStoreDeleteOptions,
  ): Promise<void> {
    const { tx = this.#knex, id, expectedVersion } = options;
    await inTransaction(tx, async db => {
      const location = await this.getBackupStorageLocation({
        tx: db,
        id,
        lock: true,
      });
      const users = location
        ? await db(ENVIRONMENTS_TABLE)
            .where({ backup_storage_location_id: id })
            .whereNull('deleted_at')
            .orderBy('name')
            .pluck('name')
        : [];
      if (users.length > 0) {
        throw new ConflictError(
          `Backup storage location ${
            location!.name
          } is used by the environments ${users.join(
            ', ',
          )}; assign them another one first`,
        );
      }
      const [{ backups }] = location
        ? await db(BACKUPS_TABLE)
            .where({ backup_storage_location_id: id })
            .count({ backups: '*' })
        : [{ backups: 0 }];
      if (Number(backups) > 0) {
        throw new ConflictError(
          `Backup storage location ${
            location!.name
          } holds ${backups} backups; delete them or let them expire first`,
        );
      }
      await db(ENVIRONMENTS_TABLE)
        .where({ backup_storage_location_id: id })
        .update({ backup_storage_location_id: null });
      // A compare-and-set, so that a location changed meanwhile is not deleted unseen.
      await compareAndSet({
        db,
        table: BACKUP_STORAGE_LOCATIONS_TABLE,
        id,
        expectedVersion,
        changes: { version: expectedVersion + 1 },
        what: `Backup storage location ${id}`,
      });
      await db(BACKUP_STORAGE_LOCATIONS_TABLE).where({ id }).delete();
    });
  }

  async recordObservedState(
    options: BackupStorageLocationStoreRecordObservedStateOptions,
  ): Promise<boolean> {
    const { tx = this.#knex, backupStorageLocationId, clusterId } = options;
    const row: DbBackupStorageLocationStatusRow = {
      backup_storage_location_id: backupStorageLocationId,
      cluster_id: clusterId,
      phase: BackupStorageLocationPhase.parse(options.phase),
      message: options.message ?? null,
      last_validated_at: options.lastValidatedAt ?? null,
      observed_at: options.observedAt,
      updated_at: this.#clock.now(),
    };
    if (!isUuid(backupStorageLocationId) || !isUuid(clusterId)) {
      return false;
    }
    return inTransaction(tx, async db => {
      const key = {
        backup_storage_location_id: backupStorageLocationId,
        cluster_id: clusterId,
      };
      const current = await db<DbBackupStorageLocationStatusRow>(
        BACKUP_STORAGE_LOCATION_STATUSES_TABLE,
      )
        .where(key)
        .first();
      if (!current) {
        // A report about a location deleted meanwhile is harmless.
        const location = await db(BACKUP_STORAGE_LOCATIONS_TABLE)
          .where({ id: backupStorageLocationId })
          .first('id');
        if (!location) {
          return false;
        }
        await db(BACKUP_STORAGE_LOCATION_STATUSES_TABLE).insert(row);
        return true;
      }
      const stored = toObservedState(current);
      const reported = toObservedState(row);
      if (
        reported.observedAt < stored.observedAt ||
        (reported.phase === stored.phase &&
          reported.message === stored.message &&
          reported.lastValidatedAt?.getTime() ===
            stored.lastValidatedAt?.getTime())
      ) {
        return false;
      }
      await db(BACKUP_STORAGE_LOCATION_STATUSES_TABLE).where(key).update(row);
      return true;
    });
  }

  async #withObservedState(
    db: Knex | Knex.Transaction,
    rows: DbBackupStorageLocationRow[],
  ): Promise<BackupStorageLocation[]> {
    const statuses = await db<DbBackupStorageLocationStatusRow>(
      BACKUP_STORAGE_LOCATION_STATUSES_TABLE,
    )
      .whereIn(
        'backup_storage_location_id',
        rows.map(row => row.id),
      )
      .orderBy('cluster_id');
    return rows.map(row =>
      toBackupStorageLocation(
        row,
        statuses.filter(status => status.backup_storage_location_id === row.id),
      ),
    );
  }
}

function storeColumns(
  store: LocationStore,
): Omit<
  DbBackupStorageLocationRow,
  'id' | 'name' | keyof DbRecordStampColumns
> {
  return {
    provider: BackupStorageProvider.parse(store.provider),
    bucket: store.bucket ?? null,
    prefix: store.prefix ?? null,
    region: store.region ?? null,
    endpoint_url: store.endpointUrl ?? null,
    path_style: store.pathStyle,
    credentials_secret_name: store.credentials?.secretName ?? null,
    credentials_secret_key: store.credentials?.key ?? null,
  };
}

function toBackupStorageLocation(
  row: DbBackupStorageLocationRow,
  statuses: DbBackupStorageLocationStatusRow[],
): BackupStorageLocation {
  return {
    id: row.id,
    name: row.name,
    provider: BackupStorageProvider.parse(row.provider),
    bucket: row.bucket ?? undefined,
    prefix: row.prefix ?? undefined,
    region: row.region ?? undefined,
    endpointUrl: row.endpoint_url ?? undefined,
    pathStyle: Boolean(row.path_style),
    credentials:
      row.credentials_secret_name !== null &&
      row.credentials_secret_key !== null
        ? {
            secretName: row.credentials_secret_name,
            key: row.credentials_secret_key,
          }
        : undefined,
    observed: statuses.map(toObservedState),
    ...fromDbRecordStamps(row),
  };
}

function toObservedState(row: DbBackupStorageLocationStatusRow) {
  return {
    clusterId: row.cluster_id,
    phase: BackupStorageLocationPhase.parse(row.phase),
    message: row.message ?? undefined,
    lastValidatedAt: fromOptionalDbTimestamp(row.last_validated_at),
    observedAt: fromDbTimestamp(row.observed_at),
  };
}
