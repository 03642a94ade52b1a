import { V1ConfigMap } from '@kubernetes/client-node';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { Reason } from '../../styrminDeployment/conditions';
import { applyObject } from '../applyObject';
import { desiredDeploymentRecord } from '../desired/deploymentRecord';
import { desiredNamespace } from '../desired/namespace';
import { done, Outcome, waiting } from '../outcomes';
import { PhaseDeps } from './PhaseDeps';

/**
 * The phase `Ensure the namespace`: applies the deployment's namespace and, in it, the
 * deployment record, and waits while a deleted namespace terminates (nothing can be written
 * in it then). Returns the namespace's uid, which the HelmRelease phase needs, and the
 * record as stored, which the operator's Events are also recorded on.
 */
export async function ensureNamespace(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
): Promise<{ outcome: Outcome; uid: string; record?: V1ConfigMap }> {
  const desired = desiredNamespace(deployment);
  const name = desired.metadata!.name!;
  const namespace = await applyObject({
    ...deps,
    object: desired,
    cached: deps.cache.namespaces.get(name),
  });
  const uid = namespace.metadata!.uid!;
  if (namespace.metadata?.deletionTimestamp) {
    return {
      uid,
      outcome: waiting(
        Reason.NamespaceTerminating,
        `Namespace ${name} is being deleted; it is created again once it is gone`,
      ),
    };
  }
  const record = desiredDeploymentRecord(deployment);
  return {
    uid,
    record: await applyObject({
      ...deps,
      object: record,
      cached: deps.cache.configMaps.get(record.metadata!.name!, name),
    }),
    outcome: done(`Namespace ${name} exists`),
  };
}
