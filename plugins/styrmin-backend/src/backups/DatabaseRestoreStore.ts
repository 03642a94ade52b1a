import { DatabaseService } from '@backstage/backend-plugin-api';
import {
  VeleroRestorePhase,
  veleroRestoreName,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { connectDatabase } from '../database/migrations';
import { fromDbTimestamp } from '../database/timestamps';
import { isUuid, onlyUuids } from '../database/uuid';
import { newestFirstPage } from './newestFirstPage';
import {
  Restore,
  RestoreStore,
  RestoreStoreCreateOptions,
  RestoreStoreGetOptions,
  RestoreStoreListPageOptions,
  RestoreStoreListPageResult,
  RestoreStoreRecordStatusOptions,
} from './RestoreStore';
import { DbRestoreRow, RESTORES_TABLE } from './tables';
import {
  NO_VELERO_STATUS,
  recordVeleroStatus,
  toVeleroStatus,
  veleroStatusColumns,
} from './veleroStatus';

/**
 * Options of {@link DatabaseRestoreStore.create}.
 *
 * @internal
 */
export type DatabaseRestoreStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link RestoreStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseRestoreStore implements RestoreStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseRestoreStoreOptions,
  ): Promise<DatabaseRestoreStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseRestoreStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async createRestore(options: RestoreStoreCreateOptions): Promise<Restore> {
    const { tx = this.#knex, backup } = options;
    const id = options.id ?? randomUUID();
    const now = this.#clock.now();
    const row: DbRestoreRow = {
      id,
      backup_id: backup.id,
      source_deployment_id: backup.deploymentId,
      deployment_id: options.deploymentId,
      velero_backup_name: backup.veleroBackupName,
      velero_restore_name: veleroRestoreName({
        deploymentName: options.deploymentName,
        restoreId: id,
      }),
      task_id: options.taskId,
      environment_restore_id: options.environmentRestoreId ?? null,
      ...NO_VELERO_STATUS,
      items_restored: null,
      created_by: options.createdBy,
      created_at: now,
      updated_at: now,
    };
    await tx(RESTORES_TABLE).insert(row);
    return toRestore(row);
  }

  async getRestore(
    options: RestoreStoreGetOptions,
  ): Promise<Restore | undefined> {
    const { tx = this.#knex, id } = options;
    if (!isUuid(id)) {
      return undefined;
    }
    const row = await tx<DbRestoreRow>(RESTORES_TABLE).where({ id }).first();
    return row && toRestore(row);
  }

  async listRestorePage(
    options: RestoreStoreListPageOptions,
  ): Promise<RestoreStoreListPageResult> {
    const { tx = this.#knex, deploymentId, limit, after } = options;
    const { rows, hasNextPage } = await newestFirstPage<DbRestoreRow>({
      query: tx<DbRestoreRow>(RESTORES_TABLE).whereIn(
        'deployment_id',
        onlyUuids([deploymentId]),
      ),
      limit,
      after,
    });
    return { restores: rows.map(toRestore), hasNextPage };
  }

  async recordRestoreStatus(
    options: RestoreStoreRecordStatusOptions,
  ): Promise<boolean> {
    const { tx = this.#knex, id, observedAt, status } = options;
    return recordVeleroStatus({
      db: tx,
      table: RESTORES_TABLE,
      id,
      observedAt,
      columns: {
        ...veleroStatusColumns({
          ...status,
          phase: status.phase && VeleroRestorePhase.parse(status.phase),
        }),
        items_restored: status.itemsDone ?? null,
      },
      now: this.#clock.now(),
    });
  }
}

function toRestore(row: DbRestoreRow): Restore {
  return {
    id: row.id,
    backupId: row.backup_id ?? undefined,
    sourceDeploymentId: row.source_deployment_id,
    deploymentId: row.deployment_id,
    veleroBackupName: row.velero_backup_name,
    veleroRestoreName: row.velero_restore_name,
    taskId: row.task_id,
    environmentRestoreId: row.environment_restore_id ?? undefined,
    status: toVeleroStatus(row, row.items_restored, VeleroRestorePhase.parse),
    createdBy: row.created_by,
    createdAt: fromDbTimestamp(row.created_at),
    updatedAt: fromDbTimestamp(row.updated_at),
  };
}
