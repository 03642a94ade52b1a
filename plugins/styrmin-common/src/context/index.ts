export type {
  ClusterContext,
  ComponentContext,
  EnvironmentDeploymentContext,
  GlobalContext,
  ServiceAddress,
} from './GlobalContext';
export { canonicalJson } from './canonicalJson';
export { deploymentNamespace } from './deploymentNamespace';
export {
  resolveContext,
  type EnvironmentDeployment,
  type ResolveContextOptions,
} from './resolveContext';
export {
  EXPOSED_SERVICE_USES,
  exposedHost,
  exposedHostLabel,
  exposedHostProblems,
  exposedServices,
  type ExposedService,
} from './exposedServices';
