import { deploymentNamespace } from '@styrmin/plugin-styrmin-common';
import { Logger } from '../logging/Logger';
import { ClusterClient } from './ClusterClient';
import { CHART_SOURCE_KINDS } from './desired/chartSource';
import { DEPLOYMENT_ID_LABEL } from '../styrminDeployment/labels';
import { OperatorCache } from './OperatorInformers';
import { refOf } from './refOf';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';

/**
 * One stage of the cleanup of a StyrminDeployment that is being deleted, idempotent: the
 * HelmRelease first (Flux uninstalls the release, removing its objects, before it lets the
 * HelmRelease go), then the namespace with the Services and whatever else is in it, then the
 * chart source. Returns what it waits for, or undefined once everything is gone and the
 * finalizer may go; watch events, or the poll, bring the next stage.
 */
export async function cleanUp(options: {
  client: ClusterClient;
  cache: OperatorCache;
  resource: StyrminDeployment;
  log: Logger;
}): Promise<string | undefined> {
  const { client, cache, resource, log } = options;
  const { name, namespace } = resource.metadata!;
  const release = cache.helmReleases.get(name!, namespace);
  if (release) {
    if (!release.metadata?.deletionTimestamp) {
      await client.delete(release);
      log.info('Deleted HelmRelease', { HelmRelease: refOf(release) });
    }
    return 'Uninstalling the Helm release';
  }
  // Only a namespace made for this deployment: its name comes from the id, its label too.
  const target = cache.namespaces.get(deploymentNamespace(name!));
  if (target && target.metadata?.labels?.[DEPLOYMENT_ID_LABEL] === name) {
    if (!target.metadata?.deletionTimestamp) {
      await client.delete(target);
      log.info('Deleted Namespace', { Namespace: refOf(target) });
    }
    return `Removing namespace ${target.metadata!.name}`;
  }
  for (const kind of CHART_SOURCE_KINDS) {
    const source = cache.chartSources[kind].get(name!, namespace);
    if (source && (await client.delete(source))) {
      log.info(`Deleted ${kind}`, { [kind]: refOf(source) });
    }
  }
  return undefined;
}
