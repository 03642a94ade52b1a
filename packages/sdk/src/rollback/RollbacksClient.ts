import { ClientParts } from '../backups/ClientParts';
import { DeploymentChangeResult } from '../operations/recordFields';
import {
  rollbackDeploymentOperation,
  RollbackDeploymentInput,
} from '../operations/rollback';

/**
 * Rollbacks of deployments to an earlier instance: `StyrminClient.rollbacks`. A rollback
 * is a change through the normal reconciliation (the earlier instance's declared state
 * applied again, with its upgrade hooks); with data, the earlier instance's restore point
 * is restored in place last. Every failure rejects with a {@link StyrminApiError}.
 *
 * @public
 */
export class RollbacksClient {
  readonly #execute: ClientParts['execute'];

  /** @internal */
  static create(parts: ClientParts): RollbacksClient {
    return new RollbacksClient(parts);
  }

  private constructor(parts: ClientParts) {
    this.#execute = parts.execute;
  }

  /** Rolls a deployment back to its instance `toInstance` (a number). */
  rollback(input: RollbackDeploymentInput): Promise<DeploymentChangeResult> {
    return this.#execute(rollbackDeploymentOperation, { input });
  }
}
