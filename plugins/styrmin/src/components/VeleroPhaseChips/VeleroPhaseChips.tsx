import {
  VeleroBackupPhase,
  VeleroRestorePhase,
} from '@styrmin/plugin-styrmin-common';
import { createStateChip } from '../StateChip/StateChip';

/**
 * The Velero phase of a backup: Completed is the one that can be restored. A backup the
 * agent has not created in Velero yet has no phase: it shows New, as Velero would.
 */
export const VeleroBackupPhaseChip = createStateChip(VeleroBackupPhase, {
  New: 'pending',
  Queued: 'pending',
  ReadyToStart: 'pending',
  FailedValidation: 'error',
  InProgress: 'running',
  WaitingForPluginOperations: 'running',
  WaitingForPluginOperationsPartiallyFailed: 'warning',
  Finalizing: 'running',
  FinalizingPartiallyFailed: 'warning',
  Completed: 'ok',
  PartiallyFailed: 'warning',
  Failed: 'error',
  Deleting: 'aborted',
});

/** The Velero phase of a restore. */
export const VeleroRestorePhaseChip = createStateChip(VeleroRestorePhase, {
  New: 'pending',
  FailedValidation: 'error',
  InProgress: 'running',
  WaitingForPluginOperations: 'running',
  WaitingForPluginOperationsPartiallyFailed: 'warning',
  Finalizing: 'running',
  FinalizingPartiallyFailed: 'warning',
  Completed: 'ok',
  PartiallyFailed: 'warning',
  Failed: 'error',
});
