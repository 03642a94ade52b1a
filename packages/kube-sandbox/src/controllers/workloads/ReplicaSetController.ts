import { SandboxApi } from '../../api/SandboxApi';
import { LabelSelector } from '../../store/LabelSelector';
import { KubeObject, StoreEvent } from '../../store/types';
import { deepEqual, JsonMap } from '../../util/json';
import { Reconciler } from '../Controller';
import { EventRecorder } from '../EventRecorder';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import {
  controllerOf,
  isControlledBy,
  isPodActive,
  isPodReady,
  podFromTemplate,
} from './pods';

const REPLICA_SETS = 'apps/replicasets';

/**
 * The ReplicaSet controller: keeps `spec.replicas` active pods from the template (deleting the
 * least ready, newest ones first when scaling down) and writes the replica counts.
 */
export class ReplicaSetController implements Reconciler {
  readonly name = 'replicasets';
  readonly #api: SandboxApi;
  readonly #events: EventRecorder;

  private constructor(api: SandboxApi) {
    this.#api = api;
    this.#events = EventRecorder.create({
      api,
      component: 'replicaset-controller',
    });
  }

  static create(options: { api: SandboxApi }): ReplicaSetController {
    return new ReplicaSetController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === REPLICA_SETS) {
      return [objectKey(event.namespace, event.name)];
    }
    if (event.resourceKey === '/pods') {
      const owner = controllerOf(event.object);
      return owner?.kind === 'ReplicaSet'
        ? [objectKey(event.namespace, owner.name)]
        : [];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(REPLICA_SETS)
      .map(o => objectKey(o.metadata.namespace, o.metadata.name!));
  }

  reconcile(key: string) {
    const { namespace, name } = splitObjectKey(key);
    const replicaSet = this.#api.store.get(REPLICA_SETS, namespace, name);
    if (!replicaSet || replicaSet.metadata.deletionTimestamp) {
      return;
    }
    const selector = LabelSelector.fromSpec(replicaSet.spec.selector);
    const pods = this.#api.store
      .list('/pods', namespace)
      .filter(
        pod =>
          isControlledBy(pod, replicaSet) &&
          selector.matches(pod.metadata.labels),
      );
    const active = pods.filter(isPodActive);
    const desired: number = replicaSet.spec.replicas ?? 1;
    const podScope = this.#api.scope('v1', 'Pod', namespace);
    for (let i = active.length; i < desired; i++) {
      const { object: pod } = this.#api.create(
        podScope,
        podFromTemplate(replicaSet.spec.template, replicaSet, {
          generateName: `${name}-`,
        }),
        { fieldManager: 'kube-controller-manager' },
      );
      this.#events.normal(
        replicaSet,
        'SuccessfulCreate',
        `Created pod: ${pod.metadata.name}`,
      );
    }
    if (active.length > desired) {
      // Unready pods go first, then the newest.
      const victims = [...active]
        .sort(
          (a, b) =>
            Number(isPodReady(a)) - Number(isPodReady(b)) ||
            String(b.metadata.creationTimestamp).localeCompare(
              String(a.metadata.creationTimestamp),
            ) ||
            String(b.metadata.name).localeCompare(String(a.metadata.name)),
        )
        .slice(0, active.length - desired);
      for (const pod of victims) {
        this.#api.delete(podScope, pod.metadata.name!, {});
        this.#events.normal(
          replicaSet,
          'SuccessfulDelete',
          `Deleted pod: ${pod.metadata.name}`,
        );
      }
    }
    const current = this.#api.store
      .list('/pods', namespace)
      .filter(pod => isControlledBy(pod, replicaSet) && isPodActive(pod));
    const ready = current.filter(isPodReady).length;
    const labelled = current.filter(p =>
      selector.matches(p.metadata.labels),
    ).length;
    // Counts that are zero are left out, as the API's omitempty does.
    const status: JsonMap = {
      replicas: current.length,
      ...(labelled ? { fullyLabeledReplicas: labelled } : {}),
      ...(ready ? { readyReplicas: ready, availableReplicas: ready } : {}),
      observedGeneration: replicaSet.metadata.generation,
    };
    if (!deepEqual(status, replicaSet.status)) {
      this.#writeStatus(replicaSet, status);
    }
  }

  #writeStatus(replicaSet: KubeObject, status: JsonMap): void {
    this.#api.update(
      this.#api.scope('apps/v1', 'ReplicaSet', replicaSet.metadata.namespace),
      replicaSet.metadata.name!,
      { ...replicaSet, status },
      { subresource: 'status', fieldManager: 'kube-controller-manager' },
    );
  }
}
