import {
  BACKUP_FLOW_STEPS,
  CreateBackupParameters,
  DeleteBackupParameters,
  deploymentNamespace,
  RestoreBackupParameters,
  VELERO_OBJECT_LABELS,
  veleroTtl,
} from '@styrmin/plugin-styrmin-common';
import { TaskIntent } from '../../remediator/Remediator';

/**
 * The CREATE_BACKUP task of a backup: the Velero Backup of the namespace, its volumes
 * included, labelled with the deployment, instance and backup ids.
 *
 * @internal
 */
export function createBackupIntent(options: {
  deploymentId: string;
  instanceId: string;
  backupId: string;
  veleroBackupName: string;
  /** The name of the Velero BackupStorageLocation: the location's name. */
  storageLocation: string;
  ttlSeconds: number;
}): TaskIntent {
  const { deploymentId, instanceId, backupId } = options;
  const parameters: CreateBackupParameters = {
    deploymentId,
    backupId,
    veleroBackupName: options.veleroBackupName,
    storageLocation: options.storageLocation,
    ttl: veleroTtl(options.ttlSeconds),
    namespace: deploymentNamespace(deploymentId),
    labels: {
      [VELERO_OBJECT_LABELS.deploymentId]: deploymentId,
      [VELERO_OBJECT_LABELS.instanceId]: instanceId,
      [VELERO_OBJECT_LABELS.backupId]: backupId,
    },
  };
  return {
    flowName: 'CREATE_BACKUP',
    parameters,
    stepNames: [...BACKUP_FLOW_STEPS.CREATE_BACKUP],
  };
}

/**
 * The RESTORE_BACKUP task of an in-place restore: the components to stop and start again,
 * and the Velero Restore from the backup into the deployment's namespace.
 *
 * @internal
 */
export function restoreBackupIntent(options: {
  deploymentId: string;
  /** The deployment the backup was taken of: the target of an in-place restore. */
  sourceDeploymentId: string;
  restoreId: string;
  backupId: string;
  veleroBackupName: string;
  veleroRestoreName: string;
  components: string[];
}): TaskIntent {
  const parameters: RestoreBackupParameters = {
    deploymentId: options.deploymentId,
    restoreId: options.restoreId,
    backupId: options.backupId,
    veleroBackupName: options.veleroBackupName,
    veleroRestoreName: options.veleroRestoreName,
    namespace: deploymentNamespace(options.deploymentId),
    sourceNamespace: deploymentNamespace(options.sourceDeploymentId),
    components: options.components,
  };
  return {
    flowName: 'RESTORE_BACKUP',
    parameters,
    stepNames: [...BACKUP_FLOW_STEPS.RESTORE_BACKUP],
  };
}

/**
 * The DELETE_BACKUP task of a backup: a Velero DeleteBackupRequest.
 *
 * @internal
 */
export function deleteBackupIntent(options: {
  backupId: string;
  veleroBackupName: string;
}): TaskIntent {
  const parameters: DeleteBackupParameters = { ...options };
  return {
    flowName: 'DELETE_BACKUP',
    parameters,
    stepNames: [...BACKUP_FLOW_STEPS.DELETE_BACKUP],
  };
}
