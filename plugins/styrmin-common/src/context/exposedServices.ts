import type { ContextUses } from '../driver/contextUses';
import type { DriverService } from '../driver/DriverService';
import type { ValidationProblem } from '../validation/ValidationProblem';
import type { GlobalContext } from './GlobalContext';

/**
 * The cluster settings that the Ingress of an exposed service is made from. A driver
 * version with an exposed service uses them (docs/context.md, What a deployment uses), so
 * its instances change when one of them does, and those of other drivers do not.
 *
 * @public
 */
export const EXPOSED_SERVICE_USES: ContextUses = [
  ['cluster', 'base_domain'],
  ['cluster', 'ingress_class'],
  ['cluster', 'ingress_cluster_issuer'],
  ['cluster', 'ingress_tls_secret'],
];

/** The longest DNS label: the first label of an exposed host is one. */
const MAX_LABEL_LENGTH = 63;

/**
 * A service of a deployment reachable from outside its cluster, as the operator makes its
 * Ingress and as people open it.
 *
 * @public
 */
export interface ExposedService {
  /** The service's name, also the Ingress's. */
  service: string;
  port: number;
  /** `<service>-<deployment>-<environment>.<base_domain>` */
  host: string;
  path: string;
  /** What the Service speaks behind the Ingress. */
  backendProtocol: 'http' | 'https';
  /** The cluster's `ingress_class`; absent: the cluster's default class. */
  ingressClass?: string;
  /** When the cluster sets `ingress_tls_secret` or `ingress_cluster_issuer`. */
  tls?: { secretName: string; clusterIssuer?: string };
  /** `https://<host><path>` with TLS, `http://<host><path>` without. */
  url: string;
}

/**
 * The first label of the host of an exposed service: the service, the deployment and the
 * environment, joined by `-`, so that every exposed host sits directly under `base_domain`
 * (one wildcard certificate covers them all).
 *
 * @public
 */
export function exposedHostLabel(names: {
  service: string;
  deployment: string;
  environment: string;
}): string {
  return `${names.service}-${names.deployment}-${names.environment}`;
}

/**
 * The host of an exposed service: its first label (`exposedHostLabel`) under the base
 * domain of its environment.
 *
 * @public
 */
export function exposedHost(
  names: Parameters<typeof exposedHostLabel>[0],
  baseDomain: string,
): string {
  return `${exposedHostLabel(names)}.${baseDomain}`;
}

/**
 * The exposed services of a deployment from its context and its driver version's
 * services: those with `expose`, when the cluster sets `base_domain` (without it nothing
 * is exposed).
 *
 * @public
 */
export function exposedServices(
  context: Pick<GlobalContext, 'cluster' | 'deployment' | 'environment'>,
  services: readonly DriverService[],
): ExposedService[] {
  const { base_domain: baseDomain } = context.cluster;
  if (!baseDomain) {
    return [];
  }
  const {
    ingress_class: ingressClass,
    ingress_tls_secret: tlsSecret,
    ingress_cluster_issuer: clusterIssuer,
  } = context.cluster;
  return services.flatMap(service => {
    if (!service.expose) {
      return [];
    }
    const names = {
      service: service.name,
      deployment: context.deployment.name,
      environment: context.environment.name,
    };
    const label = exposedHostLabel(names);
    const host = exposedHost(names, baseDomain);
    const tls =
      tlsSecret || clusterIssuer
        ? {
            secretName: tlsSecret ?? `${label}-tls`,
            ...(clusterIssuer ? { clusterIssuer } : {}),
          }
        : undefined;
    const { path, protocol } = service.expose;
    return [
      {
        service: service.name,
        port: service.port,
        host,
        path,
        backendProtocol: protocol,
        ...(ingressClass ? { ingressClass } : {}),
        ...(tls ? { tls } : {}),
        url: `${tls ? 'https' : 'http'}://${host}${path}`,
      },
    ];
  });
}

/**
 * The problems of the exposed hosts of an environment's deployments as a change leaves
 * them: a first label longer than a DNS label (VALIDATION_FAILED), and a host that two
 * deployments would both serve (CONFLICT), reported at the deployment that is not the
 * first by name, or that a deployment of another environment of the cluster serves
 * (`elsewhere`: host to its `<environment>/<deployment>`; names joined by `-` can meet,
 * `a` in `b-c` and `a-b` in `c`).
 *
 * @public
 */
export function exposedHostProblems(
  deployments: ReadonlyArray<{
    name: string;
    exposed: readonly ExposedService[];
  }>,
  elsewhere: ReadonlyMap<string, string> = new Map(),
): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const owners = new Map(elsewhere);
  for (const { name, exposed } of deployments) {
    for (const service of exposed) {
      const field = `services.${service.service}`;
      const label = service.host.split('.')[0];
      if (label.length > MAX_LABEL_LENGTH) {
        problems.push({
          code: 'VALIDATION_FAILED',
          field,
          message: `The host of ${name}'s exposed service ${service.service}, ${service.host}, starts with a label of ${label.length} characters, more than DNS allows (${MAX_LABEL_LENGTH}): shorten the deployment or environment name`,
        });
      }
      const owner = owners.get(service.host);
      if (owner !== undefined && owner !== name) {
        problems.push({
          code: 'CONFLICT',
          field,
          message: `${name}'s exposed service ${service.service} would be served at ${service.host}, the host of ${owner}'s: rename one of the deployments`,
        });
      } else {
        owners.set(service.host, name);
      }
    }
  }
  return problems;
}
