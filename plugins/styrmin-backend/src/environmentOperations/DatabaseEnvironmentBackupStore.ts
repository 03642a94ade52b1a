import { DatabaseService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { newestFirstPage } from '../backups/newestFirstPage';
import { Clock, systemClock } from '../database/Clock';
import { connectDatabase } from '../database/migrations';
import { parseJsonColumn } from '../database/parseJsonColumn';
import { fromDbTimestamp } from '../database/timestamps';
import { isUuid, onlyUuids } from '../database/uuid';
import { SecretBox } from '../secrets/SecretBox';
import { openJson, sealJson } from '../secrets/sealedJson';
import {
  CapturedDeployment,
  CapturedEnvironment,
  EnvironmentBackup,
  EnvironmentBackupStore,
  EnvironmentBackupStoreCreateOptions,
  EnvironmentBackupStoreDeleteOptions,
  EnvironmentBackupStoreGetOptions,
  EnvironmentBackupStoreListPageOptions,
  EnvironmentBackupStoreListPageResult,
} from './EnvironmentBackupStore';
import { DbEnvironmentBackupRow, ENVIRONMENT_BACKUPS_TABLE } from './tables';

/**
 * Options of {@link DatabaseEnvironmentBackupStore.create}.
 *
 * @internal
 */
export type DatabaseEnvironmentBackupStoreOptions = {
  database: DatabaseService;
  /** Seals the captured deployments, whose configurations hold secret values. */
  secretBox: SecretBox;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link EnvironmentBackupStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseEnvironmentBackupStore implements EnvironmentBackupStore {
  readonly #knex: Knex;
  readonly #box: SecretBox;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseEnvironmentBackupStoreOptions,
  ): Promise<DatabaseEnvironmentBackupStore> {
    const { database, secretBox, clock = systemClock } = options;
    return new DatabaseEnvironmentBackupStore(
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

  async createEnvironmentBackup(
    options: EnvironmentBackupStoreCreateOptions,
  ): Promise<EnvironmentBackup> {
    const { tx = this.#knex } = options;
    const deployments = [...options.deployments].sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    const row: DbEnvironmentBackupRow = {
      id: options.id,
      environment_id: options.environmentId,
      environment: JSON.stringify(options.environment),
      deployments: sealJson(this.#box, deployments),
      created_by: options.createdBy,
      created_at: this.#clock.now(),
    };
    await tx(ENVIRONMENT_BACKUPS_TABLE).insert(row);
    return this.#toEnvironmentBackup(row);
  }

  async getEnvironmentBackup(
    options: EnvironmentBackupStoreGetOptions,
  ): Promise<EnvironmentBackup | undefined> {
    const { tx = this.#knex, id } = options;
    if (!isUuid(id)) {
      return undefined;
    }
    const row = await tx<DbEnvironmentBackupRow>(ENVIRONMENT_BACKUPS_TABLE)
      .where({ id })
      .first();
    return row && this.#toEnvironmentBackup(row);
  }

  async listEnvironmentBackupPage(
    options: EnvironmentBackupStoreListPageOptions,
  ): Promise<EnvironmentBackupStoreListPageResult> {
    const { tx = this.#knex, environmentId, limit, after } = options;
    const { rows, hasNextPage } = await newestFirstPage<DbEnvironmentBackupRow>(
      {
        query: tx<DbEnvironmentBackupRow>(ENVIRONMENT_BACKUPS_TABLE).whereIn(
          'environment_id',
          onlyUuids([environmentId]),
        ),
        limit,
        after,
      },
    );
    return {
      environmentBackups: rows.map(row => this.#toEnvironmentBackup(row)),
      hasNextPage,
    };
  }

  async deleteEnvironmentBackup(
    options: EnvironmentBackupStoreDeleteOptions,
  ): Promise<boolean> {
    const { tx = this.#knex, id } = options;
    if (!isUuid(id)) {
      return false;
    }
    const deleted = await tx(ENVIRONMENT_BACKUPS_TABLE).where({ id }).delete();
    return deleted > 0;
  }

  #toEnvironmentBackup(row: DbEnvironmentBackupRow): EnvironmentBackup {
    return {
      id: row.id,
      environmentId: row.environment_id,
      environment: parseJsonColumn<CapturedEnvironment>(
        row.environment,
        `environment of environment backup ${row.id}`,
      ),
      deployments: openJson<CapturedDeployment[]>(
        this.#box,
        row.deployments,
        `deployments of environment backup ${row.id}`,
      ),
      createdBy: row.created_by,
      createdAt: fromDbTimestamp(row.created_at),
    };
  }
}
