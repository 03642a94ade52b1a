import {
  Environment,
  environmentFragment,
  Redeployment,
  redeploymentFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import {
  UpdateEnvironmentInput as GeneratedUpdateEnvironmentInput,
  UpdateEnvironmentMutation,
} from './generated/operationTypes';
import { WithJsonFields } from './WithJsonFields';

/**
 * What `StyrminClient.updateEnvironment()` and `previewEnvironmentUpdate()` take.
 *
 * @public
 */
export type UpdateEnvironmentInput = GeneratedUpdateEnvironmentInput;

/**
 * What `StyrminClient.updateEnvironment()` returns.
 *
 * @public
 */
export type UpdateEnvironmentResult = WithJsonFields<
  UpdateEnvironmentMutation['updateEnvironment'],
  { environment: Environment; redeployments: Redeployment[] }
>;

/** The `updateEnvironment` mutation. */
export const updateEnvironmentOperation: StyrminOperation<
  { updateEnvironment: UpdateEnvironmentResult },
  UpdateEnvironmentResult
> = {
  operationName: 'UpdateEnvironment',
  document: /* GraphQL */ `
    mutation UpdateEnvironment($input: UpdateEnvironmentInput!) {
      updateEnvironment(input: $input) {
        changed
        environment {
          ...EnvironmentFields
        }
        redeployments {
          ...RedeploymentFields
        }
      }
    }
    ${environmentFragment}
    ${redeploymentFragment}
  `,
  result: data => data.updateEnvironment,
};
