/**
 * The typed client of the Styrmin GraphQL API, shared by styrminctl, the agent and the UI.
 *
 * @packageDocumentation
 */
export { StyrminClient } from './StyrminClient';
export type { GraphQLVariables, StyrminClientOptions } from './StyrminClient';
export { StyrminApiError } from './StyrminApiError';
export type {
  StyrminApiErrorOptions,
  StyrminGraphQLError,
} from './StyrminApiError';
export { styrminPluginUrl } from './styrminPluginUrl';
export * from './agent';
export type {
  Cluster,
  ClusterWithAgentToken,
  ContextChange,
  CreateDeploymentInput,
  CreateEnvironmentInput,
  DeleteDeploymentInput,
  Deployment,
  DeploymentChangeResult,
  DeploymentFilter,
  DeploymentObservedState,
  DeploymentStatus,
  DeploymentPage,
  DeploymentRef,
  DeploymentsOptions,
  DeploymentTimeline,
  DeploymentTimelineOptions,
  DeploymentWithInstance,
  EditComponentOverridesInput,
  EditDeploymentInput,
  Environment,
  Instance,
  PageInfo,
  PodStatus,
  StepAttemptError,
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
