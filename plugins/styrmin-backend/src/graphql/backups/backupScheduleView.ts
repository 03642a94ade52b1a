import { BackupScheduleRecord } from '../../backups/BackupScheduleStore';

/**
 * A `BackupSchedule` as the API answers it: the record, and whether the deployment asked
 * about inherits it from its environment.
 *
 * @internal
 */
export type BackupScheduleView = {
  schedule: BackupScheduleRecord;
  inherited: boolean;
};
