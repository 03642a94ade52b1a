import { Knex } from 'knex';
import { SEALED_PREFIX, SecretBox } from './SecretBox';

/**
 * A text column that holds secret values (see `sealJson`), in a table whose rows have a
 * text `id`.
 *
 * @internal
 */
export type SealedColumn = { table: string; column: string };

/** @internal */
export type SecretResealerResult = {
  /** Values sealed under the newest key now, by `<table>.<column>`. */
  resealed: Record<string, number>;
  /** Values that another writer changed meanwhile: sealed under the newest key by it. */
  skipped: number;
};

/** Rows read at a time: a large table is resealed in pages, never held whole. */
const PAGE_SIZE = 200;

/**
 * Brings every value of the sealed columns under the newest key: values written before
 * sealing existed (plain JSON, the rows of older versions) and values sealed under an older
 * key. The backend runs it at every start, which makes it both the migration of existing
 * rows and the second half of a key rotation (docs/secrets-at-rest.md). Each row is
 * compare-and-set on the value it read, so a concurrent write wins and replicas that start
 * together never undo each other.
 *
 * @internal
 */
export class SecretResealer {
  readonly #knex: Knex;
  readonly #box: SecretBox;
  readonly #columns: readonly SealedColumn[];

  static create(options: {
    knex: Knex;
    box: SecretBox;
    columns: readonly SealedColumn[];
  }): SecretResealer {
    return new SecretResealer(options.knex, options.box, options.columns);
  }

  private constructor(
    knex: Knex,
    box: SecretBox,
    columns: readonly SealedColumn[],
  ) {
    this.#knex = knex;
    this.#box = box;
    this.#columns = columns;
  }

  /**
   * Reseals every value not sealed under the newest key. A value sealed under a key that is
   * no longer configured throws `SECRET_KEY_UNKNOWN` naming it, after the values before it
   * were resealed.
   */
  async reseal(): Promise<SecretResealerResult> {
    const result: SecretResealerResult = { resealed: {}, skipped: 0 };
    const newest = `${SEALED_PREFIX}${this.#box.newestKeyId}:`;
    for (const { table, column } of this.#columns) {
      let resealed = 0;
      let after: string | undefined;
      for (;;) {
        let query = this.#knex(table);
        if (after !== undefined) {
          query = query.where('id', '>', after);
        }
        const rows: Array<{ id: string; value: string }> = await query
          .select({ id: 'id', value: column })
          .whereNotNull(column)
          // substr, not LIKE: a key id's '_' would be a LIKE wildcard.
          .whereRaw('substr(??, 1, ?) <> ?', [column, newest.length, newest])
          .orderBy('id')
          .limit(PAGE_SIZE);
        for (const { id, value } of rows) {
          const plaintext =
            this.#box.keyIdOf(value) === undefined
              ? value
              : this.#box.open(value);
          const updated = await this.#knex(table)
            .where({ id, [column]: value })
            .update({ [column]: this.#box.seal(plaintext) });
          if (updated === 1) {
            resealed += 1;
          } else {
            result.skipped += 1;
          }
        }
        if (rows.length < PAGE_SIZE) {
          break;
        }
        after = rows[rows.length - 1].id;
      }
      result.resealed[`${table}.${column}`] = resealed;
    }
    return result;
  }
}
