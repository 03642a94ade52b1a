import { Knex } from 'knex';
import { Clock } from '../../database/Clock';
import { SecretBox } from '../../secrets/SecretBox';

/** A database or a transaction: what every operation runs on. */
export type Db = Knex | Knex.Transaction;

/**
 * The options of an operation of the task store: those of its `TaskStore` method, with the
 * transaction (or database) that the caller owns, the store's clock and the SecretBox that
 * seals the prompts' answers: the transaction becomes required.
 *
 * @internal
 */
export type TaskOperationOptions<T> = T & {
  tx: Db;
  clock: Clock;
  secretBox: SecretBox;
};
