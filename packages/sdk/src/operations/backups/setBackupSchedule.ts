import { StyrminOperation } from '../StyrminOperation';
import { SetBackupScheduleInput as GeneratedSetBackupScheduleInput } from '../generated/operationTypes';
import { BackupSchedule, backupScheduleFragment } from './backupFields';

/**
 * What `StyrminClient.setBackupSchedule()` takes.
 *
 * @public
 */
export type SetBackupScheduleInput = GeneratedSetBackupScheduleInput;

/** The `setBackupSchedule` mutation: a deployment's or an environment's schedule. */
export const setBackupScheduleOperation: StyrminOperation<
  { setBackupSchedule: BackupSchedule },
  BackupSchedule
> = {
  operationName: 'SetBackupSchedule',
  document: /* GraphQL */ `
    mutation SetBackupSchedule($input: SetBackupScheduleInput!) {
      setBackupSchedule(input: $input) {
        ...BackupScheduleFields
      }
    }
    ${backupScheduleFragment}
  `,
  result: data => data.setBackupSchedule,
};
