import { KubeObject } from '../../store/types';

/*
 * The CustomResourceDefinitions the Flux stand-in serves, as installing Flux would add them:
 * helm-controller's HelmRelease (v2) and source-controller's HelmRepository, OCIRepository,
 * GitRepository and HelmChart (v1), with status subresources and Flux's printer columns. The
 * schemas accept anything: the sandbox does not validate them.
 */

interface FluxKind {
  group: string;
  version: string;
  kind: string;
  plural: string;
  shortNames: string[];
  columns: Array<{
    name: string;
    type: string;
    jsonPath: string;
    priority?: number;
  }>;
}

const READY_COLUMNS = [
  { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  {
    name: 'Ready',
    type: 'string',
    jsonPath: '.status.conditions[?(@.type=="Ready")].status',
  },
  {
    name: 'Status',
    type: 'string',
    jsonPath: '.status.conditions[?(@.type=="Ready")].message',
  },
];

const KINDS: FluxKind[] = [
  {
    group: 'helm.toolkit.fluxcd.io',
    version: 'v2',
    kind: 'HelmRelease',
    plural: 'helmreleases',
    shortNames: ['hr'],
    columns: READY_COLUMNS,
  },
  {
    group: 'source.toolkit.fluxcd.io',
    version: 'v1',
    kind: 'HelmRepository',
    plural: 'helmrepositories',
    shortNames: ['helmrepo'],
    columns: [
      { name: 'URL', type: 'string', jsonPath: '.spec.url' },
      ...READY_COLUMNS,
    ],
  },
  {
    group: 'source.toolkit.fluxcd.io',
    version: 'v1',
    kind: 'OCIRepository',
    plural: 'ocirepositories',
    shortNames: ['ocirepo'],
    columns: [
      { name: 'URL', type: 'string', jsonPath: '.spec.url' },
      ...READY_COLUMNS,
    ],
  },
  {
    group: 'source.toolkit.fluxcd.io',
    version: 'v1',
    kind: 'GitRepository',
    plural: 'gitrepositories',
    shortNames: ['gitrepo'],
    columns: [
      { name: 'URL', type: 'string', jsonPath: '.spec.url' },
      ...READY_COLUMNS,
    ],
  },
  {
    group: 'source.toolkit.fluxcd.io',
    version: 'v1',
    kind: 'HelmChart',
    plural: 'helmcharts',
    shortNames: ['hc'],
    columns: [
      { name: 'Chart', type: 'string', jsonPath: '.spec.chart' },
      { name: 'Version', type: 'string', jsonPath: '.spec.version' },
      { name: 'Source Kind', type: 'string', jsonPath: '.spec.sourceRef.kind' },
      { name: 'Source Name', type: 'string', jsonPath: '.spec.sourceRef.name' },
      ...READY_COLUMNS,
    ],
  },
];

export function fluxCustomResourceDefinitions(): KubeObject[] {
  return KINDS.map(kind => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: {
      name: `${kind.plural}.${kind.group}`,
      labels: { 'app.kubernetes.io/part-of': 'flux' },
    },
    spec: {
      group: kind.group,
      scope: 'Namespaced',
      names: {
        kind: kind.kind,
        listKind: `${kind.kind}List`,
        plural: kind.plural,
        singular: kind.kind.toLowerCase(),
        shortNames: kind.shortNames,
      },
      versions: [
        {
          name: kind.version,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: kind.columns,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              'x-kubernetes-preserve-unknown-fields': true,
            },
          },
        },
      ],
    },
  }));
}
