import { defineDomainEnum } from '../domain/domainEnum';

/**
 * The status of an environment backup as users view it. It is computed from its
 * constituent backups on every read and never stored (see
 * {@link computeEnvironmentBackupStatus}). The values are listed in the order in which the
 * rules are tried: the first rule that matches applies.
 *
 * @public
 */
export const EnvironmentBackupStatus = defineDomainEnum(
  'environment backup status',
  {
    GONE: 'Every constituent backup was deleted or expired: nothing is left to restore.',
    IN_PROGRESS: 'A constituent backup that is left has not ended yet.',
    FAILED:
      'A constituent backup that is left ended without a usable backup (Failed, PartiallyFailed or FailedValidation).',
    PARTIAL:
      'Every constituent that is left is Completed, but some were deleted or expired since.',
    COMPLETED: 'Every constituent backup is Completed.',
  },
);

/** @public */
export type EnvironmentBackupStatus =
  (typeof EnvironmentBackupStatus.values)[number];
