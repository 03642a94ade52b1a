import { EnvironmentOperationFieldsFragment } from '../generated/operationTypes';
import { taskFragment } from '../recordFields';

/**
 * What an environment operation (upgrade, restore, clone) started: its parent task, whose
 * steps start the deployments' tasks (its linked tasks: `StyrminClient.taskTree` shows
 * them), and the environment it acts on (a clone's: the new one).
 *
 * @public
 */
export type EnvironmentOperation = EnvironmentOperationFieldsFragment;

/** The fields of an {@link EnvironmentOperation}; spread with `taskFragment`. */
export const environmentOperationFragment = /* GraphQL */ `
  fragment EnvironmentOperationFields on EnvironmentOperation {
    environment {
      id
      name
    }
    task {
      ...TaskFields
    }
  }
  ${taskFragment}
`;
