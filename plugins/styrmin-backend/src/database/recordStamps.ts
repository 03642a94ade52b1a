import { DbTimestamp } from './tables';
import { fromDbTimestamp } from './timestamps';

/**
 * The columns that every core record (cluster, environment, deployment) has: its version,
 * which each change compare-and-sets, and who made and last changed it, when.
 */
export type DbRecordStampColumns = {
  /** 1 when created, one more with each change. */
  version: number;
  /** The user entity ref or service subject that created the record. */
  created_by: string;
  created_at: DbTimestamp;
  /** Who changed the record last (its creator until then). */
  updated_by: string;
  updated_at: DbTimestamp;
};

/**
 * The version of a core record and who made and last changed it, when.
 *
 * @internal
 */
export type RecordStamps = {
  /** 1 when created, one more with each change: what a change compare-and-sets. */
  version: number;
  createdBy: string;
  createdAt: Date;
  updatedBy: string;
  updatedAt: Date;
};

/** The stamps of a record that `who` creates now. */
export function newRecordStamps(who: string, now: Date): DbRecordStampColumns {
  return {
    version: 1,
    created_by: who,
    created_at: now,
    updated_by: who,
    updated_at: now,
  };
}

/** The stamp columns that a change of a record at `version` writes. */
export function changedRecordStamps(
  version: number,
  who: string,
  now: Date,
): Pick<DbRecordStampColumns, 'version' | 'updated_by' | 'updated_at'> {
  return { version: version + 1, updated_by: who, updated_at: now };
}

export function fromDbRecordStamps(row: DbRecordStampColumns): RecordStamps {
  return {
    version: row.version,
    createdBy: row.created_by,
    createdAt: fromDbTimestamp(row.created_at),
    updatedBy: row.updated_by,
    updatedAt: fromDbTimestamp(row.updated_at),
  };
}
