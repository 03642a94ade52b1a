import { Environment, environmentFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `environment(id | name)`: what `StyrminClient.environment()` returns. */
export const environmentOperation: StyrminOperation<
  { environment: Environment | null },
  Environment | undefined
> = {
  operationName: 'Environment',
  document: /* GraphQL */ `
    query Environment($id: ID, $name: String) {
      environment(id: $id, name: $name) {
        ...EnvironmentFields
      }
    }
    ${environmentFragment}
  `,
  result: data => data.environment ?? undefined,
};
