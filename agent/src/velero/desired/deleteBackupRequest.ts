import { MANAGED_LABELS } from '../labels';
import {
  VELERO_API_VERSION,
  VELERO_BACKUP_NAME_LABEL,
  VeleroDeleteBackupRequest,
} from '../velero';

/**
 * The DeleteBackupRequest that removes a Velero Backup with its data in the storage
 * location (deleting only the Backup object would leave the data, and Velero's backup
 * sync would bring the object back). Named after the backup, so that a request sent again
 * finds the one it made; Velero processes it once and keeps it.
 */
export function desiredDeleteBackupRequest(inputs: {
  backupName: string;
  veleroNamespace: string;
  labels: Record<string, string>;
}): VeleroDeleteBackupRequest {
  return {
    apiVersion: VELERO_API_VERSION,
    kind: 'DeleteBackupRequest',
    metadata: {
      name: inputs.backupName,
      namespace: inputs.veleroNamespace,
      labels: {
        ...inputs.labels,
        ...MANAGED_LABELS,
        [VELERO_BACKUP_NAME_LABEL]: inputs.backupName,
      },
    },
    spec: { backupName: inputs.backupName },
  };
}
