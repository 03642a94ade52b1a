import {
  Environment,
  environmentFragment,
  Redeployment,
  redeploymentFragment,
} from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/**
 * What `StyrminClient.updateEnvironment()` and `previewEnvironmentUpdate()` take.
 *
 * @public
 */
export interface UpdateEnvironmentInput {
  id: string;
  expectedVersion?: number;
  /** A JSON merge patch of the overrides; absent leaves them. */
  overrides?: Record<string, unknown>;
  /** The backup storage location's name; null removes it, absent leaves it. */
  backupStorageLocation?: string | null;
}

/**
 * What `StyrminClient.updateEnvironment()` returns.
 *
 * @public
 */
export interface UpdateEnvironmentResult {
  environment: Environment;
  changed: boolean;
  redeployments: Redeployment[];
}

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
