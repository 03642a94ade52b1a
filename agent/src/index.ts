/**
 * The Styrmin agent: one per cluster. It pulls recorded intent from the server over the agent
 * protocol, changes the cluster to match, and reports what it observes.
 *
 * @packageDocumentation
 */
export { loadAgentConfig } from './config/AgentConfig';
export type { AgentConfig, ReadFile } from './config/AgentConfig';
export type { DriverFiles, DriverVersionRef } from './drivers/DriverFiles';
export { LocalDriverFiles } from './drivers/LocalDriverFiles';
export { createLogfmtLogger } from './logging/Logger';
export type { LogFields, Logger } from './logging/Logger';
export { Operator } from './operator/Operator';
export type { OperatorOptions } from './operator/Operator';
export {
  DEFAULT_OPERATOR_NAMESPACE,
  STYRMIN_API_VERSION,
  STYRMIN_DEPLOYMENT_KIND,
  STYRMIN_DEPLOYMENT_PLURAL,
  STYRMIN_GROUP,
} from './styrminDeployment/StyrminDeployment';
export type {
  StyrminDeployment,
  StyrminDeploymentSpec,
  StyrminDeploymentStatus,
} from './styrminDeployment/StyrminDeployment';
export { newStyrminDeployment } from './styrminDeployment/newStyrminDeployment';
export type { NewStyrminDeploymentOptions } from './styrminDeployment/newStyrminDeployment';
export { ConditionType, Reason } from './styrminDeployment/conditions';
export type { Condition } from './styrminDeployment/conditions';
export { OperatorStep } from './styrminDeployment/OperatorStep';
export { observePhaseSteps } from './styrminDeployment/phaseSteps';
export type { PhaseStepStatus } from './styrminDeployment/phaseSteps';
export { helmReleaseName } from './styrminDeployment/helmRelease';
export { Agent } from './Agent';
export type { AgentOptions } from './Agent';
export { runAgentProcess } from './runAgentProcess';
export { ChartServer, CHARTS_PATH } from './charts/ChartServer';
export type { ChartServerOptions } from './charts/ChartServer';
export {
  DriverChartNotFoundError,
  DriverChartRepository,
} from './charts/DriverChartRepository';
export type { DriverChartRepositoryOptions } from './charts/DriverChartRepository';
export {
  BundleDriverFiles,
  UnknownDriverVersionError,
} from './drivers/BundleDriverFiles';
export type {
  BundleDriverFilesOptions,
  BundleFile,
} from './drivers/BundleDriverFiles';
export { StatusReporter } from './statusReporter/StatusReporter';
export type { StatusReporterOptions } from './statusReporter/StatusReporter';
export { Worker } from './worker/Worker';
export type { WorkerOptions } from './worker/Worker';
export { ActionRunner, ActionFailedError } from './actions/ActionRunner';
export type {
  ActionRunnerOptions,
  ActionRunOptions,
} from './actions/ActionRunner';
export type {
  ActionArguments,
  ActionPrimitives,
  ExecuteCommandsOptions,
  StartedUpgrade,
  UpgradeTarget,
} from './actions/ActionPrimitives';
