/**
 * The annotations with which Styrmin's catalog entities name their Styrmin record, so that
 * the entity tabs of the UI and the template actions find the record behind an entity.
 *
 * @public
 */
export const STYRMIN_ANNOTATIONS = {
  /** On a cluster's `System`: the cluster's id. */
  clusterId: 'styrmin.io/cluster-id',
  /** On an environment's `Resource`: the environment's id. */
  environmentId: 'styrmin.io/environment-id',
  /** On a deployment's `Resource`: the deployment's id. */
  deploymentId: 'styrmin.io/deployment-id',
  /** On a driver version's `Template` and a deployment's `Resource`: the driver's name. */
  driver: 'styrmin.io/driver',
  /** On a driver version's `Template` and a deployment's `Resource`: the driver version. */
  driverVersion: 'styrmin.io/driver-version',
  /** On a driver version's `Template`: the URL of the application logo (`spec.info.icon`). */
  icon: 'styrmin.io/icon-url',
} as const;

/**
 * The `spec.type` of Styrmin's catalog entities.
 *
 * @public
 */
export const STYRMIN_ENTITY_TYPES = {
  /** `System`: a registered Kubernetes cluster. */
  cluster: 'styrmin-cluster',
  /** `Resource`: an environment. */
  environment: 'styrmin-environment',
  /** `Resource`: a deployment that is not deleted. */
  deployment: 'styrmin-deployment',
  /** `Template`: an application driver version, whose steps create a deployment. */
  template: 'styrmin-deployment',
} as const;
