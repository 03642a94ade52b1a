import { DatabaseService } from '@backstage/backend-plugin-api';
import { ConflictError, NotFoundError } from '@backstage/errors';
import { randomUUID } from 'node:crypto';
import { Knex } from 'knex';
import { Clock, systemClock } from '../database/Clock';
import { connectDatabase } from '../database/migrations';
import { parseJsonColumn } from '../database/parseJsonColumn';
import { DbTimestamp } from '../database/tables';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { openJson, sealJson } from '../secrets/sealedJson';
import { SecretBox } from '../secrets/SecretBox';
import { Plan, PlanKind } from './Plan';
import {
  PlanStore,
  PlanStoreCreateOptions,
  PlanStoreGetOptions,
  PlanStoreMarkAppliedOptions,
} from './PlanStore';

/** `styrmin_plans` (migrations/20261203020000_plans.js). */
export const PLANS_TABLE = 'styrmin_plans';

/** `styrmin_plans` */
type DbPlanRow = {
  id: string;
  environment_id: string;
  deployment_id: string | null;
  kind: PlanKind;
  /** The planned change's JSON, sealed. */
  change: string;
  plan: string;
  basis: string;
  fingerprint: string;
  created_by: string;
  created_at: DbTimestamp;
  expires_at: DbTimestamp;
  applied_by: string | null;
  applied_at: DbTimestamp | null;
  applied_task_id: string | null;
};

/**
 * Options of {@link DatabasePlanStore.create}.
 *
 * @internal
 */
export type DatabasePlanStoreOptions = {
  database: DatabaseService;
  secretBox: SecretBox;
  /** Defaults to the system clock. */
  clock?: Clock;
};

/**
 * The {@link PlanStore} on the plugin's database (SQLite or PostgreSQL).
 *
 * @internal
 */
export class DatabasePlanStore implements PlanStore {
  readonly #knex: Knex;
  readonly #box: SecretBox;
  readonly #clock: Clock;

  /** Connects and migrates the database unless the deployment manages migrations itself. */
  static async create(
    options: DatabasePlanStoreOptions,
  ): Promise<DatabasePlanStore> {
    const { database, secretBox, clock = systemClock } = options;
    return new DatabasePlanStore(
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

  async createPlan(options: PlanStoreCreateOptions): Promise<Plan> {
    const { tx = this.#knex, ...plan } = options;
    const id = randomUUID();
    await tx<DbPlanRow>(PLANS_TABLE).insert({
      id,
      environment_id: plan.environmentId,
      deployment_id: plan.deploymentId ?? null,
      kind: plan.kind,
      change: sealJson(this.#box, plan.change),
      plan: JSON.stringify(plan.content),
      basis: JSON.stringify(plan.basis),
      fingerprint: plan.fingerprint,
      created_by: plan.createdBy,
      created_at: this.#clock.now(),
      expires_at: plan.expiresAt,
    });
    return (await this.getPlan({ tx, id }))!;
  }

  async getPlan(options: PlanStoreGetOptions): Promise<Plan | undefined> {
    const { tx = this.#knex, id } = options;
    const row = await tx<DbPlanRow>(PLANS_TABLE).where({ id }).first();
    return row && this.#toPlan(row);
  }

  async markApplied(options: PlanStoreMarkAppliedOptions): Promise<Plan> {
    const { tx = this.#knex, id, appliedBy, taskId } = options;
    const count = await tx<DbPlanRow>(PLANS_TABLE)
      .where({ id })
      .whereNull('applied_at')
      .update({
        applied_by: appliedBy,
        applied_at: this.#clock.now(),
        applied_task_id: taskId ?? null,
      });
    const plan = await this.getPlan({ tx, id });
    if (!plan) {
      throw new NotFoundError(`Plan ${id} does not exist`);
    }
    if (count !== 1) {
      throw new ConflictError(
        `Plan ${id} was applied already, by ${
          plan.appliedBy
        } at ${plan.appliedAt?.toISOString()}`,
      );
    }
    return plan;
  }

  #toPlan(row: DbPlanRow): Plan {
    const where = `plan ${row.id}`;
    return {
      id: row.id,
      kind: row.kind,
      environmentId: row.environment_id,
      deploymentId: row.deployment_id ?? undefined,
      change: openJson(this.#box, row.change, where),
      content: parseJsonColumn(row.plan, where),
      basis: parseJsonColumn(row.basis, where),
      fingerprint: row.fingerprint,
      createdBy: row.created_by,
      createdAt: fromDbTimestamp(row.created_at),
      expiresAt: fromDbTimestamp(row.expires_at),
      appliedBy: row.applied_by ?? undefined,
      appliedAt: fromOptionalDbTimestamp(row.applied_at),
      appliedTaskId: row.applied_task_id ?? undefined,
    };
  }
}
