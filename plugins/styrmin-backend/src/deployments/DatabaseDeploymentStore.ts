import { DatabaseService } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  DeploymentConfiguration,
  DeploymentState,
} from '@styrmin/plugin-styrmin-common';
import { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Clock, systemClock } from '../database/Clock';
import { compareAndSet } from '../database/compareAndSet';
import { insertRecord } from '../database/insertRecord';
import { connectDatabase } from '../database/migrations';
import {
  changedRecordStamps,
  fromDbRecordStamps,
  newRecordStamps,
} from '../database/recordStamps';
import { fromOptionalDbTimestamp } from '../database/timestamps';
import { isUuid, onlyUuids } from '../database/uuid';
import { SecretBox } from '../secrets/SecretBox';
import { openJson, sealJson } from '../secrets/sealedJson';
import {
  Deployment,
  DeploymentStore,
  DeploymentStoreCreateOptions,
  DeploymentStoreGetManyOptions,
  DeploymentStoreGetOptions,
  DeploymentStoreListOfEnvironmentsOptions,
  DeploymentStoreListOptions,
  DeploymentStoreListResult,
  DeploymentStoreSetStateOptions,
  DeploymentStoreUpdateOptions,
} from './DeploymentStore';
import { DbDeploymentRow, DEPLOYMENTS_TABLE } from './tables';

/**
 * Options of {@link DatabaseDeploymentStore.create}.
 *
 * @internal
 */
export type DatabaseDeploymentStoreOptions = {
  database: DatabaseService;
  /** Seals the configurations, which hold secret values. */
  secretBox: SecretBox;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link DeploymentStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseDeploymentStore implements DeploymentStore {
  readonly #knex: Knex;
  readonly #box: SecretBox;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseDeploymentStoreOptions,
  ): Promise<DatabaseDeploymentStore> {
    const { database, secretBox, clock = systemClock } = options;
    return new DatabaseDeploymentStore(
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

  async createDeployment(
    options: DeploymentStoreCreateOptions,
  ): Promise<Deployment> {
    const { tx = this.#knex, environmentId, name, driver, createdBy } = options;
    const row: DbDeploymentRow = {
      id: options.id ?? randomUUID(),
      environment_id: environmentId,
      name,
      driver_name: driver.name,
      driver_version: driver.version,
      configuration: sealJson(this.#box, options.configuration),
      state: options.state ?? 'PENDING',
      state_reason: null,
      deleted_at: null,
      ...newRecordStamps(createdBy, this.#clock.now()),
    };
    await insertRecord({
      db: tx,
      table: DEPLOYMENTS_TABLE,
      row,
      conflict: `The environment has a deployment named ${name} already`,
    });
    return this.#toDeployment(row);
  }

  async getDeployment(
    options: DeploymentStoreGetOptions,
  ): Promise<Deployment | undefined> {
    const { tx = this.#knex } = options;
    if (!isUuid(options.id ?? options.environmentId ?? '')) {
      return undefined;
    }
    const query =
      options.id === undefined
        ? tx<DbDeploymentRow>(DEPLOYMENTS_TABLE)
            .where({
              environment_id: options.environmentId,
              name: options.name,
            })
            .whereNull('deleted_at')
        : tx<DbDeploymentRow>(DEPLOYMENTS_TABLE).where({ id: options.id });
    const row = await query.first();
    return row && this.#toDeployment(row);
  }

  async getDeployments(
    options: DeploymentStoreGetManyOptions,
  ): Promise<Deployment[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await tx<DbDeploymentRow>(DEPLOYMENTS_TABLE).whereIn(
      'id',
      onlyUuids(ids),
    );
    return rows.map(row => this.#toDeployment(row));
  }

  async listDeployments(
    options: DeploymentStoreListOptions,
  ): Promise<DeploymentStoreListResult> {
    const { tx = this.#knex, limit, after } = options;
    if (
      (options.environmentId !== undefined && !isUuid(options.environmentId)) ||
      (after && !isUuid(after.id))
    ) {
      return { deployments: [], hasNextPage: false };
    }
    let query = tx<DbDeploymentRow>(DEPLOYMENTS_TABLE)
      .orderBy([{ column: 'name' }, { column: 'id' }])
      // One more than the page: whether there is a next page, in the same query.
      .limit(limit + 1);
    if (!options.includeDeleted) {
      query = query.whereNull('deleted_at');
    }
    if (options.environmentId !== undefined) {
      query = query.where({ environment_id: options.environmentId });
    }
    if (options.states !== undefined) {
      query = query.whereIn('state', options.states);
    }
    if (options.driverName !== undefined) {
      query = query.where({ driver_name: options.driverName });
    }
    if (options.driverVersion !== undefined) {
      query = query.where({ driver_version: options.driverVersion });
    }
    if (after) {
      query = query.where(page =>
        page
          .where('name', '>', after.name)
          .orWhere(same =>
            same.where('name', after.name).where('id', '>', after.id),
          ),
      );
    }
    const rows = await query;
    return {
      deployments: rows.slice(0, limit).map(row => this.#toDeployment(row)),
      hasNextPage: rows.length > limit,
    };
  }

  async listDeploymentsOfEnvironments(
    options: DeploymentStoreListOfEnvironmentsOptions,
  ): Promise<Deployment[]> {
    const { tx = this.#knex, environmentIds } = options;
    const rows = await tx<DbDeploymentRow>(DEPLOYMENTS_TABLE)
      .whereIn('environment_id', onlyUuids(environmentIds))
      .whereNull('deleted_at')
      .orderBy([{ column: 'name' }, { column: 'id' }]);
    return rows.map(row => this.#toDeployment(row));
  }

  async updateDeployment(
    options: DeploymentStoreUpdateOptions,
  ): Promise<Deployment> {
    const { tx = this.#knex, id, expectedVersion, driver, updatedBy } = options;
    const now = this.#clock.now();
    await compareAndSet({
      db: tx,
      table: DEPLOYMENTS_TABLE,
      id,
      expectedVersion,
      where: query => query.whereNull('deleted_at'),
      changes: {
        driver_name: driver.name,
        driver_version: driver.version,
        configuration: sealJson(this.#box, options.configuration),
        ...(options.deleted && { deleted_at: now }),
        ...(options.state && { state: options.state, state_reason: null }),
        ...changedRecordStamps(expectedVersion, updatedBy, now),
      },
      what: `Deployment ${id}`,
      refusal: 'is deleted',
    });
    return (await this.getDeployment({ tx, id }))!;
  }

  async setState(options: DeploymentStoreSetStateOptions): Promise<void> {
    const { tx = this.#knex, id, state, reason } = options;
    const updated = await tx<DbDeploymentRow>(DEPLOYMENTS_TABLE)
      .where({ id })
      .update({ state, state_reason: reason ?? null });
    if (updated !== 1) {
      throw new NotFoundError(`Deployment ${id} does not exist`);
    }
  }

  #toDeployment(row: DbDeploymentRow): Deployment {
    return {
      id: row.id,
      environmentId: row.environment_id,
      name: row.name,
      driver: { name: row.driver_name, version: row.driver_version },
      configuration: openJson<DeploymentConfiguration>(
        this.#box,
        row.configuration,
        `configuration of deployment ${row.id}`,
      ),
      state: DeploymentState.parse(row.state),
      stateReason: row.state_reason ?? undefined,
      deletedAt: fromOptionalDbTimestamp(row.deleted_at),
      ...fromDbRecordStamps(row),
    };
  }
}
