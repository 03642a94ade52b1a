import { MANAGED_LABELS } from '../labels';
import { VELERO_API_VERSION, VeleroBackup } from '../velero';

/** @public */
export interface BackupInputs {
  /** The Velero Backup's name (`veleroBackupName`): the same backup always has the same. */
  name: string;
  veleroNamespace: string;
  /** The deployment's namespace, `styrmin-<deployment id>`: all the backup holds. */
  namespace: string;
  /** The name of the Velero BackupStorageLocation. */
  storageLocation: string;
  /** A Go duration, `720h0m0s`: Velero's garbage collector deletes the backup after it. */
  ttl: string;
  /** Styrmin's labels: the deployment, instance and backup ids. */
  labels: Record<string, string>;
}

/**
 * The Velero Backup of a deployment's namespace, with a file-system backup of every volume
 * of its pods (`defaultVolumesToFsBackup`, through Velero's node-agent): no volume snapshot
 * provider needed, and only running pods' volumes are copied, so the components keep
 * running. Labelled with Styrmin's labels and ids, so that the backup is found by
 * deployment, instance and backup (Velero keeps the labels when it syncs the backup into
 * another cluster).
 */
export function desiredBackup(inputs: BackupInputs): VeleroBackup {
  return {
    apiVersion: VELERO_API_VERSION,
    kind: 'Backup',
    metadata: {
      name: inputs.name,
      namespace: inputs.veleroNamespace,
      labels: { ...inputs.labels, ...MANAGED_LABELS },
    },
    spec: {
      includedNamespaces: [inputs.namespace],
      storageLocation: inputs.storageLocation,
      ttl: inputs.ttl,
      defaultVolumesToFsBackup: true,
    },
  };
}
