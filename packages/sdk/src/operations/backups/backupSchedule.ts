import { StyrminOperation } from '../StyrminOperation';
import { BackupSchedule, backupScheduleFragment } from './backupFields';

/**
 * Reads the schedule that applies to a deployment and the one of an environment; null
 * when there is none (or no such record).
 */
export const backupScheduleOperation: StyrminOperation<
  {
    deployment?: { backupSchedule: BackupSchedule | null } | null;
    environment?: { backupSchedule: BackupSchedule | null } | null;
  },
  BackupSchedule | null
> = {
  operationName: 'BackupSchedule',
  document: /* GraphQL */ `
    query BackupSchedule(
      $deployment: ID
      $environment: ID
      $ofDeployment: Boolean!
    ) {
      deployment(id: $deployment) @include(if: $ofDeployment) {
        backupSchedule {
          ...BackupScheduleFields
        }
      }
      environment(id: $environment) @skip(if: $ofDeployment) {
        backupSchedule {
          ...BackupScheduleFields
        }
      }
    }
    ${backupScheduleFragment}
  `,
  result: data => (data.deployment ?? data.environment)?.backupSchedule ?? null,
};
