import {
  AgentBackupStatusReport,
  AgentRestoreStatusReport,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { BackupStatus } from './BackupStore';
import { RestoreStatus } from './RestoreStore';

/** The phases whose record says why, in words. */
const FAILED_PHASES: ReadonlySet<string> = new Set([
  'Failed',
  'PartiallyFailed',
  'FailedValidation',
]);

/**
 * Why a Velero object failed or partly failed, in words: its failure reason (or validation
 * errors) and its errors, in that order; undefined for a phase that did not fail, unless
 * Velero gave a reason anyway.
 *
 * @internal
 */
export function veleroFailureInWords(report: {
  phase: string;
  failureReason?: string | null;
  errors: string[];
}): string | undefined {
  const words = [report.failureReason ?? undefined, ...report.errors].filter(
    (part): part is string => Boolean(part?.trim()),
  );
  if (!FAILED_PHASES.has(report.phase)) {
    return report.failureReason ?? undefined;
  }
  return words.length > 0
    ? [...new Set(words)].join('; ')
    : `The Velero object is ${report.phase}`;
}

const date = (value: string | null | undefined) =>
  value ? new Date(value) : undefined;

/**
 * The status of a backup as the agent's report gives it.
 *
 * @internal
 */
export function backupStatusOfReport(
  report: z.output<typeof AgentBackupStatusReport>,
): Omit<BackupStatus, 'observedAt'> {
  return {
    phase: report.phase,
    itemsDone: report.itemsBackedUp ?? undefined,
    totalItems: report.totalItems ?? undefined,
    sizeBytes: report.sizeBytes ?? undefined,
    errorCount: report.errors.length,
    warningCount: report.warnings.length,
    failureReason: veleroFailureInWords(report),
    startedAt: date(report.startedAt),
    completedAt: date(report.completedAt),
    expiresAt: date(report.expiresAt),
  };
}

/**
 * The status of a restore as the agent's report gives it.
 *
 * @internal
 */
export function restoreStatusOfReport(
  report: z.output<typeof AgentRestoreStatusReport>,
): Omit<RestoreStatus, 'observedAt'> {
  return {
    phase: report.phase,
    itemsDone: report.itemsRestored ?? undefined,
    totalItems: report.totalItems ?? undefined,
    errorCount: report.errors.length,
    warningCount: report.warnings.length,
    failureReason: veleroFailureInWords(report),
    startedAt: date(report.startedAt),
    completedAt: date(report.completedAt),
  };
}
