import {
  AGENT_VELERO_MAX_MESSAGE_LENGTH,
  AGENT_VELERO_MAX_MESSAGES,
  AgentBackupStatusReport,
  AgentRestoreStatusReport,
  TERMINAL_VELERO_BACKUP_PHASES,
  TERMINAL_VELERO_RESTORE_PHASES,
  VeleroBackupPhase,
  VeleroRestorePhase,
} from '@styrmin/plugin-styrmin-common';
import {
  VeleroBackup,
  VeleroBackupStorageLocation,
  VeleroPodVolumeBackup,
  VeleroRestore,
} from './velero';

/** A report without `observedAt`, which the sender adds when it reads the object. */
export type BackupStatus = Omit<AgentBackupStatusReport, 'observedAt'>;
/** A report without `observedAt`, which the sender adds when it reads the object. */
export type RestoreStatus = Omit<AgentRestoreStatusReport, 'observedAt'>;

/**
 * How a Velero Backup or Restore stands: still going, or ended. It ends succeeded only
 * when Completed; Failed, PartiallyFailed and FailedValidation fail with Velero's words.
 */
export type VeleroOutcome =
  | { ended: false }
  | { ended: true; succeeded: true }
  | { ended: true; succeeded: false; error: string };

const bounded = (message: string) =>
  message.length > AGENT_VELERO_MAX_MESSAGE_LENGTH
    ? `${message.slice(0, AGENT_VELERO_MAX_MESSAGE_LENGTH - 1)}…`
    : message;

const boundedList = (messages: string[]) =>
  messages.slice(0, AGENT_VELERO_MAX_MESSAGES).map(bounded);

/** An RFC 3339 time as ISO 8601 (`Z`, milliseconds), or null. */
const isoTime = (time: string | Date | undefined) =>
  time ? new Date(time).toISOString() : null;

/**
 * Velero keeps only counts of errors and warnings in the object (the messages are in the
 * backup's logs and results in the store): a count beyond the messages known is said as
 * one message that says where the rest are.
 */
function withCount(
  known: string[],
  count: number | undefined,
  what: 'error' | 'warning',
  logs: string,
): string[] {
  const more = (count ?? 0) - known.length;
  if (more <= 0) {
    return known;
  }
  const counted = count === 1 ? `1 ${what}` : `${count} ${what}s`;
  return [
    ...known,
    known.length === 0
      ? `Velero counted ${counted}; \`${logs}\` shows them`
      : `Velero counted ${counted} in all; \`${logs}\` shows the rest`,
  ];
}

/** The words of a failed file-system backup of one volume. */
function podVolumeError(pvb: VeleroPodVolumeBackup): string {
  const pod = pvb.spec?.pod;
  return `The backup of volume ${pvb.spec?.volume ?? '?'} of pod ${
    pod?.namespace ?? '?'
  }/${pod?.name ?? '?'} failed: ${pvb.status?.message ?? 'no reason given'}`;
}

/**
 * Why a Backup failed validation, in Velero's words; when its location is Unavailable, with
 * Velero's message about the location (the store's refusal), which says why.
 */
function validationFailure(
  errors: string[] | undefined,
  location: VeleroBackupStorageLocation | undefined,
): string {
  const words = errors?.length ? errors.join('; ') : 'Velero refused the spec';
  return location?.status?.phase === 'Unavailable' && location.status.message
    ? `${words} ${location.status.message}`
    : words;
}

/**
 * What the agent reports of a Velero Backup: its phase, progress and times, the size of
 * its volumes' copies (the sum of its PodVolumeBackups' `totalBytes`, when any has it: the
 * Backup itself says no size), the errors in words (failed PodVolumeBackups' messages, and
 * Velero's count of the rest), and the failure's reason (`failureReason`, or the
 * validation errors of FailedValidation with the location's message).
 */
export function backupStatus(
  backup: VeleroBackup,
  podVolumeBackups: VeleroPodVolumeBackup[],
  location?: VeleroBackupStorageLocation,
): BackupStatus {
  const status = backup.status ?? {};
  const phase = (status.phase || 'New') as VeleroBackupPhase;
  const logs = `velero backup logs ${backup.metadata?.name}`;
  const sizes = podVolumeBackups
    .map(pvb => pvb.status?.progress?.totalBytes)
    .filter((bytes): bytes is number => typeof bytes === 'number');
  const failedVolumes = podVolumeBackups
    .filter(pvb => pvb.status?.phase === 'Failed')
    .map(podVolumeError);
  const failureReason =
    phase === 'FailedValidation'
      ? validationFailure(status.validationErrors, location)
      : status.failureReason;
  return {
    phase,
    itemsBackedUp: status.progress?.itemsBackedUp ?? null,
    totalItems: status.progress?.totalItems ?? null,
    sizeBytes: sizes.length ? sizes.reduce((a, b) => a + b, 0) : null,
    errors: boundedList(withCount(failedVolumes, status.errors, 'error', logs)),
    warnings: boundedList(withCount([], status.warnings, 'warning', logs)),
    failureReason: failureReason ? bounded(failureReason) : null,
    startedAt: isoTime(status.startTimestamp),
    completedAt: isoTime(status.completionTimestamp),
    expiresAt: isoTime(status.expiration),
  };
}

/** What the agent reports of a Velero Restore: as {@link backupStatus}, for a restore. */
export function restoreStatus(restore: VeleroRestore): RestoreStatus {
  const status = restore.status ?? {};
  const phase = (status.phase || 'New') as VeleroRestorePhase;
  const logs = `velero restore logs ${restore.metadata?.name}`;
  const failureReason =
    phase === 'FailedValidation'
      ? validationFailure(status.validationErrors, undefined)
      : status.failureReason;
  return {
    phase,
    itemsRestored: status.progress?.itemsRestored ?? null,
    totalItems: status.progress?.totalItems ?? null,
    errors: boundedList(withCount([], status.errors, 'error', logs)),
    warnings: boundedList(withCount([], status.warnings, 'warning', logs)),
    failureReason: failureReason ? bounded(failureReason) : null,
    startedAt: isoTime(status.startTimestamp),
    completedAt: isoTime(status.completionTimestamp),
  };
}

/** How a failed phase is said; every other one `failed`. */
const FAILURE_VERBS: Partial<Record<string, string>> = {
  PartiallyFailed: 'partially failed',
  FailedValidation: 'failed validation',
};

/** How a reported backup or restore stands, with the words of its failure. */
export function veleroOutcome(
  what: string,
  reported: BackupStatus | RestoreStatus,
): VeleroOutcome {
  const phase = reported.phase;
  const terminal =
    TERMINAL_VELERO_BACKUP_PHASES.has(phase as VeleroBackupPhase) ||
    TERMINAL_VELERO_RESTORE_PHASES.has(phase as VeleroRestorePhase);
  if (!terminal) {
    return { ended: false };
  }
  if (phase === 'Completed') {
    return { ended: true, succeeded: true };
  }
  const reasons = [
    ...(reported.failureReason ? [reported.failureReason] : []),
    ...(reported.errors ?? []),
  ];
  const verb = FAILURE_VERBS[phase] ?? 'failed';
  return {
    ended: true,
    succeeded: false,
    error: `${what} ${verb}${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
  };
}
