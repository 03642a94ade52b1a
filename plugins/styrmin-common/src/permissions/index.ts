export {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from './driverPermissions';
export {
  styrminClusterCreatePermission,
  styrminClusterReadPermission,
  styrminClusterUpdatePermission,
} from './clusterPermissions';
export {
  styrminEnvironmentCreatePermission,
  styrminEnvironmentDeletePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentUpdatePermission,
} from './environmentPermissions';
export {
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentReadPermission,
  styrminDeploymentUpdatePermission,
} from './deploymentPermissions';
export { styrminPermissions } from './styrminPermissions';
export {
  decideForRole,
  STYRMIN_ROLES,
  strongestRole,
  type StyrminRole,
} from './styrminRoles';
