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
  styrminEnvironmentClonePermission,
  styrminEnvironmentCreatePermission,
  styrminEnvironmentDeletePermission,
  styrminEnvironmentReadPermission,
  styrminEnvironmentRestorePermission,
  styrminEnvironmentUpdatePermission,
  styrminEnvironmentUpgradePermission,
} from './environmentPermissions';
export {
  styrminDeploymentCreatePermission,
  styrminDeploymentDeletePermission,
  styrminDeploymentReadPermission,
  styrminDeploymentUpdatePermission,
} from './deploymentPermissions';
export { retryTaskPermission } from './retryTaskPermission';
export {
  styrminBackupCreatePermission,
  styrminBackupDeletePermission,
  styrminBackupReadPermission,
  styrminBackupRestorePermission,
  styrminBackupScheduleUpdatePermission,
} from './backupPermissions';
export {
  styrminBslCreatePermission,
  styrminBslDeletePermission,
  styrminBslReadPermission,
  styrminBslUpdatePermission,
} from './bslPermissions';
export {
  styrminEnvironmentBackupCreatePermission,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentBackupReadPermission,
} from './environmentBackupPermissions';
export { styrminPermissions } from './styrminPermissions';
export {
  decideForRole,
  STYRMIN_ROLES,
  strongestRole,
  type StyrminRole,
} from './styrminRoles';
export { decideForEnvironmentOperator } from './environmentOperators';
export {
  createStyrminEnvironmentConditionalDecision,
  isStyrminEnvironmentPermission,
  STYRMIN_ENVIRONMENT_RESOURCE_TYPE,
  STYRMIN_ENVIRONMENT_RULE_NAMES,
  styrminEnvironmentConditions,
  type StyrminEnvironmentCondition,
  type StyrminEnvironmentPermission,
  type StyrminEnvironmentResourceType,
  type StyrminEnvironmentRuleParams,
} from './styrminEnvironmentResource';
