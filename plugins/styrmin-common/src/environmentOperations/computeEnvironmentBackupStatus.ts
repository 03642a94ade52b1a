import {
  TERMINAL_VELERO_BACKUP_PHASES,
  VeleroBackupPhase,
} from '../backups/veleroPhases';
import { EnvironmentBackupStatus } from './EnvironmentBackupStatus';

/**
 * One constituent backup of an environment backup as it is now: `undefined` once its record
 * is gone (deleted or expired); `deleting` once its deletion is recorded, which makes it
 * gone for the environment backup already; `phase` absent until the agent reported the
 * Velero Backup.
 *
 * @public
 */
export type EnvironmentBackupConstituentState =
  | { phase?: VeleroBackupPhase; deleting: boolean }
  | undefined;

/**
 * Computes the status of an environment backup from its constituents, one entry per
 * deployment it captured, on every read; it is never stored. The first rule that matches
 * applies:
 *
 * 1. GONE when every constituent is gone (its record deleted, or its deletion recorded),
 *    and when the backup captured no deployment.
 * 2. IN_PROGRESS when a constituent that is left has not ended (no phase yet, or a phase
 *    that is not terminal).
 * 3. FAILED when a constituent that is left ended other than Completed.
 * 4. PARTIAL when a constituent is gone.
 * 5. COMPLETED otherwise.
 *
 * @public
 */
export function computeEnvironmentBackupStatus(
  constituents: readonly EnvironmentBackupConstituentState[],
): EnvironmentBackupStatus {
  const left = constituents.filter(
    (constituent): constituent is NonNullable<typeof constituent> =>
      constituent !== undefined && !constituent.deleting,
  );
  if (left.length === 0) {
    return 'GONE';
  }
  if (
    left.some(
      ({ phase }) => !phase || !TERMINAL_VELERO_BACKUP_PHASES.has(phase),
    )
  ) {
    return 'IN_PROGRESS';
  }
  if (left.some(({ phase }) => phase !== 'Completed')) {
    return 'FAILED';
  }
  return left.length < constituents.length ? 'PARTIAL' : 'COMPLETED';
}
