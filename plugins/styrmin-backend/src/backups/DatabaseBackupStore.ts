import { DatabaseService } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  BackupTrigger,
  backupExpiresAt,
  VeleroBackupPhase,
  veleroBackupName,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { insertRecord } from '../database/insertRecord';
import { connectDatabase } from '../database/migrations';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { isUuid, onlyUuids } from '../database/uuid';
import {
  Backup,
  BackupStore,
  BackupStoreCreateOptions,
  BackupStoreDeleteOptions,
  BackupStoreGetManyOptions,
  BackupStoreGetOptions,
  BackupStoreLastScheduledOptions,
  BackupStoreListConstituentsOptions,
  BackupStoreListExpiredOptions,
  BackupStoreListPageOptions,
  BackupStoreListPageResult,
  BackupStoreRecordStatusOptions,
  BackupStoreSetDeleteTaskOptions,
} from './BackupStore';
import { newestFirstPage } from './newestFirstPage';
import { BACKUPS_TABLE, DbBackupRow } from './tables';
import {
  NO_VELERO_STATUS,
  recordVeleroStatus,
  toVeleroStatus,
  veleroStatusColumns,
} from './veleroStatus';

/**
 * Options of {@link DatabaseBackupStore.create}.
 *
 * @internal
 */
export type DatabaseBackupStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link BackupStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseBackupStore implements BackupStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseBackupStoreOptions,
  ): Promise<DatabaseBackupStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseBackupStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async createBackup(options: BackupStoreCreateOptions): Promise<Backup> {
    const { tx = this.#knex, ttlSeconds } = options;
    const id = options.id ?? randomUUID();
    const now = this.#clock.now();
    const row: DbBackupRow = {
      id,
      deployment_id: options.deploymentId,
      instance_id: options.instanceId,
      backup_storage_location_id: options.backupStorageLocationId,
      velero_backup_name: veleroBackupName({
        deploymentName: options.deploymentName,
        backupId: id,
      }),
      task_id: options.taskId,
      trigger: BackupTrigger.parse(options.trigger),
      scheduled_for: options.scheduledFor ?? null,
      ttl_seconds: ttlSeconds,
      environment_backup_id: options.environmentBackupId ?? null,
      ...NO_VELERO_STATUS,
      items_backed_up: null,
      size_bytes: null,
      expires_at: backupExpiresAt({ createdAt: now, ttlSeconds }),
      created_by: options.createdBy,
      created_at: now,
      updated_at: now,
      delete_task_id: null,
    };
    await insertRecord({
      db: tx,
      table: BACKUPS_TABLE,
      row,
      conflict: `Deployment ${
        options.deploymentId
      } has a backup for the slot ${options.scheduledFor?.toISOString()} already`,
    });
    return toBackup(row);
  }

  async getBackup(options: BackupStoreGetOptions): Promise<Backup | undefined> {
    const { tx = this.#knex, id } = options;
    if (!isUuid(id)) {
      return undefined;
    }
    const row = await tx<DbBackupRow>(BACKUPS_TABLE).where({ id }).first();
    return row && toBackup(row);
  }

  async getBackups(options: BackupStoreGetManyOptions): Promise<Backup[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await tx<DbBackupRow>(BACKUPS_TABLE).whereIn(
      'id',
      onlyUuids(ids),
    );
    return rows.map(toBackup);
  }

  async listBackupPage(
    options: BackupStoreListPageOptions,
  ): Promise<BackupStoreListPageResult> {
    const { tx = this.#knex, deploymentId, limit, after } = options;
    const { rows, hasNextPage } = await newestFirstPage<DbBackupRow>({
      query: tx<DbBackupRow>(BACKUPS_TABLE).whereIn(
        'deployment_id',
        onlyUuids([deploymentId]),
      ),
      limit,
      after,
    });
    return { backups: rows.map(toBackup), hasNextPage };
  }

  async listExpiredBackups(
    options: BackupStoreListExpiredOptions,
  ): Promise<Backup[]> {
    const { tx = this.#knex, now, limit } = options;
    const rows = await tx<DbBackupRow>(BACKUPS_TABLE)
      .where('expires_at', '<=', now)
      .whereNull('delete_task_id')
      .orderBy([{ column: 'expires_at' }, { column: 'id' }])
      .limit(limit);
    return rows.map(toBackup);
  }

  async listConstituentBackups(
    options: BackupStoreListConstituentsOptions,
  ): Promise<Backup[]> {
    const { tx = this.#knex, environmentBackupId } = options;
    const rows = await tx<DbBackupRow>(BACKUPS_TABLE)
      .whereIn('environment_backup_id', onlyUuids([environmentBackupId]))
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toBackup);
  }

  async lastScheduledSlots(
    options: BackupStoreLastScheduledOptions,
  ): Promise<Map<string, Date>> {
    const { tx = this.#knex, deploymentIds } = options;
    const rows = await tx(BACKUPS_TABLE)
      .whereIn('deployment_id', onlyUuids(deploymentIds))
      .whereNotNull('scheduled_for')
      .groupBy('deployment_id')
      .select(
        'deployment_id',
        tx.raw('max(??) as ??', ['scheduled_for', 'slot']),
      );
    return new Map(
      rows.map(row => [row.deployment_id, fromDbTimestamp(row.slot)]),
    );
  }

  async recordBackupStatus(
    options: BackupStoreRecordStatusOptions,
  ): Promise<boolean> {
    const { tx = this.#knex, id, observedAt, status } = options;
    return recordVeleroStatus({
      db: tx,
      table: BACKUPS_TABLE,
      id,
      observedAt,
      columns: {
        ...veleroStatusColumns({
          ...status,
          phase: status.phase && VeleroBackupPhase.parse(status.phase),
        }),
        items_backed_up: status.itemsDone ?? null,
        size_bytes: status.sizeBytes ?? null,
        ...(status.expiresAt && { expires_at: status.expiresAt }),
      },
      now: this.#clock.now(),
    });
  }

  async setDeleteTask(
    options: BackupStoreSetDeleteTaskOptions,
  ): Promise<Backup> {
    const { tx = this.#knex, id, deleteTaskId } = options;
    const query = tx<DbBackupRow>(BACKUPS_TABLE).whereIn('id', onlyUuids([id]));
    const updated = await (deleteTaskId === null
      ? query
      : query.whereNull('delete_task_id')
    ).update({ delete_task_id: deleteTaskId, updated_at: this.#clock.now() });
    if (updated === 0) {
      const current = await this.getBackup({ tx, id });
      if (!current) {
        throw new NotFoundError(`Backup ${id} does not exist`);
      }
      throw new ConflictError(
        `Backup ${id} is being deleted by task ${current.deleteTaskId} already`,
      );
    }
    return (await this.getBackup({ tx, id }))!;
  }

  async deleteBackup(options: BackupStoreDeleteOptions): Promise<boolean> {
    const { tx = this.#knex, id } = options;
    if (!isUuid(id)) {
      return false;
    }
    return (await tx(BACKUPS_TABLE).where({ id }).delete()) === 1;
  }
}

function toBackup(row: DbBackupRow): Backup {
  return {
    id: row.id,
    deploymentId: row.deployment_id,
    instanceId: row.instance_id,
    backupStorageLocationId: row.backup_storage_location_id,
    veleroBackupName: row.velero_backup_name,
    taskId: row.task_id,
    trigger: BackupTrigger.parse(row.trigger),
    scheduledFor: fromOptionalDbTimestamp(row.scheduled_for),
    ttlSeconds: row.ttl_seconds,
    environmentBackupId: row.environment_backup_id ?? undefined,
    status: {
      ...toVeleroStatus(row, row.items_backed_up, VeleroBackupPhase.parse),
      sizeBytes: row.size_bytes === null ? undefined : Number(row.size_bytes),
      expiresAt: fromOptionalDbTimestamp(row.expires_at),
    },
    createdBy: row.created_by,
    createdAt: fromDbTimestamp(row.created_at),
    updatedAt: fromDbTimestamp(row.updated_at),
    deleteTaskId: row.delete_task_id ?? undefined,
  };
}
