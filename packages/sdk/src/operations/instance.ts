import { Instance, instanceFragment, taskFragment } from './recordFields';
import { StyrminOperation } from './StyrminOperation';

/** Reads `instance(id)`: what `StyrminClient.instance()` returns. */
export const instanceOperation: StyrminOperation<
  { instance: Instance | null },
  Instance | undefined
> = {
  operationName: 'Instance',
  document: /* GraphQL */ `
    query Instance($id: ID!) {
      instance(id: $id) {
        ...InstanceFields
      }
    }
    ${instanceFragment}
    ${taskFragment}
  `,
  result: data => data.instance ?? undefined,
};
