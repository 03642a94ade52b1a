import { EnvironmentBackupStatus } from '@styrmin/plugin-styrmin-common';
import { createStateChip } from '../StateChip/StateChip';

/**
 * The status of an environment backup, computed from its constituents on every read:
 * COMPLETED and PARTIAL can be restored (PARTIAL without the constituents that are gone).
 */
export const EnvironmentBackupStatusChip = createStateChip(
  EnvironmentBackupStatus,
  {
    GONE: 'aborted',
    IN_PROGRESS: 'running',
    FAILED: 'error',
    PARTIAL: 'warning',
    COMPLETED: 'ok',
  },
);
