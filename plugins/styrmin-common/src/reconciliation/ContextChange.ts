import { JsonValue } from '../configuration/JsonValue';

/**
 * What stands in a reconciliation diff for a secret value, before and after.
 *
 * @public
 */
export const SECRET_MASK = '<secret>';

/**
 * One entry of a reconciliation diff: a value of the context that the new instance adds,
 * removes or changes. `before` is absent for an added value, `after` for a removed one.
 *
 * @public
 */
export interface ContextChange {
  /** Where the value sits in the context: `components.server.replicas`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: JsonValue;
  after?: JsonValue;
  /** Set when the value is secret: `before` and `after` then hold {@link SECRET_MASK}. */
  secret?: true;
}
