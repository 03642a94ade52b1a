import { ServiceUnavailableError } from '@backstage/errors';
import {
  deploymentNamespace,
  styrminDeploymentReadPermission,
} from '@styrmin/plugin-styrmin-common';
import { KubernetesEvents } from '../../kubernetesEvents/KubernetesEvents';
import { withPermission } from '../fieldResolvers';
import { StyrminResolvers } from '../types';

/** @internal */
export interface KubernetesEventResolverRecords {
  /** Where `Deployment.events` reads; absent, the field is UNAVAILABLE. */
  kubernetesEvents?: KubernetesEvents;
}

/**
 * The resolver of `Deployment.events`: the Events of the deployment's namespace, for a
 * caller who may read the deployment.
 *
 * @internal
 */
export function createKubernetesEventResolvers(
  records: KubernetesEventResolverRecords,
): StyrminResolvers {
  return {
    Deployment: {
      events: withPermission(
        styrminDeploymentReadPermission,
        async deployment => {
          if (!records.kubernetesEvents) {
            throw new ServiceUnavailableError(
              "This server reads no Kubernetes Events: Backstage's Kubernetes plugin is not configured for it",
            );
          }
          const events = await records.kubernetesEvents.list({
            namespace: deploymentNamespace(deployment.id),
          });
          return events.map(event => ({
            ...event,
            related: event.related ?? null,
            source: event.source ?? null,
            lastSeen: event.lastSeen.toISOString(),
          }));
        },
      ),
    },
  };
}
