/**
 * The Kubernetes namespace of a deployment's workloads: `styrmin-<deployment id>`. It
 * holds the id rather than the name, so that a deployment of the same name created after
 * a deleted one never meets what the old one left behind.
 *
 * @public
 */
export function deploymentNamespace(deploymentId: string): string {
  return `styrmin-${deploymentId}`;
}
