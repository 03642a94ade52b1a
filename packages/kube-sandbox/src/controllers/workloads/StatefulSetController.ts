import { ApiError } from '../../api/ApiError';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { clone, deepEqual, JsonMap } from '../../util/json';
import { Reconciler } from '../Controller';
import { EventRecorder } from '../EventRecorder';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import {
  controllerOf,
  isControlledBy,
  isPodActive,
  isPodReady,
  podFromTemplate,
  templateHash,
} from './pods';

const STATEFUL_SETS = 'apps/statefulsets';
const REVISION_LABEL = 'controller-revision-hash';
const MANAGER = 'kube-controller-manager';

/**
 * The StatefulSet controller: pods `<name>-0…<name>-N` with their identity labels, created in
 * order (each waits for the previous to be Ready) or all at once (Parallel), removed from the
 * highest ordinal; a claim per `volumeClaimTemplates` entry and pod (Bound at once); template
 * changes roll out from the highest ordinal, one pod at a time (RollingUpdate with partition).
 */
export class StatefulSetController implements Reconciler {
  readonly name = 'statefulsets';
  readonly #api: SandboxApi;
  readonly #events: EventRecorder;

  private constructor(api: SandboxApi) {
    this.#api = api;
    this.#events = EventRecorder.create({
      api,
      component: 'statefulset-controller',
    });
  }

  static create(options: { api: SandboxApi }): StatefulSetController {
    return new StatefulSetController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === STATEFUL_SETS) {
      return [objectKey(event.namespace, event.name)];
    }
    if (event.resourceKey === '/pods') {
      const owner = controllerOf(event.object);
      return owner?.kind === 'StatefulSet'
        ? [objectKey(event.namespace, owner.name)]
        : [];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(STATEFUL_SETS)
      .map(o => objectKey(o.metadata.namespace, o.metadata.name!));
  }

  reconcile(key: string) {
    const { namespace, name } = splitObjectKey(key);
    const statefulSet = this.#api.store.get(STATEFUL_SETS, namespace, name);
    if (!statefulSet || statefulSet.metadata.deletionTimestamp) {
      return;
    }
    const spec: JsonMap = statefulSet.spec;
    const desired: number = spec.replicas ?? 1;
    const revision = `${name}-${templateHash(spec.template)}`;
    const ordered =
      (spec.podManagementPolicy ?? 'OrderedReady') === 'OrderedReady';
    const podScope = this.#api.scope('v1', 'Pod', namespace);
    const podAt = (ordinal: number) => {
      const pod = this.#api.store.get('/pods', namespace, `${name}-${ordinal}`);
      return pod && isControlledBy(pod, statefulSet) ? pod : undefined;
    };

    for (let ordinal = 0; ordinal < desired; ordinal++) {
      const pod = podAt(ordinal);
      if (!pod) {
        this.#ensureClaims(statefulSet, ordinal);
        this.#api.create(podScope, this.#pod(statefulSet, ordinal, revision), {
          fieldManager: MANAGER,
        });
        this.#events.normal(
          statefulSet,
          'SuccessfulCreate',
          `create Pod ${name}-${ordinal} in StatefulSet ${name} successful`,
        );
        if (ordered) {
          break;
        }
      } else if (ordered && !(isPodActive(pod) && isPodReady(pod))) {
        break;
      }
    }
    const extra = this.#api.store
      .list('/pods', namespace)
      .filter(
        pod =>
          isControlledBy(pod, statefulSet) &&
          ordinalOf(pod, name) >= desired &&
          !pod.metadata.deletionTimestamp,
      )
      .sort((a, b) => ordinalOf(b, name) - ordinalOf(a, name));
    for (const pod of ordered ? extra.slice(0, 1) : extra) {
      this.#api.delete(podScope, pod.metadata.name!, {});
      this.#events.normal(
        statefulSet,
        'SuccessfulDelete',
        `delete Pod ${pod.metadata.name} in StatefulSet ${name} successful`,
      );
    }
    this.#rollOut(statefulSet, revision, desired);
    this.#writeStatus(statefulSet, revision);
  }

  #pod(statefulSet: KubeObject, ordinal: number, revision: string): KubeObject {
    const name = `${statefulSet.metadata.name}-${ordinal}`;
    const pod = podFromTemplate(statefulSet.spec.template, statefulSet, {
      name,
      labels: {
        [REVISION_LABEL]: revision,
        'statefulset.kubernetes.io/pod-name': name,
        'apps.kubernetes.io/pod-index': String(ordinal),
      },
    });
    pod.spec.hostname = name;
    if (statefulSet.spec.serviceName) {
      pod.spec.subdomain = statefulSet.spec.serviceName;
    }
    const claims: JsonMap[] = statefulSet.spec.volumeClaimTemplates ?? [];
    if (claims.length) {
      const volumes: JsonMap[] = (pod.spec.volumes ?? []).filter(
        (v: JsonMap) => !claims.some(c => c.metadata?.name === v.name),
      );
      for (const claim of claims) {
        volumes.push({
          name: claim.metadata.name,
          persistentVolumeClaim: {
            claimName: `${claim.metadata.name}-${name}`,
          },
        });
      }
      pod.spec.volumes = volumes;
    }
    return pod;
  }

  #ensureClaims(statefulSet: KubeObject, ordinal: number): void {
    const namespace = statefulSet.metadata.namespace;
    const scope = this.#api.scope('v1', 'PersistentVolumeClaim', namespace);
    for (const template of statefulSet.spec.volumeClaimTemplates ?? []) {
      const claimName = `${template.metadata.name}-${statefulSet.metadata.name}-${ordinal}`;
      if (
        this.#api.store.get('/persistentvolumeclaims', namespace!, claimName)
      ) {
        continue;
      }
      try {
        const { object } = this.#api.create(
          scope,
          {
            metadata: {
              name: claimName,
              labels: {
                ...template.metadata.labels,
                ...statefulSet.spec.selector?.matchLabels,
              },
            },
            spec: { volumeMode: 'Filesystem', ...clone(template.spec) },
          },
          { fieldManager: MANAGER },
        );
        this.#api.update(
          scope,
          claimName,
          {
            ...object,
            status: {
              phase: 'Bound',
              accessModes: object.spec.accessModes,
              capacity: object.spec.resources?.requests,
            },
          },
          { subresource: 'status', fieldManager: MANAGER },
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 409)) {
          throw error;
        }
      }
    }
  }

  /** Replaces one outdated pod at a time, from the highest ordinal, once all are Ready. */
  #rollOut(statefulSet: KubeObject, revision: string, desired: number): void {
    const strategy = statefulSet.spec.updateStrategy ?? {};
    if (strategy.type === 'OnDelete') {
      return;
    }
    const partition: number = strategy.rollingUpdate?.partition ?? 0;
    const name = statefulSet.metadata.name!;
    const pods = this.#api.store
      .list('/pods', statefulSet.metadata.namespace)
      .filter(p => isControlledBy(p, statefulSet));
    const settled =
      pods.length === desired &&
      pods.every(p => isPodActive(p) && isPodReady(p));
    if (!settled) {
      return;
    }
    const outdated = pods
      .filter(
        p =>
          p.metadata.labels?.[REVISION_LABEL] !== revision &&
          ordinalOf(p, name) >= partition,
      )
      .sort((a, b) => ordinalOf(b, name) - ordinalOf(a, name));
    if (outdated.length) {
      this.#api.delete(
        this.#api.scope('v1', 'Pod', statefulSet.metadata.namespace),
        outdated[0].metadata.name!,
        {},
      );
    }
  }

  #writeStatus(statefulSet: KubeObject, revision: string): void {
    const { namespace, name } = statefulSet.metadata;
    const current =
      this.#api.store.get(STATEFUL_SETS, namespace!, name!) ?? statefulSet;
    const pods = this.#api.store
      .list('/pods', namespace)
      .filter(p => isControlledBy(p, current) && isPodActive(p));
    const ready = pods.filter(isPodReady).length;
    const updated = pods.filter(
      p => p.metadata.labels?.[REVISION_LABEL] === revision,
    ).length;
    const desired: number = current.spec.replicas ?? 1;
    const previousRevision: string | undefined =
      current.status?.currentRevision;
    const currentRevision =
      updated === desired || !previousRevision ? revision : previousRevision;
    const atCurrent = pods.filter(
      p => p.metadata.labels?.[REVISION_LABEL] === currentRevision,
    ).length;
    const status: JsonMap = {
      observedGeneration: current.metadata.generation,
      replicas: pods.length,
      ...(ready
        ? { readyReplicas: ready, availableReplicas: ready }
        : { availableReplicas: 0 }),
      ...(atCurrent ? { currentReplicas: atCurrent } : {}),
      ...(updated ? { updatedReplicas: updated } : {}),
      currentRevision,
      updateRevision: revision,
      collisionCount: 0,
    };
    if (!deepEqual(status, current.status)) {
      this.#api.update(
        this.#api.scope('apps/v1', 'StatefulSet', namespace),
        name!,
        { ...current, status },
        {
          subresource: 'status',
          fieldManager: MANAGER,
        },
      );
    }
  }
}

function ordinalOf(pod: KubeObject, name: string): number {
  return Number(pod.metadata.name!.slice(name.length + 1));
}
