import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from '../recordFields';
import { StyrminOperation } from '../StyrminOperation';
import { RollbackDeploymentInput as GeneratedRollbackDeploymentInput } from '../generated/operationTypes';

/**
 * What `StyrminClient.rollbacks.rollback()` takes: the deployment, the number of the
 * earlier instance, and whether its restore point is restored in place too.
 *
 * @public
 */
export type RollbackDeploymentInput = GeneratedRollbackDeploymentInput;

/** The `rollbackDeployment` mutation. */
export const rollbackDeploymentOperation: StyrminOperation<
  { rollbackDeployment: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'RollbackDeployment',
  document: /* GraphQL */ `
    mutation RollbackDeployment($input: RollbackDeploymentInput!) {
      rollbackDeployment(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.rollbackDeployment,
};
