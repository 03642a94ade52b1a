export type { StyrminOperation } from './StyrminOperation';
export { serverInfoOperation } from './serverInfo';
export type { DatabaseEngine, ServerInfo } from './serverInfo';
export { driversOperation } from './drivers';
export type { Driver, DriverVersionSummary } from './drivers';
export { driverOperation } from './driver';
export { driverVersionOperation } from './driverVersion';
export type {
  DriverSource,
  DriverVersion,
  DriverVersionAction,
  DriverVersionComponent,
  DriverVersionParameter,
  DriverVersionService,
} from './driverVersionFields';
export { loadDriverOperation } from './loadDriver';
export type { LoadDriverInput, LoadDriverResult } from './loadDriver';
export type {
  Cluster,
  ClusterWithAgentToken,
  ContextChange,
  Deployment,
  DeploymentChangeResult,
  Environment,
  Instance,
  PageInfo,
  RecordStamps,
  Redeployment,
  Step,
  Task,
} from './recordFields';
export { clustersOperation } from './clusters';
export { clusterOperation } from './cluster';
export type { RecordRef } from './cluster';
export { registerClusterOperation } from './registerCluster';
export type { RegisterClusterInput } from './registerCluster';
export { updateClusterOperation } from './updateCluster';
export type { UpdateClusterInput, UpdateClusterResult } from './updateCluster';
export { previewClusterUpdateOperation } from './previewClusterUpdate';
export { rotateAgentTokenOperation } from './rotateAgentToken';
export { environmentsOperation } from './environments';
export { environmentOperation } from './environment';
export { environmentsWithDeploymentsOperation } from './environmentsWithDeployments';
export { environmentWithDeploymentsOperation } from './environmentWithDeployments';
export type {
  DeploymentSummary,
  EnvironmentWithDeployments,
} from './deploymentSummaryFields';
export { createEnvironmentOperation } from './createEnvironment';
export type { CreateEnvironmentInput } from './createEnvironment';
export { updateEnvironmentOperation } from './updateEnvironment';
export type {
  UpdateEnvironmentInput,
  UpdateEnvironmentResult,
} from './updateEnvironment';
export { previewEnvironmentUpdateOperation } from './previewEnvironmentUpdate';
export { deleteEnvironmentOperation } from './deleteEnvironment';
export { deploymentsOperation } from './deployments';
export type {
  DeploymentFilter,
  DeploymentPage,
  DeploymentsOptions,
} from './deployments';
export { deploymentOperation } from './deployment';
export type { DeploymentRef, DeploymentWithInstance } from './deployment';
export { deploymentTimelineOperation } from './deploymentTimeline';
export type {
  DeploymentTimeline,
  DeploymentTimelineOptions,
  TimelineEntry,
} from './deploymentTimeline';
export { instanceOperation } from './instance';
export { createDeploymentOperation } from './createDeployment';
export type { CreateDeploymentInput } from './createDeployment';
export { editDeploymentOperation } from './editDeployment';
export type { EditDeploymentInput } from './editDeployment';
export { upgradeDeploymentOperation } from './upgradeDeployment';
export type { UpgradeDeploymentInput } from './upgradeDeployment';
export { editComponentOverridesOperation } from './editComponentOverrides';
export type { EditComponentOverridesInput } from './editComponentOverrides';
export { deleteDeploymentOperation } from './deleteDeployment';
export type { DeleteDeploymentInput } from './deleteDeployment';
export { stopComponentsOperation } from './stopComponents';
export { startComponentsOperation } from './startComponents';
export { restartComponentsOperation } from './restartComponents';
export { runJobOperation } from './runJob';
export { retryTaskOperation } from './retryTask';
export { tasksByIdPrefixOperation } from './tasksByIdPrefix';
export type { TaskByIdPrefix } from './tasksByIdPrefix';
export type { RunJobInput } from './runJob';
export type {
  ComponentsInput,
  DeploymentTaskResult,
} from './deploymentTaskResult';
export { taskOperation } from './task';
export { deploymentTasksOperation } from './deploymentTasks';
export type { TasksOptions } from './deploymentTasks';
export { environmentTasksOperation } from './environmentTasks';
export { deploymentObservedStateOperation } from './deploymentObservedState';
export type { DeploymentObservedState } from './deploymentObservedState';
export { deploymentEventsOperation } from './deploymentEvents';
export type { KubernetesEvent } from './deploymentEvents';
export type {
  DeployedService,
  DeploymentComponent,
  DeploymentStatus,
  PodStatus,
  StepAttemptError,
  TaskCause,
  TaskJob,
  TaskDetail,
  TaskListEntry,
  TaskPage,
  TaskStep,
  TaskSummary,
  TaskTree,
} from './taskFields';
export * from './backups';
export * from './environmentBackups';
export * from './environmentOperations';
export * from './plans';
export * from './rollback';
