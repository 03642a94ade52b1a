import { DatabaseService } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import {
  ContextChange,
  DeploymentConfiguration,
  GlobalContext,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { inTransaction } from '../database/inTransaction';
import { insertRecord } from '../database/insertRecord';
import { connectDatabase } from '../database/migrations';
import { parseJsonColumn } from '../database/parseJsonColumn';
import { fromDbTimestamp } from '../database/timestamps';
import { isUuid, onlyUuids } from '../database/uuid';
import { SecretBox } from '../secrets/SecretBox';
import { openJson, sealJson } from '../secrets/sealedJson';
import {
  Instance,
  InstanceStore,
  InstanceStoreCreateOptions,
  InstanceStoreDeactivateOptions,
  InstanceStoreGetActiveOptions,
  InstanceStoreGetManyOptions,
  InstanceStoreListOptions,
  InstanceStoreListResult,
  InstanceStoreSetRestorePointOptions,
  InstanceStoreSetTaskOptions,
} from './InstanceStore';
import { DbInstanceRow, INSTANCES_TABLE } from './tables';

/**
 * Options of {@link DatabaseInstanceStore.create}.
 *
 * @internal
 */
export type DatabaseInstanceStoreOptions = {
  database: DatabaseService;
  /** Seals the contexts, which hold secret values. */
  secretBox: SecretBox;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link InstanceStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * Replacing the active instance is a compare-and-set on the replaced one (still active),
 * and the partial unique index on active instances refuses a second one whatever happens
 * above it: two changes computed against the same active instance never both store one.
 *
 * @internal
 */
export class DatabaseInstanceStore implements InstanceStore {
  readonly #knex: Knex;
  readonly #box: SecretBox;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseInstanceStoreOptions,
  ): Promise<DatabaseInstanceStore> {
    const { database, secretBox, clock = systemClock } = options;
    return new DatabaseInstanceStore(
      await connectDatabase(database),
      secretBox,
      clock,
    );
  }

  private constructor(knex: Knex, box: SecretBox, clock: Clock) {
    this.#knex = knex;
    this.#box = box;
    this.#clock = clock;
  }

  async createInstance(options: InstanceStoreCreateOptions): Promise<Instance> {
    const { tx = this.#knex, deploymentId, driver, replaces } = options;
    return inTransaction(tx, async trx => {
      if (replaces !== undefined) {
        const deactivated = await trx<DbInstanceRow>(INSTANCES_TABLE)
          .where({ id: replaces, deployment_id: deploymentId, active: true })
          .update({ active: false });
        if (deactivated !== 1) {
          throw new ConflictError(
            `Instance ${replaces} of deployment ${deploymentId} is no longer its active instance; the change was computed against an older state`,
          );
        }
      }
      const [{ last }] = await trx<DbInstanceRow>(INSTANCES_TABLE)
        .where({ deployment_id: deploymentId })
        .max({ last: 'number' });
      const row: DbInstanceRow = {
        id: options.id ?? randomUUID(),
        deployment_id: deploymentId,
        number: Number(last ?? 0) + 1,
        driver_name: driver.name,
        driver_version: driver.version,
        context: sealJson(this.#box, options.context),
        diff: JSON.stringify(options.diff),
        active: true,
        task_id: options.taskId ?? null,
        configuration: options.configuration
          ? sealJson(this.#box, options.configuration)
          : null,
        restore_point_backup_id: null,
        rollback_to_instance_id: options.rollbackToInstanceId ?? null,
        restores_backup_id: options.restoresBackupId ?? null,
        created_by: options.createdBy,
        created_at: this.#clock.now(),
      };
      await insertRecord({
        db: trx,
        table: INSTANCES_TABLE,
        row,
        conflict: `Deployment ${deploymentId} got another active instance meanwhile`,
      });
      return this.#toInstance(row);
    });
  }

  async getInstances(
    options: InstanceStoreGetManyOptions,
  ): Promise<Instance[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await tx<DbInstanceRow>(INSTANCES_TABLE).whereIn(
      'id',
      onlyUuids(ids),
    );
    return rows.map(row => this.#toInstance(row));
  }

  async getActiveInstances(
    options: InstanceStoreGetActiveOptions,
  ): Promise<Instance[]> {
    const { tx = this.#knex, deploymentIds } = options;
    const rows = await tx<DbInstanceRow>(INSTANCES_TABLE)
      .whereIn('deployment_id', onlyUuids(deploymentIds))
      .where({ active: true });
    return rows.map(row => this.#toInstance(row));
  }

  async listInstances(
    options: InstanceStoreListOptions,
  ): Promise<InstanceStoreListResult> {
    const { tx = this.#knex, deploymentId, limit, before } = options;
    if (!isUuid(deploymentId)) {
      return { instances: [], hasNextPage: false };
    }
    let query = tx<DbInstanceRow>(INSTANCES_TABLE)
      .where({ deployment_id: deploymentId })
      .orderBy('number', 'desc')
      .limit(limit + 1);
    if (before !== undefined) {
      query = query.where('number', '<', before);
    }
    const rows = await query;
    return {
      instances: rows.slice(0, limit).map(row => this.#toInstance(row)),
      hasNextPage: rows.length > limit,
    };
  }

  async deactivateInstance(
    options: InstanceStoreDeactivateOptions,
  ): Promise<void> {
    const { tx = this.#knex, id } = options;
    const updated = await tx<DbInstanceRow>(INSTANCES_TABLE)
      .where({ id, active: true })
      .update({ active: false });
    if (updated !== 1) {
      throw new ConflictError(`Instance ${id} is not an active instance`);
    }
  }

  async setInstanceTask(options: InstanceStoreSetTaskOptions): Promise<void> {
    const { tx = this.#knex, id, taskId } = options;
    const updated = isUuid(id)
      ? await tx<DbInstanceRow>(INSTANCES_TABLE)
          .where({ id })
          .update({ task_id: taskId })
      : 0;
    if (updated !== 1) {
      throw new NotFoundError(`Instance ${id} does not exist`);
    }
  }

  async setRestorePoint(
    options: InstanceStoreSetRestorePointOptions,
  ): Promise<void> {
    const { tx = this.#knex, id, backupId } = options;
    const [row] = isUuid(id)
      ? await tx<DbInstanceRow>(INSTANCES_TABLE)
          .where({ id })
          .select('restore_point_backup_id')
      : [];
    if (!row) {
      throw new NotFoundError(`Instance ${id} does not exist`);
    }
    if (row.restore_point_backup_id === backupId) {
      return;
    }
    const updated = await tx<DbInstanceRow>(INSTANCES_TABLE)
      .where({ id, restore_point_backup_id: null })
      .update({ restore_point_backup_id: backupId });
    if (updated !== 1) {
      throw new ConflictError(
        `Instance ${id} has another restore point than backup ${backupId}`,
      );
    }
  }

  #toInstance(row: DbInstanceRow): Instance {
    const where = `instance ${row.id}`;
    return {
      id: row.id,
      deploymentId: row.deployment_id,
      number: row.number,
      driver: { name: row.driver_name, version: row.driver_version },
      context: openJson<GlobalContext>(
        this.#box,
        row.context,
        `context of ${where}`,
      ),
      diff: parseJsonColumn<ContextChange[]>(row.diff, `diff of ${where}`),
      // SQLite returns booleans as 0 and 1.
      active: Boolean(row.active),
      taskId: row.task_id ?? undefined,
      configuration: row.configuration
        ? openJson<DeploymentConfiguration>(
            this.#box,
            row.configuration,
            `configuration of ${where}`,
          )
        : undefined,
      restorePointBackupId: row.restore_point_backup_id ?? undefined,
      rollbackToInstanceId: row.rollback_to_instance_id ?? undefined,
      restoresBackupId: row.restores_backup_id ?? undefined,
      createdBy: row.created_by,
      createdAt: fromDbTimestamp(row.created_at),
    };
  }
}
