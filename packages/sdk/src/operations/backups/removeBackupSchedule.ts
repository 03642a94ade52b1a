import { StyrminOperation } from '../StyrminOperation';
import { RemoveBackupScheduleInput as GeneratedRemoveBackupScheduleInput } from '../generated/operationTypes';

/**
 * What `StyrminClient.removeBackupSchedule()` takes: a deployment or an environment.
 *
 * @public
 */
export type RemoveBackupScheduleInput = GeneratedRemoveBackupScheduleInput;

/**
 * The `removeBackupSchedule` mutation: true when there was a schedule to remove. A
 * deployment without its own then follows its environment's.
 */
export const removeBackupScheduleOperation: StyrminOperation<
  { removeBackupSchedule: boolean },
  boolean
> = {
  operationName: 'RemoveBackupSchedule',
  document: /* GraphQL */ `
    mutation RemoveBackupSchedule($input: RemoveBackupScheduleInput!) {
      removeBackupSchedule(input: $input)
    }
  `,
  result: data => data.removeBackupSchedule,
};
