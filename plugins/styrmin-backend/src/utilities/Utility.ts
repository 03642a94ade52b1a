import { ClusterSettings } from '@styrmin/plugin-styrmin-common';

/**
 * A utility (the glossary): a cluster-level resource (the ingress controller, service
 * discovery, ...) that Styrmin creates with the same code as application resources. Each
 * is an internal driver version shipped with Styrmin, deployed on every cluster into its
 * system environment as a deployment named after the utility.
 *
 * @internal
 */
export type Utility = {
  /** The driver's name, which its deployment in each system environment also takes. */
  name: string;
  /** The version of its driver that new and upgraded deployments get. */
  driverVersion: string;
  /** The application version its deployments run. */
  appVersion: string;
  /**
   * The cluster settings without which it has nothing to do: a cluster that leaves one
   * unset does not get it (service discovery without `base_domain`).
   */
  requires: ReadonlyArray<keyof ClusterSettings>;
};

/** The name of a cluster's system environment: `system-<cluster>`. */
export function systemEnvironmentName(clusterName: string): string {
  return `system-${clusterName}`;
}
