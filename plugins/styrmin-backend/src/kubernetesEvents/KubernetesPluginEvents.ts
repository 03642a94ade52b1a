import { AuthService, DiscoveryService } from '@backstage/backend-plugin-api';
import { ServiceUnavailableError } from '@backstage/errors';
import {
  KubernetesEvent,
  KubernetesEvents,
  KubernetesEventsListOptions,
} from './KubernetesEvents';

/** The parts of a core v1 Event (and its events.k8s.io series) that are read. */
interface CoreV1Event {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  involvedObject: { kind?: string; name?: string };
  related?: { kind?: string; name?: string };
  source?: { component?: string };
  reportingComponent?: string;
  lastTimestamp?: string;
  eventTime?: string;
  series?: { count?: number; lastObservedTime?: string };
  metadata: { creationTimestamp?: string };
}

const refOf = (object: { kind?: string; name?: string }) =>
  `${object.kind}/${object.name}`;

/**
 * When an Event was last seen, as kubectl's LAST SEEN reads it: a series' last
 * observation, else the last timestamp (client-go's recorder), else the event time
 * (events.k8s.io recorders), else its creation.
 */
const lastSeenOf = (event: CoreV1Event) =>
  new Date(
    event.series?.lastObservedTime ??
      event.lastTimestamp ??
      event.eventTime ??
      event.metadata.creationTimestamp!,
  );

/** @internal */
export interface KubernetesPluginEventsOptions {
  discovery: Pick<DiscoveryService, 'getBaseUrl'>;
  /** Gives the server's own token for the Kubernetes plugin. */
  auth: Pick<AuthService, 'getOwnServiceCredentials' | 'getPluginRequestToken'>;
}

/**
 * Reads Events through Backstage's Kubernetes plugin, from every cluster it knows (as its
 * entity tab does with the multiTenant service locator), over the plugin's proxy with the
 * Styrmin server's own service credentials. The proxy would serve any request to any
 * namespace to whoever holds `kubernetes.proxy`, so no user gets that permission: the
 * server asks only for the Events of the one namespace, after the API checked that the
 * caller may read the deployment.
 *
 * @internal
 */
export class KubernetesPluginEvents implements KubernetesEvents {
  readonly #discovery: KubernetesPluginEventsOptions['discovery'];
  readonly #auth: KubernetesPluginEventsOptions['auth'];

  private constructor(options: KubernetesPluginEventsOptions) {
    this.#discovery = options.discovery;
    this.#auth = options.auth;
  }

  static create(
    options: KubernetesPluginEventsOptions,
  ): KubernetesPluginEvents {
    return new KubernetesPluginEvents(options);
  }

  async list({
    namespace,
  }: KubernetesEventsListOptions): Promise<KubernetesEvent[]> {
    const baseUrl = await this.#discovery.getBaseUrl('kubernetes');
    const { token } = await this.#auth.getPluginRequestToken({
      onBehalfOf: await this.#auth.getOwnServiceCredentials(),
      targetPluginId: 'kubernetes',
    });
    const get = async (path: string, cluster?: string) => {
      try {
        return await fetch(`${baseUrl}${path}`, {
          headers: {
            authorization: `Bearer ${token}`,
            ...(cluster ? { 'backstage-kubernetes-cluster': cluster } : {}),
          },
        });
      } catch (error) {
        throw new ServiceUnavailableError(
          `Backstage's Kubernetes plugin cannot be reached at ${baseUrl}`,
          error,
        );
      }
    };
    const clusters = await get('/clusters');
    if (!clusters.ok) {
      throw new ServiceUnavailableError(
        `Backstage's Kubernetes plugin answered ${clusters.status} for its clusters`,
      );
    }
    const { items } = (await clusters.json()) as { items: { name: string }[] };
    const lists = await Promise.all(
      items.map(async ({ name: cluster }) => {
        const response = await get(
          `/proxy/api/v1/namespaces/${encodeURIComponent(namespace)}/events`,
          cluster,
        );
        // The namespace is not on this cluster.
        if (response.status === 404) {
          return [];
        }
        if (!response.ok) {
          throw new ServiceUnavailableError(
            `Cluster ${cluster} answered ${response.status} through Backstage's Kubernetes plugin for the Events of ${namespace}`,
          );
        }
        const list = (await response.json()) as { items: CoreV1Event[] };
        return list.items.map(
          (event): KubernetesEvent => ({
            cluster,
            type: event.type ?? 'Normal',
            reason: event.reason ?? '',
            message: event.message ?? '',
            object: refOf(event.involvedObject),
            ...(event.related ? { related: refOf(event.related) } : {}),
            ...(event.source?.component || event.reportingComponent
              ? { source: event.source?.component || event.reportingComponent }
              : {}),
            count: event.series?.count ?? event.count ?? 1,
            lastSeen: lastSeenOf(event),
          }),
        );
      }),
    );
    return lists
      .flat()
      .sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime());
  }
}
