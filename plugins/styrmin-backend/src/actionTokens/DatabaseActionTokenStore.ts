import { DatabaseService } from '@backstage/backend-plugin-api';
import { Knex } from 'knex';
import { Clock, systemClock } from '../database/Clock';
import { connectDatabase } from '../database/migrations';
import { DbTimestamp } from '../database/tables';
import { fromDbTimestamp } from '../database/timestamps';
import { DbFlowRunRow, FLOW_RUNS_TABLE } from '../flows/tables';
import {
  actionTokenId,
  issueActionToken,
  matchesActionTokenHash,
} from './actionToken';
import {
  ActionTokenScope,
  ActionTokenStore,
  ActionTokenStoreIssueOptions,
  ActionTokenStoreVerifyOptions,
} from './ActionTokenStore';

/** `styrmin_action_tokens` (migrations/20261202050000_action_tokens.js). */
const ACTION_TOKENS_TABLE = 'styrmin_action_tokens';

/** `styrmin_action_tokens` */
type DbActionTokenRow = {
  id: string;
  /** The token's sha256, in hex. */
  token_hash: string;
  deployment_id: string;
  flow_run_id: string;
  run_attempt: number;
  expires_at: DbTimestamp;
  created_at: DbTimestamp;
};

/**
 * Options of {@link DatabaseActionTokenStore.create}.
 *
 * @internal
 */
export type DatabaseActionTokenStoreOptions = {
  database: DatabaseService;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link ActionTokenStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabaseActionTokenStore implements ActionTokenStore {
  readonly #knex: Knex;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabaseActionTokenStoreOptions,
  ): Promise<DatabaseActionTokenStore> {
    const { database, clock = systemClock } = options;
    return new DatabaseActionTokenStore(await connectDatabase(database), clock);
  }

  private constructor(knex: Knex, clock: Clock) {
    this.#knex = knex;
    this.#clock = clock;
  }

  async issue(
    options: ActionTokenStoreIssueOptions,
  ): Promise<{ token: string; expiresAt: Date }> {
    const {
      tx = this.#knex,
      deploymentId,
      flowRunId,
      runAttempt,
      expiresAt,
    } = options;
    const { id, token, hash } = issueActionToken();
    await tx<DbActionTokenRow>(ACTION_TOKENS_TABLE).insert({
      id,
      token_hash: hash,
      deployment_id: deploymentId,
      flow_run_id: flowRunId,
      run_attempt: runAttempt,
      expires_at: expiresAt,
      created_at: this.#clock.now(),
    });
    return { token, expiresAt };
  }

  async verify(
    options: ActionTokenStoreVerifyOptions,
  ): Promise<ActionTokenScope | undefined> {
    const { tx = this.#knex, token } = options;
    const id = actionTokenId(token);
    if (!id) {
      return undefined;
    }
    const row: (DbActionTokenRow & Pick<DbFlowRunRow, 'state'>) | undefined =
      await tx<DbActionTokenRow>(ACTION_TOKENS_TABLE)
        .join(
          FLOW_RUNS_TABLE,
          `${FLOW_RUNS_TABLE}.id`,
          `${ACTION_TOKENS_TABLE}.flow_run_id`,
        )
        .where(`${ACTION_TOKENS_TABLE}.id`, id)
        // The claim it was issued under: a crash's next claim gets tokens of its own.
        .whereRaw(
          `${FLOW_RUNS_TABLE}.attempts = ${ACTION_TOKENS_TABLE}.run_attempt`,
        )
        .first(`${ACTION_TOKENS_TABLE}.*`, `${FLOW_RUNS_TABLE}.state`);
    if (
      !row ||
      !matchesActionTokenHash(token, row.token_hash) ||
      row.state !== 'RUNNING' ||
      fromDbTimestamp(row.expires_at) <= this.#clock.now()
    ) {
      return undefined;
    }
    return {
      deploymentId: row.deployment_id,
      flowRunId: row.flow_run_id,
      runAttempt: row.run_attempt,
    };
  }
}
