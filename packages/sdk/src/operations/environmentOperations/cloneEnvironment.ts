import { StyrminOperation } from '../StyrminOperation';
import { CloneEnvironmentInput as GeneratedCloneEnvironmentInput } from '../generated/operationTypes';
import {
  EnvironmentOperation,
  environmentOperationFragment,
} from './environmentOperationFields';

/**
 * What `StyrminClient.cloneEnvironment()` and `environmentClonePlan()` take: the source
 * environment, the new one's name, and optionally its cluster (the source's by default),
 * the environment backup to clone from (absent: the clone takes one) and overrides on top
 * of the source's (a JSON merge patch).
 *
 * @public
 */
export type CloneEnvironmentInput = GeneratedCloneEnvironmentInput;

/** The `cloneEnvironment` mutation: the new environment and the clone's parent task. */
export const cloneEnvironmentOperation: StyrminOperation<
  { cloneEnvironment: EnvironmentOperation },
  EnvironmentOperation
> = {
  operationName: 'CloneEnvironment',
  document: /* GraphQL */ `
    mutation CloneEnvironment($input: CloneEnvironmentInput!) {
      cloneEnvironment(input: $input) {
        ...EnvironmentOperationFields
      }
    }
    ${environmentOperationFragment}
  `,
  result: data => data.cloneEnvironment,
};
