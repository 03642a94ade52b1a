/**
 * kube-sandbox: an embedded Kubernetes API server on loopback with simulated controllers, for
 * the tests and the demo.
 *
 * @packageDocumentation
 */

export { Sandbox, startSandbox } from './Sandbox';
export { runCli } from './cli/runCli';
export type { CliIo } from './cli/runCli';
export type { SandboxOptions, SandboxVelero } from './Sandbox';
export {
  SANDBOX_INGRESS_ADDRESS,
  SANDBOX_INGRESS_CLASS,
} from './controllers/IngressController';
export type { IngressSettings } from './controllers/IngressController';
export { ensureTools } from './tools/ensureTools';
export type { EnsureToolsOptions, ToolPaths } from './tools/ensureTools';
export { runTool } from './tools/runTool';
export type { ToolResult } from './tools/runTool';
export { SandboxApi } from './api/SandboxApi';
export { ApiError } from './api/ApiError';
export type { Status } from './api/ApiError';
export type {
  DeleteOptions,
  ListOptions,
  PatchOptions,
  PatchType,
  RequestScope,
  WriteOptions,
  WriteResult,
} from './api/types';
export type {
  FaultInjector,
  FaultRule,
  FaultMatch,
  Verb,
} from './server/FaultInjector';
export type { RequestRecord } from './server/ApiServer';
export { RbacAuthorizer, serviceAccountUser } from './rbac/RbacAuthorizer';
export type { Decision } from './rbac/RbacAuthorizer';
export { objectsPolicySource, storePolicySource } from './rbac/PolicySource';
export type { PolicySource } from './rbac/PolicySource';
export type { PolicyRule } from './rbac/policyRules';
export type { RequestAttributes, UserInfo } from './rbac/RequestAttributes';
export { forbidden } from './rbac/forbidden';
export type {
  AuthorizationLog,
  AuthorizationRecord,
} from './rbac/AuthorizationLog';
export type { ServiceAccountCredentials } from './rbac/serviceAccountCredentials';
export type {
  ContainerOutcome,
  ContainerRun,
  ContainerRunner,
  WorkloadSettings,
} from './controllers/workloads/ContainerRuntime';
export type { ControllerErrorHandler } from './controllers/Controller';
export type { KubeObject, ObjectMeta, OwnerReference } from './store/types';
export type { VolumeContents, VolumeFile } from './volumes/VolumeContents';
