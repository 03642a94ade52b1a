/**
 * One named operation of the Styrmin GraphQL API: its document, and how the typed result is
 * taken from the answer's `data`. Each operation lives in its own file in this folder, and
 * `StyrminClient` exposes it as a method that passes the variables.
 */
export interface StyrminOperation<TData, TResult> {
  /** The name of the one operation in `document`, sent as `operationName`. */
  readonly operationName: string;
  /** The GraphQL document, valid against `styrminGraphQLSchema`. */
  readonly document: string;
  /** Picks the result out of the answer's `data`. */
  readonly result: (data: TData) => TResult;
}
