export { CONFIGURATION_LIMITS, MAX_REPLICAS } from './configurationFields';
export { isJsonObject } from './JsonValue';
export type { JsonObject, JsonValue } from './JsonValue';
export { ClusterSettings, DEFAULT_CLUSTER_DOMAIN } from './ClusterSettings';
export { EnvironmentOverrides } from './EnvironmentOverrides';
export {
  BackupBeforeUpgrade,
  EnvironmentSettings,
} from './EnvironmentSettings';
export { ComponentOverrides, EnvVarValue } from './ComponentOverrides';
export {
  AppVersion,
  DeploymentConfiguration,
  ParameterValue,
} from './DeploymentConfiguration';
export { imageOverrideProblem, resolveImageOverride } from './imageOverride';
export { applyMergePatch } from './applyMergePatch';
export { createMergePatch } from './createMergePatch';
export { RecordName } from './RecordName';
