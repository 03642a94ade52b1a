import { StyrminOperation } from '../StyrminOperation';
import { RestoreEnvironmentInput as GeneratedRestoreEnvironmentInput } from '../generated/operationTypes';
import {
  EnvironmentOperation,
  environmentOperationFragment,
} from './environmentOperationFields';

/**
 * What `StyrminClient.restoreEnvironment()` and `environmentRestorePlan()` take.
 *
 * @public
 */
export type RestoreEnvironmentInput = GeneratedRestoreEnvironmentInput;

/** The `restoreEnvironment` mutation: the parent task of an environment restore. */
export const restoreEnvironmentOperation: StyrminOperation<
  { restoreEnvironment: EnvironmentOperation },
  EnvironmentOperation
> = {
  operationName: 'RestoreEnvironment',
  document: /* GraphQL */ `
    mutation RestoreEnvironment($input: RestoreEnvironmentInput!) {
      restoreEnvironment(input: $input) {
        ...EnvironmentOperationFields
      }
    }
    ${environmentOperationFragment}
  `,
  result: data => data.restoreEnvironment,
};
