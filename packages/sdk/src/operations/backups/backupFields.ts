import {
  BackupFieldsFragment,
  BackupScheduleFieldsFragment,
  BackupStorageLocationFieldsFragment,
  DeploymentBackupsQuery,
  RestoreFieldsFragment,
} from '../generated/operationTypes';

/*
 * The types of backups, restores, backup schedules and backup storage locations as the API
 * returns them (generated from the fragments below), and the fragments that select them, so
 * that every operation that reads one returns the same fields.
 */

/**
 * A backup storage location (BSL): an S3-compatible store an administrator registered, with
 * the phase each cluster's agent observes of it. Its credentials are named by the Secret
 * that holds them (`credentialsSecret`), never shown.
 *
 * @public
 */
export type BackupStorageLocation = BackupStorageLocationFieldsFragment;

/**
 * A backup of a deployment: the instance it was taken of, who or what started it, its
 * Velero phase with progress, size and expiry, the counts of Velero's errors and warnings
 * (the words are in `failureReason`), the task that takes it and the one that deletes it
 * (`deletion`), and whether it can be restored now (`refusal` says why not).
 *
 * @public
 */
export type Backup = BackupFieldsFragment;

/**
 * An in-place restore of a backup into the deployment it was taken of, with its Velero
 * phase, progress and its task; `backup` is null once the backup expired or was deleted.
 *
 * @public
 */
export type Restore = RestoreFieldsFragment;

/**
 * A deployment's or an environment's backup schedule (cron, TTL, paused), and when it
 * runs next; `inherited` when a deployment follows its environment's.
 *
 * @public
 */
export type BackupSchedule = BackupScheduleFieldsFragment;

/**
 * A page of a deployment's backups, newest first.
 *
 * @public
 */
export type BackupPage = NonNullable<
  DeploymentBackupsQuery['deployment']
>['backups'];

/** The fields of a {@link BackupStorageLocation}. */
export const backupStorageLocationFragment = /* GraphQL */ `
  fragment BackupStorageLocationFields on BackupStorageLocation {
    id
    name
    provider
    bucket
    prefix
    region
    endpointUrl
    pathStyle
    credentialsSecret {
      name
      key
    }
    configured
    clusters {
      cluster {
        id
        name
      }
      phase
      message
      lastValidationTime
      observedAt
    }
    version
    createdBy
    createdAt
    updatedBy
    updatedAt
  }
`;

/** A task as a backup or a restore names it: its steps are read with `task(id)`. */
const TASK_SUMMARY = /* GraphQL */ `
  id
  type
  status
  result
`;

/** The fields of a {@link Backup}. */
export const backupFragment = /* GraphQL */ `
  fragment BackupFields on Backup {
    id
    deployment {
      id
      name
      environment {
        id
        name
      }
    }
    instance {
      id
      number
    }
    storageLocation {
      id
      name
    }
    veleroName
    trigger
    scheduledFor
    ttl
    createdBy
    createdAt
    phase
    itemsBackedUp
    totalItems
    sizeBytes
    errors
    warnings
    failureReason
    startedAt
    completedAt
    expiresAt
    task {
      ${TASK_SUMMARY}
    }
    deletion {
      ${TASK_SUMMARY}
    }
    restorable
    refusal
  }
`;

/** The fields of a {@link Restore}. */
export const restoreFragment = /* GraphQL */ `
  fragment RestoreFields on Restore {
    id
    backup {
      id
      veleroName
      instance {
        id
        number
      }
    }
    deployment {
      id
      name
      environment {
        id
        name
      }
    }
    veleroName
    phase
    itemsRestored
    totalItems
    errors
    warnings
    failureReason
    task {
      ${TASK_SUMMARY}
    }
    createdBy
    createdAt
    startedAt
    completedAt
  }
`;

/** The fields of a {@link BackupSchedule}. */
export const backupScheduleFragment = /* GraphQL */ `
  fragment BackupScheduleFields on BackupSchedule {
    cron
    ttl
    paused
    inherited
    nextRunAt
  }
`;
