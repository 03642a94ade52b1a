import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { clone, deepEqual, JsonMap, timestamp } from '../../util/json';
import { Condition, findCondition, setCondition } from '../conditions';
import { Reconciler, ReconcileResult } from '../Controller';
import { EventRecorder } from '../EventRecorder';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import {
  controllerOf,
  controllerReference,
  isControlledBy,
  isPodActive,
  templateHash,
} from './pods';

const DEPLOYMENTS = 'apps/deployments';
const REPLICA_SETS = 'apps/replicasets';
const REVISION = 'deployment.kubernetes.io/revision';
const HASH_LABEL = 'pod-template-hash';
const MANAGER = 'kube-controller-manager';

function revisionOf(object: KubeObject): number {
  return Number(object.metadata.annotations?.[REVISION] ?? 0);
}

/** An int-or-percent of `total` (`25%`), rounded as the deployment controller rounds it. */
function scaledValue(
  value: number | string | undefined,
  total: number,
  roundUp: boolean,
): number {
  if (typeof value === 'number') {
    return value;
  }
  const percent = Number(String(value ?? '0').replace('%', '')) / 100;
  return roundUp ? Math.ceil(percent * total) : Math.floor(percent * total);
}

/**
 * The Deployment controller: a ReplicaSet per pod template (named and labelled with the
 * template hash, revision annotations), the old ones scaled down once the new one is available
 * (RollingUpdate, with every new pod created at once) or before it starts (Recreate), history
 * trimmed to `revisionHistoryLimit`, and the status with its Available and Progressing
 * conditions as the real controller words them, including ProgressDeadlineExceeded.
 */
export class DeploymentController implements Reconciler {
  readonly name = 'deployments';
  readonly #api: SandboxApi;
  readonly #events: EventRecorder;

  private constructor(api: SandboxApi) {
    this.#api = api;
    this.#events = EventRecorder.create({
      api,
      component: 'deployment-controller',
    });
  }

  static create(options: { api: SandboxApi }): DeploymentController {
    return new DeploymentController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === DEPLOYMENTS) {
      return [objectKey(event.namespace, event.name)];
    }
    if (event.resourceKey === REPLICA_SETS) {
      const owner = controllerOf(event.object);
      return owner?.kind === 'Deployment'
        ? [objectKey(event.namespace, owner.name)]
        : [];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(DEPLOYMENTS)
      .map(o => objectKey(o.metadata.namespace, o.metadata.name!));
  }

  reconcile(key: string): ReconcileResult | void {
    const { namespace, name } = splitObjectKey(key);
    const deployment = this.#api.store.get(DEPLOYMENTS, namespace, name);
    if (!deployment || deployment.metadata.deletionTimestamp) {
      return undefined;
    }
    const replicaSets = this.#api.store
      .list(REPLICA_SETS, namespace)
      .filter(
        rs => isControlledBy(rs, deployment) && !rs.metadata.deletionTimestamp,
      );
    const hash = templateHash(deployment.spec.template);
    const maxRevision = Math.max(0, ...replicaSets.map(revisionOf));
    let newReplicaSet = replicaSets.find(
      rs => rs.metadata.labels?.[HASH_LABEL] === hash,
    );
    const oldReplicaSets = replicaSets.filter(rs => rs !== newReplicaSet);
    const desired: number = deployment.spec.replicas ?? 1;
    let created = false;

    if (!deployment.spec.paused) {
      const oldActive = oldReplicaSets.reduce(
        (sum, rs) => sum + (rs.status?.replicas ?? 0),
        0,
      );
      const recreate = deployment.spec.strategy?.type === 'Recreate';
      const newTarget = recreate && oldActive > 0 ? 0 : desired;
      if (!newReplicaSet) {
        newReplicaSet = this.#createReplicaSet(
          deployment,
          hash,
          maxRevision + 1,
          newTarget,
        );
        created = true;
      } else {
        const revision =
          revisionOf(newReplicaSet) < maxRevision
            ? maxRevision + 1
            : revisionOf(newReplicaSet);
        newReplicaSet = this.#scale(
          deployment,
          newReplicaSet,
          newTarget,
          revision,
          desired,
        );
      }
      const newAvailable = newReplicaSet.status?.availableReplicas ?? 0;
      if (recreate || newAvailable >= desired) {
        for (const old of oldReplicaSets) {
          this.#scale(deployment, old, 0, revisionOf(old), desired);
        }
      }
      this.#trimHistory(deployment, oldReplicaSets);
      this.#annotateRevision(deployment, revisionOf(newReplicaSet));
    }
    return this.#writeStatus(deployment, newReplicaSet, replicaSets, created);
  }

  #createReplicaSet(
    deployment: KubeObject,
    hash: string,
    revision: number,
    replicas: number,
  ): KubeObject {
    const template = clone(deployment.spec.template);
    template.metadata = {
      ...template.metadata,
      labels: { ...template.metadata?.labels, [HASH_LABEL]: hash },
    };
    const selector = clone(deployment.spec.selector);
    selector.matchLabels = { ...selector.matchLabels, [HASH_LABEL]: hash };
    const { object } = this.#api.create(
      this.#api.scope('apps/v1', 'ReplicaSet', deployment.metadata.namespace),
      {
        metadata: {
          name: `${deployment.metadata.name}-${hash}`,
          labels: template.metadata.labels,
          annotations: this.#annotations(deployment, revision),
          ownerReferences: [controllerReference(deployment)],
        },
        spec: {
          replicas,
          minReadySeconds: deployment.spec.minReadySeconds ?? 0,
          selector,
          template,
        },
      },
      { fieldManager: MANAGER },
    );
    if (replicas > 0) {
      this.#recordScaling(deployment, object, 0, replicas);
    }
    return object;
  }

  /** The deployment controller's ScalingReplicaSet event, as `kubectl describe` shows it. */
  #recordScaling(
    deployment: KubeObject,
    replicaSet: KubeObject,
    from: number,
    to: number,
  ): void {
    this.#events.normal(
      deployment,
      'ScalingReplicaSet',
      `Scaled ${to > from ? 'up' : 'down'} replica set ${
        replicaSet.metadata.name
      } from ${from} to ${to}`,
    );
  }

  #annotations(
    deployment: KubeObject,
    revision: number,
  ): Record<string, string> {
    const desired = deployment.spec.replicas ?? 1;
    const maxSurge = scaledValue(
      deployment.spec.strategy?.rollingUpdate?.maxSurge,
      desired,
      true,
    );
    return {
      'deployment.kubernetes.io/desired-replicas': String(desired),
      'deployment.kubernetes.io/max-replicas': String(desired + maxSurge),
      [REVISION]: String(revision),
    };
  }

  #scale(
    deployment: KubeObject,
    replicaSet: KubeObject,
    replicas: number,
    revision: number,
    desired: number,
  ): KubeObject {
    const annotations = {
      ...replicaSet.metadata.annotations,
      'deployment.kubernetes.io/desired-replicas': String(desired),
      [REVISION]: String(revision),
    };
    if (
      replicaSet.spec.replicas === replicas &&
      deepEqual(annotations, replicaSet.metadata.annotations)
    ) {
      return replicaSet;
    }
    const next = clone(replicaSet);
    next.spec.replicas = replicas;
    next.metadata.annotations = annotations;
    const { object } = this.#api.update(
      this.#api.scope('apps/v1', 'ReplicaSet', replicaSet.metadata.namespace),
      replicaSet.metadata.name!,
      next,
      { fieldManager: MANAGER },
    );
    const from: number = replicaSet.spec.replicas ?? 1;
    if (from !== replicas) {
      this.#recordScaling(deployment, object, from, replicas);
    }
    return object;
  }

  #trimHistory(deployment: KubeObject, oldReplicaSets: KubeObject[]): void {
    const limit: number = deployment.spec.revisionHistoryLimit ?? 10;
    const idle = oldReplicaSets
      .filter(
        rs => (rs.spec.replicas ?? 0) === 0 && (rs.status?.replicas ?? 0) === 0,
      )
      .sort((a, b) => revisionOf(a) - revisionOf(b));
    for (const rs of idle.slice(0, Math.max(0, idle.length - limit))) {
      this.#api.delete(
        this.#api.scope('apps/v1', 'ReplicaSet', rs.metadata.namespace),
        rs.metadata.name!,
        {
          propagationPolicy: 'Background',
        },
      );
    }
  }

  #annotateRevision(deployment: KubeObject, revision: number): void {
    if (deployment.metadata.annotations?.[REVISION] === String(revision)) {
      return;
    }
    const next = clone(deployment);
    next.metadata.annotations = {
      ...next.metadata.annotations,
      [REVISION]: String(revision),
    };
    this.#api.update(
      this.#api.scope('apps/v1', 'Deployment', deployment.metadata.namespace),
      deployment.metadata.name!,
      next,
      {
        fieldManager: MANAGER,
      },
    );
  }

  #writeStatus(
    deployment: KubeObject,
    newReplicaSet: KubeObject | undefined,
    replicaSets: KubeObject[],
    created: boolean,
  ): ReconcileResult | undefined {
    const { namespace, name } = deployment.metadata;
    const current =
      this.#api.store.get(DEPLOYMENTS, namespace!, name!) ?? deployment;
    const desired: number = current.spec.replicas ?? 1;
    const sets = replicaSets.map(
      rs =>
        this.#api.store.get(REPLICA_SETS, namespace!, rs.metadata.name!) ?? rs,
    );
    const fresh =
      newReplicaSet &&
      (this.#api.store.get(
        REPLICA_SETS,
        namespace!,
        newReplicaSet.metadata.name!,
      ) ??
        newReplicaSet);
    const pods = this.#api.store
      .list('/pods', namespace)
      .filter(
        pod => isPodActive(pod) && sets.some(rs => isControlledBy(pod, rs)),
      );
    const sum = (field: string) =>
      sets.reduce((total, rs) => total + (rs.status?.[field] ?? 0), 0);
    const replicas = pods.length;
    const updated = fresh
      ? pods.filter(pod => isControlledBy(pod, fresh)).length
      : 0;
    const ready = sum('readyReplicas');
    const available = sum('availableReplicas');
    const maxUnavailable =
      current.spec.strategy?.type === 'Recreate'
        ? 0
        : scaledValue(
            current.spec.strategy?.rollingUpdate?.maxUnavailable,
            desired,
            false,
          );
    const rsName = fresh?.metadata.name;
    const complete =
      updated === desired && replicas === desired && available === desired;
    const previous = current.status;
    const progressed =
      created ||
      previous?.updatedReplicas !== (updated || undefined) ||
      previous?.availableReplicas !== (available || undefined) ||
      previous?.observedGeneration !== current.metadata.generation;
    const deadlineSeconds: number = current.spec.progressDeadlineSeconds ?? 600;
    const progressing = findCondition(previous?.conditions, 'Progressing');
    const lastProgress = progressing?.lastUpdateTime
      ? Date.parse(progressing.lastUpdateTime)
      : Date.now();
    const deadline = lastProgress + deadlineSeconds * 1000;
    let progressCondition: Condition;
    if (created) {
      progressCondition = {
        type: 'Progressing',
        status: 'True',
        reason: 'NewReplicaSetCreated',
        message: `Created new replica set "${rsName}"`,
      };
    } else if (complete) {
      progressCondition = {
        type: 'Progressing',
        status: 'True',
        reason: 'NewReplicaSetAvailable',
        message: `ReplicaSet "${rsName}" has successfully progressed.`,
      };
    } else if (
      !progressed &&
      (progressing?.reason === 'ProgressDeadlineExceeded' ||
        Date.now() >= deadline)
    ) {
      progressCondition = {
        type: 'Progressing',
        status: 'False',
        reason: 'ProgressDeadlineExceeded',
        message: `ReplicaSet "${rsName}" has timed out progressing.`,
      };
    } else {
      progressCondition = {
        type: 'Progressing',
        status: 'True',
        reason: 'ReplicaSetUpdated',
        message: `ReplicaSet "${rsName}" is progressing.`,
      };
    }
    let conditions = setCondition(
      previous?.conditions,
      available >= desired - maxUnavailable
        ? {
            type: 'Available',
            status: 'True',
            reason: 'MinimumReplicasAvailable',
            message: 'Deployment has minimum availability.',
          }
        : {
            type: 'Available',
            status: 'False',
            reason: 'MinimumReplicasUnavailable',
            message: 'Deployment does not have minimum availability.',
          },
      { updateTime: true },
    );
    conditions = setCondition(conditions, progressCondition, {
      updateTime: true,
    });
    if (progressed) {
      // Progress refreshes lastUpdateTime, which the deadline counts from.
      conditions = conditions.map(c =>
        c.type === 'Progressing' ? { ...c, lastUpdateTime: timestamp() } : c,
      );
    }
    conditions = [
      ...conditions.filter(c => c.type === 'Available'),
      ...conditions.filter(c => c.type !== 'Available'),
    ];
    const status: JsonMap = {
      observedGeneration: current.metadata.generation,
      replicas,
      updatedReplicas: updated,
      readyReplicas: ready,
      availableReplicas: available,
      ...(desired - available > 0
        ? { unavailableReplicas: desired - available }
        : {}),
      conditions,
    };
    for (const field of [
      'replicas',
      'updatedReplicas',
      'readyReplicas',
      'availableReplicas',
    ]) {
      if (status[field] === 0) {
        delete status[field];
      }
    }
    if (!deepEqual(status, previous)) {
      this.#api.update(
        this.#api.scope('apps/v1', 'Deployment', namespace),
        name!,
        { ...current, status },
        {
          subresource: 'status',
          fieldManager: MANAGER,
        },
      );
    }
    if (!complete && progressCondition.reason !== 'ProgressDeadlineExceeded') {
      const updateTime = findCondition(
        conditions,
        'Progressing',
      )?.lastUpdateTime;
      const due =
        (updateTime ? Date.parse(updateTime) : Date.now()) +
        deadlineSeconds * 1000;
      return { requeueAfterMs: Math.max(1, due - Date.now()) };
    }
    return undefined;
  }
}
