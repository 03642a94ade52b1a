import { Permission } from '@backstage/plugin-permission-common';
import {
  styrminBackupCreatePermission,
  styrminBackupDeletePermission,
  styrminBackupReadPermission,
  styrminBackupRestorePermission,
  styrminBackupScheduleUpdatePermission,
} from './backupPermissions';
import {
  styrminBslCreatePermission,
  styrminBslDeletePermission,
  styrminBslReadPermission,
  styrminBslUpdatePermission,
} from './bslPermissions';
import {
  styrminClusterCreatePermission,
  styrminClusterReadPermission,
  styrminClusterUpdatePermission,
} from './clusterPermissions';
import {
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentReadPermission,
  styrminDeploymentUpdatePermission,
} from './deploymentPermissions';
import {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from './driverPermissions';
import {
  styrminEnvironmentClonePermission,
  styrminEnvironmentCreatePermission,
  styrminEnvironmentDeletePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentRestorePermission,
  styrminEnvironmentUpdatePermission,
  styrminEnvironmentUpgradePermission,
} from './environmentPermissions';
import {
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentBackupReadPermission,
} from './environmentBackupPermissions';

/**
 * Every Styrmin permission, as the backend registers them with the permissions registry
 * (so that policies and the permission UI can list them). Each area defines its
 * permissions in a file of its own, named `styrmin.<area>.<verb>`, and adds them here.
 *
 * @public
 */
export const styrminPermissions: readonly Permission[] = [
  styrminDriverReadPermission,
  styrminDriverLoadPermission,
  styrminClusterReadPermission,
  styrminClusterCreatePermission,
  styrminClusterUpdatePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentCreatePermission,
  styrminEnvironmentUpdatePermission,
  styrminEnvironmentDeletePermission,
  styrminDeploymentReadPermission,
  styrminDeploymentCreatePermission,
  styrminDeploymentUpdatePermission,
  styrminDeploymentDeletePermission,
  styrminBackupReadPermission,
  styrminBackupCreatePermission,
  styrminBackupRestorePermission,
  styrminBackupDeletePermission,
  styrminBackupScheduleUpdatePermission,
  styrminBslReadPermission,
  styrminBslCreatePermission,
  styrminBslUpdatePermission,
  styrminBslDeletePermission,
  styrminEnvironmentBackupReadPermission,
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentUpgradePermission,
  styrminEnvironmentRestorePermission,
  styrminEnvironmentClonePermission,
];
