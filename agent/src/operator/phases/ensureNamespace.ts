import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { Reason } from '../../styrminDeployment/conditions';
import { applyObject } from '../applyObject';
import { desiredNamespace } from '../desired/namespace';
import { done, Outcome, waiting } from '../outcomes';
import { PhaseDeps } from './PhaseDeps';

/**
 * The phase `Ensure the namespace`: applies the deployment's namespace, and waits while a
 * deleted one terminates. Returns the namespace's uid, which the HelmRelease phase needs.
 */
export async function ensureNamespace(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
): Promise<{ outcome: Outcome; uid: string }> {
  const desired = desiredNamespace(deployment);
  const name = desired.metadata!.name!;
  const namespace = await applyObject({
    ...deps,
    object: desired,
    cached: deps.cache.namespaces.get(name),
  });
  return {
    uid: namespace.metadata!.uid!,
    outcome: namespace.metadata?.deletionTimestamp
      ? waiting(
          Reason.NamespaceTerminating,
          `Namespace ${name} is being deleted; it is created again once it is gone`,
        )
      : done(`Namespace ${name} exists`),
  };
}
