import type { BasicPermission } from '@backstage/plugin-permission-common';
import {
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentRestorePermission,
} from '@styrmin/plugin-styrmin-common';
import type {
  EnvironmentBackup,
  EnvironmentWithDeployments,
} from '@styrmin/sdk';
import type { Permission } from '../ActionButtons';
import { missingPermissionReason } from '../AdminAction';

/** Why the permission does not allow the action yet: checking, or not held. */
function permissionReason(options: {
  permission: Permission;
  required: BasicPermission;
  action: string;
  heldBy?: string;
}): string | undefined {
  const { permission, required, action, heldBy } = options;
  if (permission.loading) {
    return 'Checking your permissions';
  }
  return permission.allowed
    ? undefined
    : missingPermissionReason({ action, permission: required, heldBy });
}

const OPERATORS = 'operators and administrators';

/**
 * Why "Back up" may not be taken, or undefined when it may: the permission, then an
 * environment without a backup storage location or without a deployment to back up. The
 * server refuses the rest (a deployment busy) with its reason.
 */
export function backUpEnvironmentReason(options: {
  environment: Pick<
    EnvironmentWithDeployments,
    'backupStorageLocation' | 'deployments'
  >;
  permission: Permission;
}): string | undefined {
  const { environment, permission } = options;
  return (
    permissionReason({
      permission,
      required: styrminEnvironmentBackupCreatePermission,
      action: 'Backing up an environment',
      heldBy: OPERATORS,
    }) ??
    (!environment.backupStorageLocation
      ? 'The environment has no backup storage location: its settings set one'
      : undefined) ??
    (environment.deployments.every(d => d.state === 'DELETED')
      ? 'The environment has no deployment to back up'
      : undefined)
  );
}

/**
 * Why an environment backup may not be restored, or undefined when it may: the
 * permission (administrators only), then a backup with nothing left to restore or with a
 * constituent still running. Which constituents are usable, the preview says.
 */
export function restoreEnvironmentReason(options: {
  backup: Pick<EnvironmentBackup, 'status'>;
  permission: Permission;
}): string | undefined {
  const { backup, permission } = options;
  const denied = permissionReason({
    permission,
    required: styrminEnvironmentRestorePermission,
    action: 'Restoring an environment',
  });
  if (denied) {
    return denied;
  }
  switch (backup.status) {
    case 'GONE':
      return 'Every constituent was deleted or expired: nothing is left to restore';
    case 'IN_PROGRESS':
      return 'It is restored once every constituent has ended';
    default:
      return undefined;
  }
}

/**
 * Why an environment backup may not be deleted, or undefined when it may: the
 * permission, then a constituent that has not ended (the server's CONFLICT).
 */
export function deleteEnvironmentBackupReason(options: {
  backup: Pick<EnvironmentBackup, 'status'>;
  permission: Permission;
}): string | undefined {
  const { backup, permission } = options;
  return (
    permissionReason({
      permission,
      required: styrminEnvironmentBackupDeletePermission,
      action: 'Deleting an environment backup',
      heldBy: OPERATORS,
    }) ??
    (backup.status === 'IN_PROGRESS'
      ? 'It is deleted once every constituent has ended'
      : undefined)
  );
}
