import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.editDeployment()` takes.
 *
 * @public
 */
export interface EditDeploymentInput {
  id: string;
  /** The version the change applies to; the one on arrival when absent. */
  expectedVersion?: number;
  /** A JSON merge patch of the configuration: null removes a value. */
  configuration: Record<string, unknown>;
  /** Validate and answer what the change would do (diff, planned steps), storing nothing. */
  dryRun?: boolean;
}

/** The `editDeployment` mutation. */
export const editDeploymentOperation: StyrminOperation<
  { editDeployment: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'EditDeployment',
  document: /* GraphQL */ `
    mutation EditDeployment($input: EditDeploymentInput!) {
      editDeployment(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.editDeployment,
};
