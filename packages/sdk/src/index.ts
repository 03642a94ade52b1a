/**
 * The typed client of the Styrmin GraphQL API, shared by styrminctl, the agent and the UI.
 *
 * @packageDocumentation
 */
export { StyrminClient } from './StyrminClient';
export type {
  GraphQLVariables,
  StyrminClientOptions,
} from './GraphQLTransport';
export { StyrminApiError } from './StyrminApiError';
export { taskCauseText } from './operations/taskFields';
export { formatByteSize } from './formatByteSize';
export { formatCommand } from './formatCommand';
export type {
  StyrminApiErrorOptions,
  StyrminGraphQLError,
} from './StyrminApiError';
export { styrminPluginUrl } from './styrminPluginUrl';
export * from './agent';
export { BackupsClient, BackupStorageLocationsClient } from './backups';
export type {
  Backup,
  BackupDetail,
  BackupPage,
  BackupSchedule,
  BackupStorageLocation,
  CreateBackupInput,
  CreateBackupStorageLocationInput,
  DeploymentBackupsOptions,
  RemoveBackupScheduleInput,
  Restore,
  SetBackupScheduleInput,
  UpdateBackupStorageLocationInput,
} from './operations/backups';
export { EnvironmentBackupsClient } from './environmentBackups';
export { PlansClient } from './plans';
export { RollbacksClient } from './rollback';
export type { Plan, PlanBasis } from './operations/plans';
export type {
  CreateEnvironmentBackupInput,
  EnvironmentBackup,
  EnvironmentBackupPage,
  EnvironmentBackupsOptions,
  EnvironmentBackupSummary,
  EnvironmentBackupSummaryPage,
} from './operations/environmentBackups';
export type {
  CloneEnvironmentInput,
  EnvironmentClonePlan,
  EnvironmentOperation,
  EnvironmentRestorePlan,
  EnvironmentUpgradePlan,
  EnvironmentOperationTasksOptions,
  RestoreEnvironmentInput,
  UpgradeEnvironmentInput,
} from './operations/environmentOperations';
export type {
  Cluster,
  ClusterWithAgentToken,
  ContextChange,
  CreateDeploymentInput,
  CreateEnvironmentInput,
  ComponentsInput,
  RunJobInput,
  DeleteDeploymentInput,
  DeploymentTaskResult,
  Deployment,
  DeploymentChangeResult,
  DeploymentFilter,
  DeploymentObservedState,
  DeployedService,
  DeploymentComponent,
  DeploymentStatus,
  DeploymentSummary,
  DeploymentPage,
  DeploymentRef,
  DeploymentsOptions,
  DeploymentTimeline,
  DeploymentTimelineOptions,
  DeploymentWithInstance,
  EditComponentOverridesInput,
  EditDeploymentInput,
  Environment,
  EnvironmentWithDeployments,
  Instance,
  KubernetesEvent,
  PageInfo,
  PodStatus,
  StepAttemptError,
  TaskCause,
  TaskByIdPrefix,
  TaskJob,
  TaskDetail,
  TaskListEntry,
  TaskPage,
  TasksOptions,
  TaskStep,
  TaskSummary,
  TaskTree,
  RecordRef,
  RecordStamps,
  Redeployment,
  RegisterClusterInput,
  Step,
  Task,
  TimelineEntry,
  UpdateClusterInput,
  UpdateClusterResult,
  UpdateEnvironmentInput,
  UpdateEnvironmentResult,
  RollbackDeploymentInput,
  UpgradeDeploymentInput,
  DatabaseEngine,
  Driver,
  DriverSource,
  DriverVersion,
  DriverVersionAction,
  DriverVersionComponent,
  DriverVersionParameter,
  DriverVersionService,
  DriverVersionSummary,
  LoadDriverInput,
  LoadDriverResult,
  ServerInfo,
} from './operations';
