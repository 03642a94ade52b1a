import {
  TERMINAL_VELERO_BACKUP_PHASES,
  VeleroBackupPhase,
} from '@styrmin/plugin-styrmin-common';
import type { Backup, DeploymentWithInstance } from '@styrmin/sdk';
import { Permission, permissionReason } from '../ActionButtons';

/**
 * Why "Back up now" may not be taken, or undefined when it may: the permission, then a
 * deployment that is deleted or being deleted (its history stays readable). The server
 * refuses the rest (no active instance, no configured location) with its reason.
 */
export function createBackupReason(options: {
  deployment: Pick<DeploymentWithInstance, 'state' | 'deletedAt'>;
  permission: Permission;
  permissionName: string;
}): string | undefined {
  const { deployment, permission, permissionName } = options;
  const denied = permissionReason(permission, permissionName);
  if (denied) {
    return denied;
  }
  if (deployment.deletedAt || deployment.state === 'DELETED') {
    return 'The deployment is deleted: its backup history stays, no backup can be taken';
  }
  if (deployment.state === 'DELETING') {
    return 'The deployment is being deleted';
  }
  return undefined;
}

/**
 * Why a backup may not be restored now, or undefined when it may: the permission, then
 * the server's refusal (a tombstone, a backup that is not Completed or has expired, a task
 * of the deployment running), which `restoreRefusal` of styrmin-common gives.
 */
export function restoreBackupReason(options: {
  backup: Pick<Backup, 'restorable' | 'refusal'>;
  permission: Permission;
  permissionName: string;
}): string | undefined {
  const { backup, permission, permissionName } = options;
  return (
    permissionReason(permission, permissionName) ??
    (backup.restorable
      ? undefined
      : backup.refusal ?? 'The backup cannot be restored now')
  );
}

/**
 * Why a backup may not be deleted now, or undefined when it may: the permission, then a
 * deletion that runs already, then a backup that has not ended.
 */
export function deleteBackupReason(options: {
  backup: Pick<Backup, 'phase' | 'deletion'>;
  permission: Permission;
  permissionName: string;
}): string | undefined {
  const { backup, permission, permissionName } = options;
  const denied = permissionReason(permission, permissionName);
  if (denied) {
    return denied;
  }
  if (backup.deletion?.result === 'RUNNING' || backup.phase === 'Deleting') {
    return 'Its deletion is running';
  }
  const phase: VeleroBackupPhase = backup.phase ?? 'New';
  if (!TERMINAL_VELERO_BACKUP_PHASES.has(phase)) {
    return `A backup is deleted once it has ended; it is ${phase}`;
  }
  return undefined;
}
