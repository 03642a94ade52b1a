import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';
import { EditComponentOverridesInput as GeneratedEditComponentOverridesInput } from './generated/operationTypes';

/**
 * What `StyrminClient.editComponentOverrides()` takes.
 *
 * @public
 */
export type EditComponentOverridesInput = GeneratedEditComponentOverridesInput;

/** The `editComponentOverrides` mutation. */
export const editComponentOverridesOperation: StyrminOperation<
  { editComponentOverrides: DeploymentChangeResult },
  DeploymentChangeResult
> = {
  operationName: 'EditComponentOverrides',
  document: /* GraphQL */ `
    mutation EditComponentOverrides($input: EditComponentOverridesInput!) {
      editComponentOverrides(input: $input) {
        ...DeploymentChangeFields
      }
    }
    ${deploymentChangeFragment}
  `,
  result: data => data.editComponentOverrides,
};
