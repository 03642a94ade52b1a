import { ListSemantics } from './ResourceType';

const byKey = (key: string): ListSemantics => ({ type: 'map', key });

/** Lists in every object's metadata (their `patchStrategy` tags in ObjectMeta). */
const METADATA_LISTS: Record<string, ListSemantics> = {
  'metadata.finalizers': { type: 'set' },
  'metadata.ownerReferences': byKey('uid'),
};

/**
 * Lists of a PodSpec, relative to it, with the patch merge keys of k8s.io/api/core/v1 (init and
 * ephemeral containers share the container entries).
 */
const POD_SPEC_LISTS: Record<string, ListSemantics> = {
  containers: byKey('name'),
  'containers.env': byKey('name'),
  'containers.ports': byKey('containerPort'),
  'containers.volumeMounts': byKey('mountPath'),
  'containers.volumeDevices': byKey('devicePath'),
  'containers.resizePolicy': byKey('resourceName'),
  volumes: byKey('name'),
  imagePullSecrets: byKey('name'),
  hostAliases: byKey('ip'),
  topologySpreadConstraints: byKey('topologyKey'),
  resourceClaims: byKey('name'),
  schedulingGates: byKey('name'),
};

/** Where each built-in kind keeps a PodSpec. */
const POD_SPEC_ROOTS: Record<string, string> = {
  Pod: 'spec',
  PodTemplate: 'template.spec',
  Deployment: 'spec.template.spec',
  ReplicaSet: 'spec.template.spec',
  StatefulSet: 'spec.template.spec',
  DaemonSet: 'spec.template.spec',
  Job: 'spec.template.spec',
  CronJob: 'spec.jobTemplate.spec.template.spec',
};

/** Other lists of built-in kinds that merge by key. */
const KIND_LISTS: Record<string, Record<string, ListSemantics>> = {
  Service: { 'spec.ports': byKey('port') },
  ServiceAccount: { secrets: byKey('name'), imagePullSecrets: byKey('name') },
};

/**
 * The list semantics function of a kind. Built-in kinds know their merge keys; custom resources
 * only have the metadata lists, everything else is atomic (a CRD schema's list types are not
 * read).
 */
export function listSemanticsFor(
  kind: string,
  builtin: boolean,
): (path: readonly string[]) => ListSemantics | undefined {
  const podSpecRoot = builtin ? POD_SPEC_ROOTS[kind] : undefined;
  const kindLists = builtin ? KIND_LISTS[kind] ?? {} : {};
  return path => {
    const dotted = path.join('.');
    const fixed = METADATA_LISTS[dotted] ?? kindLists[dotted];
    if (fixed) {
      return fixed;
    }
    if (!builtin) {
      return undefined;
    }
    if (
      path.length >= 2 &&
      path[0] === 'status' &&
      path[path.length - 1] === 'conditions'
    ) {
      return byKey('type');
    }
    if (podSpecRoot && dotted.startsWith(`${podSpecRoot}.`)) {
      const relative = dotted
        .slice(podSpecRoot.length + 1)
        .replace(/^(initContainers|ephemeralContainers)(\.|$)/, 'containers$2');
      return POD_SPEC_LISTS[relative];
    }
    return undefined;
  };
}
