import { Knex } from 'knex';
import { TransactionOption } from '../database/TransactionOption';
import { DbTimestamp } from '../database/tables';
import {
  fromDbTimestamp,
  fromOptionalDbTimestamp,
} from '../database/timestamps';
import { inTransaction } from '../database/inTransaction';
import { isUuid } from '../database/uuid';
import { DbVeleroStatusColumns } from './tables';

/**
 * What the agent reports of the Velero object of a backup or a restore.
 *
 * @internal
 */
export type VeleroStatus<TPhase extends string> = {
  /** Unset until the Velero object exists. */
  phase?: TPhase;
  /** Items backed up (a backup) or restored (a restore), of `totalItems`. */
  itemsDone?: number;
  totalItems?: number;
  errorCount: number;
  warningCount: number;
  /** Why it failed or partly failed, in words: Velero's reason, errors and warnings. */
  failureReason?: string;
  startedAt?: Date;
  completedAt?: Date;
  /** When the agent read the Velero object. */
  observedAt?: Date;
};

/** A status report of the agent, for one record. */
export type VeleroStatusReport<TStatus> = TransactionOption & {
  id: string;
  /** When the agent read the Velero object: a report older than the stored one is dropped. */
  observedAt: Date;
  status: TStatus;
};

/** The status of a backup or restore row; `itemsDone` comes from `doneColumn`. */
export function toVeleroStatus<TPhase extends string>(
  row: DbVeleroStatusColumns,
  itemsDone: number | null,
  parsePhase: (value: unknown) => TPhase,
): VeleroStatus<TPhase> {
  return {
    phase: row.phase === null ? undefined : parsePhase(row.phase),
    itemsDone: itemsDone ?? undefined,
    totalItems: row.total_items ?? undefined,
    errorCount: row.error_count,
    warningCount: row.warning_count,
    failureReason: row.failure_reason ?? undefined,
    startedAt: fromOptionalDbTimestamp(row.started_at),
    completedAt: fromOptionalDbTimestamp(row.completed_at),
    observedAt: fromOptionalDbTimestamp(row.observed_at),
  };
}

/** The columns of a status, but `observed_at` and `updated_at`, and the done column. */
export function veleroStatusColumns<TPhase extends string>(
  status: Omit<VeleroStatus<TPhase>, 'observedAt' | 'itemsDone'>,
): Omit<DbVeleroStatusColumns, 'observed_at' | 'updated_at'> {
  return {
    phase: status.phase ?? null,
    total_items: status.totalItems ?? null,
    error_count: status.errorCount,
    warning_count: status.warningCount,
    failure_reason: status.failureReason ?? null,
    started_at: status.startedAt ?? null,
    completed_at: status.completedAt ?? null,
  };
}

/** The empty status of a record whose Velero object does not exist yet. */
export const NO_VELERO_STATUS = {
  phase: null,
  total_items: null,
  error_count: 0,
  warning_count: 0,
  failure_reason: null,
  started_at: null,
  completed_at: null,
  observed_at: null,
};

/**
 * Writes the columns of a status report where they differ from the stored ones and the
 * report is not older than the stored one; answers whether it wrote. Reports repeat (the
 * agent polls, and retries), so most of them write nothing.
 */
export async function recordVeleroStatus(options: {
  db: Knex | Knex.Transaction;
  table: string;
  id: string;
  observedAt: Date;
  columns: Record<string, unknown>;
  now: Date;
}): Promise<boolean> {
  const { table, id, observedAt, columns, now } = options;
  if (!isUuid(id)) {
    return false;
  }
  return inTransaction(options.db, async db => {
    const current = await db(table)
      .where({ id })
      .first(['observed_at', ...Object.keys(columns)]);
    if (!current) {
      return false;
    }
    if (
      current.observed_at !== null &&
      observedAt < fromDbTimestamp(current.observed_at as DbTimestamp)
    ) {
      return false;
    }
    const changed = Object.entries(columns).some(
      ([column, value]) => comparable(current[column]) !== comparable(value),
    );
    if (!changed) {
      return false;
    }
    await db(table)
      .where({ id })
      .update({ ...columns, observed_at: observedAt, updated_at: now });
    return true;
  });
}

/** One form for what the engines return and what the report holds: dates, bigints. */
function comparable(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  return String(value instanceof Date ? value.getTime() : value);
}
