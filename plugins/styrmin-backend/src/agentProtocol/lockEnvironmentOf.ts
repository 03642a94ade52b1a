import { Knex } from 'knex';
import { lockForUpdate } from '../database/lockForUpdate';
import { DEPLOYMENTS_TABLE } from '../deployments/tables';
import { ENVIRONMENTS_TABLE } from '../environments/tables';

/**
 * Locks the row of a deployment's environment until the transaction ends (PostgreSQL), as
 * a change does first. Reports that touch more than one step row
 * and the deployment (a run's completion, the step that takes the resource over from older
 * tasks) take it first, so that they and the changes of the environment take their locks
 * in the same order and wait for one another instead of deadlocking.
 *
 * @internal
 */
export async function lockEnvironmentOf(
  tx: Knex.Transaction,
  deploymentId: string,
): Promise<void> {
  const deployment = await tx(DEPLOYMENTS_TABLE)
    .where({ id: deploymentId })
    .first('environment_id');
  if (deployment) {
    await lockForUpdate(
      tx(ENVIRONMENTS_TABLE)
        .where({ id: deployment.environment_id })
        .first('id'),
      tx,
    );
  }
}
