import { StyrminOperation } from '../StyrminOperation';
import { Restore, restoreFragment } from './backupFields';

/** Reads one `restore`. */
export const restoreOperation: StyrminOperation<
  { restore: Restore | null },
  Restore | undefined
> = {
  operationName: 'Restore',
  document: /* GraphQL */ `
    query Restore($id: ID!) {
      restore(id: $id) {
        ...RestoreFields
      }
    }
    ${restoreFragment}
  `,
  result: data => data.restore ?? undefined,
};
