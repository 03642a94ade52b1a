import { Knex } from 'knex';

/**
 * The optional transaction that every store method takes. Transactions belong to callers:
 * the remediator, for one, writes the instance, its task, the task's planned steps and the
 * flow run in one transaction. Without it, a method runs on its own (in a transaction of its
 * own when it writes more than one statement).
 *
 * @internal
 */
export type TransactionOption = {
  tx?: Knex | Knex.Transaction;
};
