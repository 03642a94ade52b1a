import { TransactionOption } from '../database/TransactionOption';

/**
 * What an action token may act on: one deployment, for one claim of one flow run.
 *
 * @internal
 */
export type ActionTokenScope = {
  deploymentId: string;
  flowRunId: string;
  /** The claim (`attempt`) of the run that the token was issued under. */
  runAttempt: number;
};

/** @internal */
export type ActionTokenStoreIssueOptions = TransactionOption &
  ActionTokenScope & {
    expiresAt: Date;
  };

/** @internal */
export type ActionTokenStoreVerifyOptions = TransactionOption & {
  token: string;
};

/**
 * The API tokens of driver actions (docs/driver-api.md, "Calling the API from an action"),
 * stored hashed. A token is valid while its run is RUNNING under the claim it was issued
 * for, and not after `expiresAt`: the run's end, a new claim after a crash, or the time
 * ends it, whichever comes first.
 *
 * @internal
 */
export interface ActionTokenStore {
  /** A new token for the scope; the token itself is returned this once. */
  issue(
    options: ActionTokenStoreIssueOptions,
  ): Promise<{ token: string; expiresAt: Date }>;

  /** The scope of a valid token; undefined for one that is unknown, malformed or ended. */
  verify(
    options: ActionTokenStoreVerifyOptions,
  ): Promise<ActionTokenScope | undefined>;
}
