import { BackupStorageLocationPhase } from '@styrmin/plugin-styrmin-common';
import { createStateChip } from '../StateChip/StateChip';

/**
 * The phase of a backup storage location as one cluster's Velero reports it.
 *
 * @public
 */
export const BackupStorageLocationPhaseChip = createStateChip(
  BackupStorageLocationPhase,
  { Available: 'ok', Unavailable: 'error' },
);
