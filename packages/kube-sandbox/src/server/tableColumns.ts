import { getPath } from '../resources/jsonPath';
import { ResourceType } from '../resources/ResourceType';
import { KubeObject } from '../store/types';
import { JsonMap } from '../util/json';
import { age, humanDuration } from './humanDuration';

/** A column of server-side printing, with how to compute its cell. */
export interface TableColumn {
  name: string;
  type: string;
  format?: string;
  description: string;
  priority: number;
  cell(object: KubeObject): unknown;
}

function column(
  name: string,
  cell: (object: KubeObject) => unknown,
  options: {
    type?: string;
    priority?: number;
    description?: string;
    format?: string;
  } = {},
): TableColumn {
  return {
    name,
    type: options.type ?? 'string',
    ...(options.format ? { format: options.format } : {}),
    description: options.description ?? name,
    priority: options.priority ?? 0,
    cell,
  };
}

const NAME = column('Name', o => o.metadata.name, {
  format: 'name',
  description:
    'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
});
const AGE = column('Age', o => age(o.metadata.creationTimestamp), {
  description:
    'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
});

const containerNames = (spec: JsonMap | undefined) =>
  (spec?.containers ?? []).map((c: JsonMap) => c.name).join(',');
const containerImages = (spec: JsonMap | undefined) =>
  (spec?.containers ?? []).map((c: JsonMap) => c.image).join(',');
const selectorText = (selector: JsonMap | undefined) =>
  Object.entries(selector?.matchLabels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',') || '<none>';
const templateColumns = (path: (o: KubeObject) => JsonMap | undefined) => [
  column('Containers', o => containerNames(path(o)), { priority: 1 }),
  column('Images', o => containerImages(path(o)), { priority: 1 }),
  column('Selector', o => selectorText(o.spec?.selector), { priority: 1 }),
];

/** The STATUS of `kubectl get pods`, as kubectl's printPod derives it. */
function podStatus(pod: KubeObject): string {
  let reason: string = pod.status?.reason || pod.status?.phase || 'Pending';
  const inits: JsonMap[] = pod.status?.initContainerStatuses ?? [];
  const initCount = (pod.spec?.initContainers ?? []).length;
  let initializing = false;
  for (const [i, status] of inits.entries()) {
    const terminated = status.state?.terminated;
    const waiting = status.state?.waiting;
    if (terminated?.exitCode === 0) {
      continue;
    }
    initializing = true;
    if (terminated) {
      reason = `Init:${terminated.reason || `ExitCode:${terminated.exitCode}`}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initCount}`;
    }
    break;
  }
  if (!initializing) {
    let running = false;
    for (const status of [...(pod.status?.containerStatuses ?? [])].reverse()) {
      const { waiting, terminated } = status.state ?? {};
      if (waiting?.reason) {
        reason = waiting.reason;
      } else if (terminated?.reason) {
        reason = terminated.reason;
      } else if (terminated) {
        reason = `ExitCode:${terminated.exitCode}`;
      } else if (status.ready && status.state?.running) {
        running = true;
      }
    }
    if (reason === 'Completed' && running) {
      reason = 'Running';
    }
  }
  return pod.metadata.deletionTimestamp ? 'Terminating' : reason;
}

function podRestarts(pod: KubeObject): string {
  const statuses: JsonMap[] = pod.status?.containerStatuses ?? [];
  const restarts = statuses.reduce((sum, s) => sum + (s.restartCount ?? 0), 0);
  const last = statuses
    .map(s => s.lastState?.terminated?.finishedAt)
    .filter(Boolean)
    .sort()
    .pop();
  return last && restarts > 0
    ? `${restarts} (${age(last)} ago)`
    : String(restarts);
}

function servicePorts(service: KubeObject): string {
  const ports: JsonMap[] = service.spec?.ports ?? [];
  return (
    ports
      .map(
        p =>
          `${p.port}${p.nodePort ? `:${p.nodePort}` : ''}/${
            p.protocol ?? 'TCP'
          }`,
      )
      .join(',') || '<none>'
  );
}

function jobStatus(job: KubeObject): string {
  const has = (type: string) =>
    job.status?.conditions?.some(
      (c: JsonMap) => c.type === type && c.status === 'True',
    );
  if (has('Complete')) {
    return 'Complete';
  }
  if (has('Failed')) {
    return 'Failed';
  }
  if (job.metadata.deletionTimestamp) {
    return 'Terminating';
  }
  if (has('SuccessCriteriaMet')) {
    return 'SuccessCriteriaMet';
  }
  if (has('FailureTarget')) {
    return 'FailureTarget';
  }
  return has('Suspended') ? 'Suspended' : 'Running';
}

function jobDuration(job: KubeObject): string {
  const start = job.status?.startTime;
  if (!start) {
    return '';
  }
  const end = job.status?.completionTime
    ? Date.parse(job.status.completionTime)
    : Date.now();
  return humanDuration(end - Date.parse(start));
}

const BUILTIN: Record<string, TableColumn[]> = {
  Pod: [
    NAME,
    column('Ready', o => {
      const statuses: JsonMap[] = o.status?.containerStatuses ?? [];
      const ready = statuses.filter(s => s.ready && s.state?.running).length;
      return `${ready}/${(o.spec?.containers ?? []).length}`;
    }),
    column('Status', podStatus),
    column('Restarts', podRestarts),
    AGE,
    column('IP', o => o.status?.podIP ?? '<none>', { priority: 1 }),
    column('Node', o => o.spec?.nodeName ?? '<none>', { priority: 1 }),
    column('Nominated Node', o => o.status?.nominatedNodeName ?? '<none>', {
      priority: 1,
    }),
    column('Readiness Gates', () => '<none>', { priority: 1 }),
  ],
  Deployment: [
    NAME,
    column(
      'Ready',
      o => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 0}`,
    ),
    column('Up-to-date', o => o.status?.updatedReplicas ?? 0, {
      type: 'integer',
    }),
    column('Available', o => o.status?.availableReplicas ?? 0, {
      type: 'integer',
    }),
    AGE,
    ...templateColumns(o => o.spec?.template?.spec),
  ],
  ReplicaSet: [
    NAME,
    column('Desired', o => o.spec?.replicas ?? 0, { type: 'integer' }),
    column('Current', o => o.status?.replicas ?? 0, { type: 'integer' }),
    column('Ready', o => o.status?.readyReplicas ?? 0, { type: 'integer' }),
    AGE,
    ...templateColumns(o => o.spec?.template?.spec),
  ],
  StatefulSet: [
    NAME,
    column(
      'Ready',
      o => `${o.status?.readyReplicas ?? 0}/${o.spec?.replicas ?? 0}`,
    ),
    AGE,
    ...templateColumns(o => o.spec?.template?.spec).slice(0, 2),
  ],
  Job: [
    NAME,
    column('Status', jobStatus),
    column(
      'Completions',
      o => `${o.status?.succeeded ?? 0}/${o.spec?.completions ?? 1}`,
    ),
    column('Duration', jobDuration),
    AGE,
    ...templateColumns(o => o.spec?.template?.spec),
  ],
  Service: [
    NAME,
    column('Type', o => o.spec?.type ?? 'ClusterIP'),
    column('Cluster-IP', o => o.spec?.clusterIP ?? '<none>'),
    column('External-IP', o =>
      o.spec?.type === 'LoadBalancer'
        ? (o.status?.loadBalancer?.ingress ?? [])
            .map((i: JsonMap) => i.ip ?? i.hostname)
            .join(',') || '<pending>'
        : o.spec?.externalIPs?.join(',') ?? '<none>',
    ),
    column('Port(s)', servicePorts),
    AGE,
    column('Selector', o => selectorText({ matchLabels: o.spec?.selector }), {
      priority: 1,
    }),
  ],
  Namespace: [NAME, column('Status', o => o.status?.phase ?? ''), AGE],
  ConfigMap: [
    NAME,
    column(
      'Data',
      o =>
        Object.keys(o.data ?? {}).length +
        Object.keys(o.binaryData ?? {}).length,
      { type: 'integer' },
    ),
    AGE,
  ],
  Secret: [
    NAME,
    column('Type', o => o.type ?? 'Opaque'),
    column('Data', o => Object.keys(o.data ?? {}).length, { type: 'integer' }),
    AGE,
  ],
  ServiceAccount: [
    NAME,
    column('Secrets', o => (o.secrets ?? []).length, { type: 'integer' }),
    AGE,
  ],
  Node: [
    NAME,
    column('Status', o =>
      o.status?.conditions?.some(
        (c: JsonMap) => c.type === 'Ready' && c.status === 'True',
      )
        ? 'Ready'
        : 'NotReady',
    ),
    column(
      'Roles',
      o =>
        Object.keys(o.metadata.labels ?? {})
          .filter(l => l.startsWith('node-role.kubernetes.io/'))
          .map(l => l.slice('node-role.kubernetes.io/'.length))
          .join(',') || '<none>',
    ),
    AGE,
    column('Version', o => o.status?.nodeInfo?.kubeletVersion ?? ''),
  ],
  Event: [
    column('Last Seen', o =>
      age(o.lastTimestamp ?? o.eventTime ?? o.metadata.creationTimestamp),
    ),
    column('Type', o => o.type ?? ''),
    column('Reason', o => o.reason ?? ''),
    column(
      'Object',
      o =>
        `${String(o.involvedObject?.kind ?? '').toLowerCase()}/${
          o.involvedObject?.name ?? ''
        }`,
    ),
    column('Message', o => o.message ?? ''),
  ],
  PersistentVolumeClaim: [
    NAME,
    column('Status', o => o.status?.phase ?? 'Pending'),
    column('Volume', o => o.spec?.volumeName ?? ''),
    column('Capacity', o => o.status?.capacity?.storage ?? ''),
    column('Access Modes', o =>
      (o.status?.accessModes ?? [])
        .map(
          (m: string) =>
            ({
              ReadWriteOnce: 'RWO',
              ReadOnlyMany: 'ROX',
              ReadWriteMany: 'RWX',
              ReadWriteOncePod: 'RWOP',
            }[m] ?? m),
        )
        .join(','),
    ),
    column('StorageClass', o => o.spec?.storageClassName ?? '<unset>'),
    AGE,
  ],
  CustomResourceDefinition: [
    NAME,
    column('Created At', o => o.metadata.creationTimestamp ?? '', {
      type: 'date',
    }),
  ],
};

/** The columns for a resource: built-in printers, a CRD's printer columns, or Name and Age. */
export function tableColumns(type: ResourceType): TableColumn[] {
  if (type.builtin) {
    return BUILTIN[type.kind] ?? [NAME, AGE];
  }
  const custom = type.printerColumns.map(c =>
    column(
      c.name,
      o => {
        const value = getPath(o, c.jsonPath);
        return c.type === 'date' && typeof value === 'string'
          ? age(value)
          : value ?? '';
      },
      {
        type: c.type,
        priority: c.priority ?? 0,
        description: c.description ?? c.name,
        format: c.format,
      },
    ),
  );
  return [
    NAME,
    ...custom,
    ...(custom.some(c => c.name === 'Age') ? [] : [AGE]),
  ];
}
