import { DatabaseService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { compareAndSet } from '../database/compareAndSet';
import { inTransaction } from '../database/inTransaction';
import { insertRecord } from '../database/insertRecord';
import { connectDatabase } from '../database/migrations';
import {
  changedRecordStamps,
  fromDbRecordStamps,
  newRecordStamps,
} from '../database/recordStamps';
import { isUuid, onlyUuids } from '../database/uuid';
import {
  BackupScheduleOwner,
  BackupScheduleRecord,
  BackupScheduleStore,
  BackupScheduleStoreDeleteOptions,
  BackupScheduleStoreGetManyOptions,
  BackupScheduleStoreGetOptions,
  BackupScheduleStorePutOptions,
} from './BackupScheduleStore';
import { BACKUP_SCHEDULES_TABLE, DbBackupScheduleRow } from './tables';

/**
 * Options of {@link DatabaseBackupScheduleStore.create}.
 *
 * @internal
 */
export type DatabaseBackupScheduleStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link BackupScheduleStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseBackupScheduleStore implements BackupScheduleStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseBackupScheduleStoreOptions,
  ): Promise<DatabaseBackupScheduleStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseBackupScheduleStore(
      await connectDatabase(database),
      clock,
    );
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async getBackupSchedule(
    options: BackupScheduleStoreGetOptions,
  ): Promise<BackupScheduleRecord | undefined> {
    const { tx = this.#knex, ...owner } = options;
    if (!isUuid(owner.environmentId ?? owner.deploymentId)) {
      return undefined;
    }
    const row = await tx<DbBackupScheduleRow>(BACKUP_SCHEDULES_TABLE)
      .where(ownerColumn(owner))
      .first();
    return row && toBackupSchedule(row);
  }

  async getBackupSchedules(
    options: BackupScheduleStoreGetManyOptions,
  ): Promise<BackupScheduleRecord[]> {
    const {
      tx = this.#knex,
      environmentIds = [],
      deploymentIds = [],
    } = options;
    const rows = await tx<DbBackupScheduleRow>(BACKUP_SCHEDULES_TABLE)
      .whereIn('environment_id', onlyUuids(environmentIds))
      .orWhereIn('deployment_id', onlyUuids(deploymentIds));
    return rows.map(toBackupSchedule);
  }

  async putBackupSchedule(
    options: BackupScheduleStorePutOptions,
  ): Promise<BackupScheduleRecord> {
    const {
      tx = this.#knex,
      owner,
      schedule,
      expectedVersion,
      updatedBy,
    } = options;
    const now = this.#clock.now();
    const columns = {
      cron: schedule.cron,
      ttl_seconds: schedule.ttlSeconds,
      paused: schedule.paused,
    };
    if (expectedVersion === undefined) {
      const row: DbBackupScheduleRow = {
        id: randomUUID(),
        ...ownerColumns(owner),
        ...columns,
        ...newRecordStamps(updatedBy, now),
      };
      await insertRecord({
        db: tx,
        table: BACKUP_SCHEDULES_TABLE,
        row,
        conflict: `${describeOwner(owner)} has a backup schedule already`,
      });
      return toBackupSchedule(row);
    }
    return inTransaction(tx, async db => {
      const current = await this.getBackupSchedule({ tx: db, ...owner });
      if (!current) {
        throw new NotFoundError(
          `${describeOwner(owner)} has no backup schedule`,
        );
      }
      await compareAndSet({
        db,
        table: BACKUP_SCHEDULES_TABLE,
        id: current.id,
        expectedVersion,
        changes: {
          ...columns,
          ...changedRecordStamps(expectedVersion, updatedBy, now),
        },
        what: `The backup schedule of ${describeOwner(owner)}`,
      });
      return (await this.getBackupSchedule({ tx: db, ...owner }))!;
    });
  }

  async deleteBackupSchedule(
    options: BackupScheduleStoreDeleteOptions,
  ): Promise<void> {
    const { tx = this.#knex, id, expectedVersion } = options;
    await inTransaction(tx, async db => {
      // The compare-and-set explains a refusal; the delete follows in the same transaction.
      await compareAndSet({
        db,
        table: BACKUP_SCHEDULES_TABLE,
        id,
        expectedVersion,
        changes: { version: expectedVersion + 1 },
        what: `Backup schedule ${id}`,
      });
      await db(BACKUP_SCHEDULES_TABLE).where({ id }).delete();
    });
  }
}

function ownerColumns(owner: BackupScheduleOwner) {
  return {
    environment_id: owner.environmentId ?? null,
    deployment_id: owner.deploymentId ?? null,
  };
}

/** The one column that names the owner, for a lookup. */
function ownerColumn(owner: BackupScheduleOwner) {
  return owner.environmentId === undefined
    ? { deployment_id: owner.deploymentId }
    : { environment_id: owner.environmentId };
}

function describeOwner(owner: BackupScheduleOwner): string {
  return owner.environmentId === undefined
    ? `Deployment ${owner.deploymentId}`
    : `Environment ${owner.environmentId}`;
}

function toBackupSchedule(row: DbBackupScheduleRow): BackupScheduleRecord {
  return {
    id: row.id,
    environmentId: row.environment_id ?? undefined,
    deploymentId: row.deployment_id ?? undefined,
    cron: row.cron,
    ttlSeconds: row.ttl_seconds,
    paused: Boolean(row.paused),
    ...fromDbRecordStamps(row),
  };
}
