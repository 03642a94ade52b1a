import { DatabaseService } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import { ClusterSettings } from '@styrmin/plugin-styrmin-common';
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
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { TransactionOption } from '../database/TransactionOption';
import { isUuid, onlyUuids } from '../database/uuid';
import {
  agentTokenClusterId,
  issueAgentToken,
  matchesAgentTokenHash,
} from './agentToken';
import {
  Cluster,
  ClusterStore,
  ClusterStoreGetManyOptions,
  ClusterStoreGetOptions,
  ClusterStoreRecordAgentSeenOptions,
  ClusterStoreRegisterOptions,
  ClusterStoreRotateAgentTokenOptions,
  ClusterStoreSetSystemEnvironmentOptions,
  ClusterStoreUpdateOptions,
  ClusterStoreVerifyAgentTokenOptions,
  ClusterWithAgentToken,
} from './ClusterStore';
import { CLUSTERS_TABLE, DbClusterRow } from './tables';

/**
 * Options of {@link DatabaseClusterStore.create}.
 *
 * @internal
 */
export type DatabaseClusterStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link ClusterStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseClusterStore implements ClusterStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseClusterStoreOptions,
  ): Promise<DatabaseClusterStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseClusterStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async registerCluster(
    options: ClusterStoreRegisterOptions,
  ): Promise<ClusterWithAgentToken> {
    const { tx = this.#knex, name, settings, createdBy } = options;
    const id = randomUUID();
    const { token, hash } = issueAgentToken(id);
    const now = this.#clock.now();
    const row: DbClusterRow = {
      id,
      name,
      settings: JSON.stringify(settings),
      agent_token_hash: hash,
      agent_token_rotated_at: now,
      agent_last_seen_at: null,
      system_environment_id: null,
      ...newRecordStamps(createdBy, now),
    };
    await insertRecord({
      db: tx,
      table: CLUSTERS_TABLE,
      row,
      conflict: `A cluster named ${name} is registered already`,
    });
    return { cluster: toCluster(row), agentToken: token };
  }

  async listClusters(options: TransactionOption = {}): Promise<Cluster[]> {
    const { tx = this.#knex } = options;
    const rows = await tx<DbClusterRow>(CLUSTERS_TABLE).orderBy('name');
    return rows.map(toCluster);
  }

  async getCluster(
    options: ClusterStoreGetOptions,
  ): Promise<Cluster | undefined> {
    const { tx = this.#knex, ...key } = options;
    const row = await getRecord<DbClusterRow>({
      db: tx,
      table: CLUSTERS_TABLE,
      ...key,
    });
    return row && toCluster(row);
  }

  async getClusters(options: ClusterStoreGetManyOptions): Promise<Cluster[]> {
    const { tx = this.#knex, ids } = options;
    const rows = await tx<DbClusterRow>(CLUSTERS_TABLE).whereIn(
      'id',
      onlyUuids(ids),
    );
    return rows.map(toCluster);
  }

  async updateCluster(options: ClusterStoreUpdateOptions): Promise<Cluster> {
    const {
      tx = this.#knex,
      id,
      expectedVersion,
      settings,
      updatedBy,
    } = options;
    await compareAndSet({
      db: tx,
      table: CLUSTERS_TABLE,
      id,
      expectedVersion,
      changes: {
        settings: JSON.stringify(settings),
        ...changedRecordStamps(expectedVersion, updatedBy, this.#clock.now()),
      },
      what: `Cluster ${id}`,
    });
    return (await this.getCluster({ tx, id }))!;
  }

  async setSystemEnvironment(
    options: ClusterStoreSetSystemEnvironmentOptions,
  ): Promise<Cluster> {
    const { tx = this.#knex, id, environmentId } = options;
    const updated = await tx<DbClusterRow>(CLUSTERS_TABLE)
      .where({ id })
      .whereNull('system_environment_id')
      .update({ system_environment_id: environmentId });
    if (updated !== 1) {
      const current = await this.getCluster({ tx, id });
      if (!current) {
        throw new NotFoundError(`Cluster ${id} does not exist`);
      }
      throw new ConflictError(
        `Cluster ${current.name} has a system environment already`,
      );
    }
    return (await this.getCluster({ tx, id }))!;
  }

  async rotateAgentToken(
    options: ClusterStoreRotateAgentTokenOptions,
  ): Promise<ClusterWithAgentToken> {
    const { tx = this.#knex, id, updatedBy } = options;
    const current = await this.getCluster({ tx, id });
    if (!current) {
      throw new NotFoundError(`Cluster ${id} does not exist`);
    }
    const { token, hash } = issueAgentToken(id);
    const now = this.#clock.now();
    await compareAndSet({
      db: tx,
      table: CLUSTERS_TABLE,
      id,
      expectedVersion: current.version,
      changes: {
        agent_token_hash: hash,
        agent_token_rotated_at: now,
        ...changedRecordStamps(current.version, updatedBy, now),
      },
      what: `Cluster ${id}`,
    });
    return {
      cluster: (await this.getCluster({ tx, id }))!,
      agentToken: token,
    };
  }

  async verifyAgentToken(
    options: ClusterStoreVerifyAgentTokenOptions,
  ): Promise<Cluster | undefined> {
    const { tx = this.#knex, token } = options;
    const id = agentTokenClusterId(token);
    if (!id) {
      return undefined;
    }
    const row = await tx<DbClusterRow>(CLUSTERS_TABLE).where({ id }).first();
    return row && matchesAgentTokenHash(token, row.agent_token_hash)
      ? toCluster(row)
      : undefined;
  }

  async recordAgentSeen(
    options: ClusterStoreRecordAgentSeenOptions,
  ): Promise<boolean> {
    const { tx = this.#knex, id, throttleSeconds } = options;
    if (!isUuid(id)) {
      return false;
    }
    const now = this.#clock.now();
    const updated = await tx<DbClusterRow>(CLUSTERS_TABLE)
      .where({ id })
      .where(query =>
        query
          .whereNull('agent_last_seen_at')
          .orWhere(
            'agent_last_seen_at',
            '<=',
            new Date(now.getTime() - throttleSeconds * 1000),
          ),
      )
      .update({ agent_last_seen_at: now });
    return updated === 1;
  }
}

function toCluster(row: DbClusterRow): Cluster {
  return {
    id: row.id,
    name: row.name,
    settings: parseJsonColumn<ClusterSettings>(
      row.settings,
      `settings of cluster ${row.id}`,
    ),
    workPool: `cluster:${row.id}`,
    agentTokenRotatedAt: fromDbTimestamp(row.agent_token_rotated_at),
    agentLastSeenAt: fromOptionalDbTimestamp(row.agent_last_seen_at),
    ...(row.system_environment_id && {
      systemEnvironmentId: row.system_environment_id,
    }),
    ...fromDbRecordStamps(row),
  };
}
