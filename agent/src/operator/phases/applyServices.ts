import { DEPLOYMENT_ID_LABEL } from '../../styrminDeployment/labels';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { applyObject } from '../applyObject';
import { desiredServices } from '../desired/services';
import { done, Outcome } from '../outcomes';
import { refOf } from '../refOf';
import { PhaseDeps } from './PhaseDeps';

/**
 * The phase `Apply the Services`: applies the driver's Services and deletes those of the
 * deployment that it no longer declares.
 */
export async function applyServices(
  deps: PhaseDeps,
  deployment: StyrminDeployment,
): Promise<Outcome> {
  const { client, cache, log } = deps;
  const desired = desiredServices(deployment);
  const namespace = deployment.spec.context.deployment.namespace;
  for (const service of desired) {
    await applyObject({
      ...deps,
      object: service,
      cached: cache.services.get(service.metadata!.name!, namespace),
    });
  }
  const names = new Set(desired.map(service => service.metadata!.name));
  const stale = cache.services
    .list(namespace)
    .filter(
      service =>
        service.metadata?.labels?.[DEPLOYMENT_ID_LABEL] ===
          deployment.metadata!.name && !names.has(service.metadata?.name),
    );
  for (const service of stale) {
    if (await client.delete(service)) {
      log.info('Deleted Service', { Service: refOf(service) });
    }
  }
  return done(
    desired.length === 1
      ? `Service ${desired[0].metadata!.name} exists`
      : `${desired.length} services exist`,
  );
}
