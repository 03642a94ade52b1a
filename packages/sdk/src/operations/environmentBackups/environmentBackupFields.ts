import {
  EnvironmentBackupFieldsFragment,
  EnvironmentBackupsQuery,
} from '../generated/operationTypes';
import { backupFragment } from '../backups/backupFields';

/*
 * The type of an environment backup as the API returns it (generated from the fragment
 * below), and the fragment that selects it, so that every operation that reads one returns
 * the same fields.
 */

/**
 * An environment backup: the environment it is of, its status (computed from its
 * constituents: GONE, IN_PROGRESS, FAILED, PARTIAL, COMPLETED), and one constituent per
 * deployment it captured, with the deployment's driver and application version and its
 * backup (null once deleted or expired). Captured secrets are never part of it.
 *
 * @public
 */
export type EnvironmentBackup = EnvironmentBackupFieldsFragment;

/**
 * A page of an environment's environment backups, newest first.
 *
 * @public
 */
export type EnvironmentBackupPage = NonNullable<
  EnvironmentBackupsQuery['environment']
>['environmentBackups'];

/** The fields of an {@link EnvironmentBackup}. */
export const environmentBackupFragment = /* GraphQL */ `
  fragment EnvironmentBackupFields on EnvironmentBackup {
    id
    environment {
      id
      name
    }
    environmentName
    backupStorageLocation
    status
    constituents {
      deploymentName
      deployment {
        id
        name
        state
      }
      driverName
      driverVersion
      appVersion
      backup {
        ...BackupFields
      }
    }
    createdBy
    createdAt
  }
  ${backupFragment}
`;
