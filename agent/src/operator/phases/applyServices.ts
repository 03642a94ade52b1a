import { KubernetesObject, ObjectCache } from '@kubernetes/client-node';
import { DEPLOYMENT_ID_LABEL } from '../../styrminDeployment/labels';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { applyObject } from '../applyObject';
import { desiredIngresses } from '../desired/ingresses';
import { desiredServices } from '../desired/services';
import { done, Outcome } from '../outcomes';
import { refOf } from '../refOf';
import { PhaseDeps } from './PhaseDeps';

/**
 * The phase `Apply the Services`: applies the driver's Services and the Ingresses of those
 * it exposes, and deletes those of the deployment that it no longer declares or exposes.
 */
export async function applyServices(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
): Promise<Outcome> {
  const services = desiredServices(deployment);
  const ingresses = desiredIngresses(deployment);
  await applyOwned(deps, deployment, services, deps.cache.services);
  await applyOwned(deps, deployment, ingresses, deps.cache.ingresses);
  const exist =
    services.length === 1
      ? `Service ${services[0].metadata!.name} exists`
      : `${services.length} services exist`;
  return done(
    ingresses.length === 0
      ? exist
      : `${exist}, ${ingresses
          .map(i => i.spec!.rules![0].host)
          .join(', ')} routed`,
  );
}

/** Applies the deployment's objects of one kind and deletes the others it labels. */
async function applyOwned(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
  desired: KubernetesObject[],
  cache: ObjectCache<KubernetesObject>,
): Promise<void> {
  const { client, log } = deps;
  const namespace = deployment.spec.context.deployment.namespace;
  for (const object of desired) {
    await applyObject({
      ...deps,
      object,
      cached: cache.get(object.metadata!.name!, namespace),
    });
  }
  const names = new Set(desired.map(object => object.metadata!.name));
  const stale = cache
    .list(namespace)
    .filter(
      object =>
        object.metadata?.labels?.[DEPLOYMENT_ID_LABEL] ===
          deployment.metadata!.name && !names.has(object.metadata?.name),
    );
  for (const object of stale) {
    if (await client.delete(object)) {
      log.info(`Deleted ${object.kind}`, { [object.kind!]: refOf(object) });
    }
  }
}
