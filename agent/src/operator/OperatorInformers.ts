import {
  Informer,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
  ObjectCache,
  V1ConfigMap,
  V1Ingress,
  V1Namespace,
  V1Secret,
  V1Service,
} from '@kubernetes/client-node';
import { ControllerSource } from '../controller/Controller';
import {
  CachingInformer,
  informerFor,
  WatchedKind,
  withoutManagedFields,
} from '../controller/informerFor';
import {
  CHART_SOURCE_KINDS,
  ChartSourceKind,
  FLUX_SOURCE_API_VERSION,
} from './desired/chartSource';
import { HELM_RELEASE_API_VERSION } from '../styrminDeployment/helmRelease';
import { MANAGED_SELECTOR, ownerKeyOf } from '../styrminDeployment/labels';
import {
  STYRMIN_API_VERSION,
  STYRMIN_DEPLOYMENT_KIND,
  STYRMIN_DEPLOYMENT_PLURAL,
  StyrminDeployment,
} from '../styrminDeployment/StyrminDeployment';

/**
 * What the reconciler reads: the informers' caches of the StyrminDeployments and of the
 * objects the operator makes.
 *
 * @public
 */
export interface OperatorCache {
  deployments: ObjectCache<StyrminDeployment>;
  helmReleases: ObjectCache<KubernetesObject>;
  /** The operator's Secrets in its namespace: context and values Secrets. */
  secrets: ObjectCache<V1Secret>;
  chartSources: Record<ChartSourceKind, ObjectCache<KubernetesObject>>;
  namespaces: ObjectCache<V1Namespace>;
  services: ObjectCache<V1Service>;
  ingresses: ObjectCache<V1Ingress>;
  configMaps: ObjectCache<V1ConfigMap>;
}

/** @public */
export interface OperatorInformers {
  deployments: CachingInformer<StyrminDeployment>;
  helmReleases: CachingInformer<KubernetesObject>;
  secrets: CachingInformer<V1Secret>;
  chartSources: Record<ChartSourceKind, CachingInformer<KubernetesObject>>;
  namespaces: CachingInformer<V1Namespace>;
  services: CachingInformer<V1Service>;
  ingresses: CachingInformer<V1Ingress>;
  configMaps: CachingInformer<V1ConfigMap>;
}

const PLURALS: Record<ChartSourceKind, string> = {
  HelmRepository: 'helmrepositories',
  OCIRepository: 'ocirepositories',
  GitRepository: 'gitrepositories',
};

/**
 * What the operator reads of a HelmRelease (`outcomes.ts`, `cleanUp.ts`, its phase): all
 * but the managed fields, of the status only its conditions, observed generation and the
 * newest revision's number (Flux keeps up to five revisions with their charts' details).
 */
export function helmReleaseFields(release: KubernetesObject): KubernetesObject {
  const kept = withoutManagedFields(release) as KubernetesObject & {
    status?: {
      observedGeneration?: number;
      conditions?: unknown[];
      history?: Array<{ version?: number }>;
    };
  };
  if (!kept.status) {
    return kept;
  }
  const { observedGeneration, conditions, history } = kept.status;
  return {
    ...kept,
    status: {
      observedGeneration,
      conditions,
      history: history?.slice(0, 1).map(({ version }) => ({ version })),
    },
  } as KubernetesObject;
}

/**
 * The informers of the StyrminDeployment operator: the StyrminDeployments of the operator's
 * namespace, and, by the `app.kubernetes.io/managed-by=styrmin` label, the HelmReleases and
 * chart sources it makes there and the namespaces, Services, Ingresses and deployment records
 * (ConfigMaps) it makes for deployments, so the caches hold only Styrmin's objects.
 *
 * @public
 */
export function createOperatorInformers(
  kubeConfig: KubeConfig,
  namespace: string,
): OperatorInformers {
  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);
  const managed = (watched: Omit<WatchedKind<any>, 'labelSelector'>) =>
    informerFor<any>(kubeConfig, objects, {
      ...watched,
      labelSelector: MANAGED_SELECTOR,
    });
  return {
    deployments: informerFor<StyrminDeployment>(kubeConfig, objects, {
      apiVersion: STYRMIN_API_VERSION,
      kind: STYRMIN_DEPLOYMENT_KIND,
      plural: STYRMIN_DEPLOYMENT_PLURAL,
      namespace,
    }),
    helmReleases: managed({
      apiVersion: HELM_RELEASE_API_VERSION,
      kind: 'HelmRelease',
      plural: 'helmreleases',
      namespace,
      keep: helmReleaseFields,
    }),
    secrets: managed({
      apiVersion: 'v1',
      kind: 'Secret',
      plural: 'secrets',
      namespace,
    }),
    chartSources: Object.fromEntries(
      CHART_SOURCE_KINDS.map(kind => [
        kind,
        managed({
          apiVersion: FLUX_SOURCE_API_VERSION,
          kind,
          plural: PLURALS[kind],
          namespace,
        }),
      ]),
    ) as Record<ChartSourceKind, CachingInformer<KubernetesObject>>,
    namespaces: managed({
      apiVersion: 'v1',
      kind: 'Namespace',
      plural: 'namespaces',
    }),
    services: managed({
      apiVersion: 'v1',
      kind: 'Service',
      plural: 'services',
    }),
    ingresses: managed({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      plural: 'ingresses',
    }),
    configMaps: managed({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      plural: 'configmaps',
    }),
  };
}

/**
 * The controller's sources: a StyrminDeployment enqueues itself; any other object enqueues
 * the StyrminDeployment its labels name.
 *
 * @public
 */
export function operatorSources(
  informers: OperatorInformers,
  namespace: string,
): ControllerSource[] {
  const owned = (kind: string, informer: Informer<KubernetesObject>) => ({
    kind,
    informer,
    keysFor: (object: KubernetesObject) => {
      const key = ownerKeyOf(object, namespace);
      return key ? [key] : [];
    },
  });
  return [
    {
      kind: STYRMIN_DEPLOYMENT_KIND,
      informer: informers.deployments as Informer<KubernetesObject>,
      keysFor: object => [
        `${object.metadata!.namespace}/${object.metadata!.name}`,
      ],
    },
    owned('HelmRelease', informers.helmReleases),
    owned('Secret', informers.secrets),
    ...CHART_SOURCE_KINDS.map(kind =>
      owned(kind, informers.chartSources[kind]),
    ),
    owned('Namespace', informers.namespaces),
    owned('Service', informers.services),
    owned('Ingress', informers.ingresses),
    owned('ConfigMap', informers.configMaps),
  ];
}
