import { KubeObject } from '../store/types';
import { NameRule } from './fieldErrors';
import { listSemanticsFor } from './listSemantics';
import {
  ResourceStrategy,
  ResourceType,
  ScaleSubresource,
} from './ResourceType';
import { customResourceDefinitionStrategy } from './strategies/customResourceDefinitions';
import { configMapStrategy, secretStrategy } from './strategies/configData';
import { cronJobStrategy, jobStrategy } from './strategies/jobs';
import { namespaceStrategy } from './strategies/namespaces';
import { podStrategy } from './strategies/pods';
import { createServiceStrategy } from './strategies/services';
import {
  daemonSetStrategy,
  deploymentStrategy,
  replicaSetStrategy,
  statefulSetStrategy,
} from './strategies/workloads';

interface BuiltinDefinition {
  group?: string;
  version?: string;
  kind: string;
  plural: string;
  namespaced?: boolean;
  nameRule?: NameRule;
  shortNames?: string[];
  all?: boolean;
  status?: boolean;
  scale?: boolean;
  extraSubresources?: string[];
  generation?: boolean;
  fieldLabels?: Record<string, (object: KubeObject) => string | undefined>;
  strategy?: ResourceStrategy;
  defaultPropagation?: 'Background' | 'Orphan';
  returnsDeletedObject?: boolean;
}

const WORKLOAD_SCALE: ScaleSubresource = {
  specReplicasPath: '.spec.replicas',
  statusReplicasPath: '.status.replicas',
  labelSelectorPath: '.spec.selector',
};

function builtin(definition: BuiltinDefinition): ResourceType {
  return {
    group: definition.group ?? '',
    versions: [definition.version ?? 'v1'],
    storageVersion: definition.version ?? 'v1',
    kind: definition.kind,
    listKind: `${definition.kind}List`,
    plural: definition.plural,
    singular: definition.kind.toLowerCase(),
    namespaced: definition.namespaced ?? true,
    nameRule: definition.nameRule ?? 'subdomain',
    shortNames: definition.shortNames ?? [],
    categories: definition.all ? ['all'] : [],
    builtin: true,
    status: definition.status ?? false,
    scale: definition.scale ? WORKLOAD_SCALE : undefined,
    extraSubresources: definition.extraSubresources ?? [],
    generation: definition.generation ?? false,
    fieldLabels: definition.fieldLabels ?? {},
    printerColumns: [],
    strategy: definition.strategy ?? {},
    defaultPropagation: definition.defaultPropagation ?? 'Background',
    returnsDeletedObject: definition.returnsDeletedObject ?? false,
    listSemantics: listSemanticsFor(definition.kind, true),
  };
}

const text = (value: unknown) =>
  value === undefined || value === null ? '' : String(value);

/**
 * The built-in types the sandbox serves: the ones the agent, Helm charts, Flux and Velero
 * touch. A fresh set per sandbox, because some strategies hold state (Service IPs).
 */
export function builtinResourceTypes(): ResourceType[] {
  return [
    builtin({
      kind: 'Namespace',
      plural: 'namespaces',
      namespaced: false,
      nameRule: 'label',
      shortNames: ['ns'],
      status: true,
      extraSubresources: ['finalize'],
      fieldLabels: { 'status.phase': o => text(o.status?.phase) },
      strategy: namespaceStrategy,
    }),
    builtin({
      kind: 'Node',
      plural: 'nodes',
      namespaced: false,
      shortNames: ['no'],
      status: true,
      fieldLabels: {
        'spec.unschedulable': o => text(o.spec?.unschedulable ?? false),
      },
    }),
    builtin({
      kind: 'Pod',
      plural: 'pods',
      shortNames: ['po'],
      all: true,
      status: true,
      generation: true,
      extraSubresources: ['log', 'binding'],
      fieldLabels: {
        'spec.nodeName': o => text(o.spec?.nodeName),
        'spec.restartPolicy': o => text(o.spec?.restartPolicy),
        'spec.schedulerName': o => text(o.spec?.schedulerName),
        'spec.serviceAccountName': o => text(o.spec?.serviceAccountName),
        'spec.hostNetwork': o => text(o.spec?.hostNetwork ?? false),
        'status.phase': o => text(o.status?.phase),
        'status.podIP': o => text(o.status?.podIP),
        'status.nominatedNodeName': o => text(o.status?.nominatedNodeName),
      },
      strategy: podStrategy,
      returnsDeletedObject: true,
    }),
    builtin({
      kind: 'Service',
      plural: 'services',
      nameRule: 'label',
      shortNames: ['svc'],
      all: true,
      status: true,
      strategy: createServiceStrategy(),
      returnsDeletedObject: true,
    }),
    builtin({ kind: 'Endpoints', plural: 'endpoints', shortNames: ['ep'] }),
    builtin({
      kind: 'ConfigMap',
      plural: 'configmaps',
      shortNames: ['cm'],
      strategy: configMapStrategy,
    }),
    builtin({
      kind: 'Secret',
      plural: 'secrets',
      fieldLabels: { type: o => text(o.type) },
      strategy: secretStrategy,
    }),
    builtin({
      kind: 'ServiceAccount',
      plural: 'serviceaccounts',
      shortNames: ['sa'],
    }),
    // Stored, not enforced: what dashboards (Backstage's Kubernetes plugin among them) list
    // for a namespace besides its workloads.
    builtin({
      kind: 'LimitRange',
      plural: 'limitranges',
      shortNames: ['limits'],
    }),
    builtin({
      kind: 'ResourceQuota',
      plural: 'resourcequotas',
      shortNames: ['quota'],
      status: true,
    }),
    builtin({
      kind: 'Event',
      plural: 'events',
      nameRule: 'pathSegment',
      shortNames: ['ev'],
      fieldLabels: {
        'involvedObject.kind': o => text(o.involvedObject?.kind),
        'involvedObject.namespace': o => text(o.involvedObject?.namespace),
        'involvedObject.name': o => text(o.involvedObject?.name),
        'involvedObject.uid': o => text(o.involvedObject?.uid),
        'involvedObject.apiVersion': o => text(o.involvedObject?.apiVersion),
        'involvedObject.resourceVersion': o =>
          text(o.involvedObject?.resourceVersion),
        'involvedObject.fieldPath': o => text(o.involvedObject?.fieldPath),
        reason: o => text(o.reason),
        reportingComponent: o => text(o.reportingComponent),
        source: o => text(o.source?.component),
        type: o => text(o.type),
      },
    }),
    builtin({
      kind: 'PersistentVolumeClaim',
      plural: 'persistentvolumeclaims',
      shortNames: ['pvc'],
      status: true,
    }),
    builtin({
      group: 'apps',
      kind: 'Deployment',
      plural: 'deployments',
      shortNames: ['deploy'],
      all: true,
      status: true,
      scale: true,
      generation: true,
      strategy: deploymentStrategy,
    }),
    builtin({
      group: 'apps',
      kind: 'ReplicaSet',
      plural: 'replicasets',
      shortNames: ['rs'],
      all: true,
      status: true,
      scale: true,
      generation: true,
      fieldLabels: { 'status.replicas': o => text(o.status?.replicas ?? 0) },
      strategy: replicaSetStrategy,
    }),
    builtin({
      group: 'apps',
      kind: 'StatefulSet',
      plural: 'statefulsets',
      shortNames: ['sts'],
      all: true,
      status: true,
      scale: true,
      generation: true,
      strategy: statefulSetStrategy,
    }),
    builtin({
      group: 'apps',
      kind: 'DaemonSet',
      plural: 'daemonsets',
      shortNames: ['ds'],
      all: true,
      status: true,
      generation: true,
      strategy: daemonSetStrategy,
    }),
    builtin({
      group: 'apps',
      kind: 'ControllerRevision',
      plural: 'controllerrevisions',
    }),
    builtin({
      group: 'batch',
      kind: 'Job',
      plural: 'jobs',
      all: true,
      status: true,
      generation: true,
      fieldLabels: { 'status.successful': o => text(o.status?.succeeded ?? 0) },
      strategy: jobStrategy,
      // batch/v1 keeps the pods of a deleted Job unless the client asks otherwise.
      defaultPropagation: 'Orphan',
    }),
    builtin({
      group: 'batch',
      kind: 'CronJob',
      plural: 'cronjobs',
      shortNames: ['cj'],
      all: true,
      status: true,
      generation: true,
      strategy: cronJobStrategy,
    }),
    builtin({
      group: 'autoscaling',
      version: 'v2',
      kind: 'HorizontalPodAutoscaler',
      plural: 'horizontalpodautoscalers',
      shortNames: ['hpa'],
      status: true,
    }),
    builtin({
      group: 'networking.k8s.io',
      kind: 'Ingress',
      plural: 'ingresses',
      shortNames: ['ing'],
      status: true,
      generation: true,
    }),
    builtin({
      group: 'networking.k8s.io',
      kind: 'IngressClass',
      plural: 'ingressclasses',
      namespaced: false,
    }),
    builtin({
      group: 'networking.k8s.io',
      kind: 'NetworkPolicy',
      plural: 'networkpolicies',
      shortNames: ['netpol'],
      generation: true,
    }),
    builtin({
      group: 'policy',
      kind: 'PodDisruptionBudget',
      plural: 'poddisruptionbudgets',
      shortNames: ['pdb'],
      status: true,
      generation: true,
    }),
    ...['Role', 'RoleBinding', 'ClusterRole', 'ClusterRoleBinding'].map(kind =>
      builtin({
        group: 'rbac.authorization.k8s.io',
        kind,
        plural: `${kind.toLowerCase()}s`,
        namespaced: !kind.startsWith('Cluster'),
        nameRule: 'pathSegment',
      }),
    ),
    builtin({ group: 'coordination.k8s.io', kind: 'Lease', plural: 'leases' }),
    builtin({
      group: 'storage.k8s.io',
      kind: 'StorageClass',
      plural: 'storageclasses',
      namespaced: false,
      shortNames: ['sc'],
    }),
    builtin({
      group: 'apiextensions.k8s.io',
      kind: 'CustomResourceDefinition',
      plural: 'customresourcedefinitions',
      namespaced: false,
      shortNames: ['crd', 'crds'],
      status: true,
      generation: true,
      strategy: customResourceDefinitionStrategy,
    }),
  ];
}
