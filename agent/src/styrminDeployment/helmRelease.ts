import { StyrminDeploymentSpec } from './StyrminDeployment';

/** The Flux HelmRelease API the operator writes, and the worker and actions read. */
export const HELM_RELEASE_API_VERSION = 'helm.toolkit.fluxcd.io/v2';

/**
 * The Helm release name: the driver's name, a DNS label, the same for the deployment's whole
 * life. One release lives in each deployment's namespace, so it never meets another.
 */
export function helmReleaseName(spec: StyrminDeploymentSpec): string {
  return spec.context.driver.name;
}
