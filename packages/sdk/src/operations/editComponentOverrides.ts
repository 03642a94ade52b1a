import {
  DeploymentChangeResult,
  deploymentChangeFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.editComponentOverrides()` takes.
 *
 * @public
 */
export interface EditComponentOverridesInput {
  id: string;
  expectedVersion?: number;
  component: string;
  /** A JSON merge patch of the component's overrides; null removes them all. */
  overrides: Record<string, unknown> | null;
  /** Validate and answer what the change would do (diff, planned steps), storing nothing. */
  dryRun?: boolean;
}

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
