import { randomBytes } from 'node:crypto';
import { ApiError } from '../../api/ApiError';
import { SandboxApi } from '../../api/SandboxApi';
import { RequestScope } from '../../api/types';
import { KubeObject, StoreEvent } from '../../store/types';
import { deepEqual, JsonMap, timestamp } from '../../util/json';
import { Reconciler, ReconcileResult } from '../Controller';
import { EventRecorder } from '../EventRecorder';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import {
  ContainerOutcome,
  defaultOutcome,
  WorkloadSettings,
} from './ContainerRuntime';
import { PodLogs } from './PodLogs';
import { ContainerRuntimeState, PodRuntime } from './PodRuntime';
import { podStatus, terminatedState } from './podStatus';
import { isPodFinished } from './pods';

export const NODE_NAME = 'sandbox-node';

/**
 * The scheduler and the kubelet of the single sandbox node: pods are bound, their containers
 * go ContainerCreating → Running → Ready after the configured delays, or do what the container
 * runner says (exit with a code and output, crash-loop, fail to pull), with restarts as the
 * pod's restartPolicy asks. Status is written as the kubelet writes it; logs are kept for
 * `pods/log`; a graceful delete ends with the kubelet's final delete.
 */
export class KubeletSimulator implements Reconciler {
  readonly name = 'kubelet';
  readonly #api: SandboxApi;
  readonly #settings: WorkloadSettings;
  readonly #logs: PodLogs;
  readonly #runtimes = new Map<string, PodRuntime>();
  readonly #scheduler: EventRecorder;
  readonly #events: EventRecorder;
  #nextIp = 2;

  private constructor(options: {
    api: SandboxApi;
    settings: WorkloadSettings;
    logs: PodLogs;
  }) {
    this.#api = options.api;
    this.#settings = options.settings;
    this.#logs = options.logs;
    this.#scheduler = EventRecorder.create({
      api: options.api,
      component: 'default-scheduler',
    });
    this.#events = EventRecorder.create({
      api: options.api,
      component: 'kubelet',
      host: NODE_NAME,
    });
  }

  static create(options: {
    api: SandboxApi;
    settings: WorkloadSettings;
    logs: PodLogs;
  }): KubeletSimulator {
    return new KubeletSimulator(options);
  }

  keysFor(event: StoreEvent): string[] {
    return event.resourceKey === '/pods'
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list('/pods')
      .map(p => objectKey(p.metadata.namespace, p.metadata.name!));
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = splitObjectKey(key);
    let pod = this.#api.store.get('/pods', namespace, name);
    if (!pod) {
      this.#forget(key, namespace, name);
      return undefined;
    }
    const scope = this.#api.scope('v1', 'Pod', namespace);
    if (pod.metadata.deletionTimestamp) {
      return this.#terminate(scope, pod, key);
    }
    if (isPodFinished(pod)) {
      return undefined;
    }
    if (!pod.spec?.nodeName) {
      pod = this.#api.bindPod(namespace, name, NODE_NAME);
      this.#scheduler.normal(
        pod,
        'Scheduled',
        `Successfully assigned ${namespace}/${name} to ${NODE_NAME}`,
      );
    }
    let runtime = this.#runtimes.get(key);
    if (!runtime || runtime.uid !== pod.metadata.uid) {
      runtime = this.#newRuntime(pod);
      this.#runtimes.set(key, runtime);
    }
    const wakeAt = await this.#advance(pod, runtime);
    const status = podStatus(pod, runtime, this.#settings);
    if (!deepEqual(status, pod.status)) {
      this.#api.update(
        scope,
        name,
        { ...pod, status },
        { subresource: 'status', fieldManager: 'kubelet' },
      );
    }
    return wakeAt === undefined
      ? undefined
      : { requeueAfterMs: Math.max(1, wakeAt - Date.now()) };
  }

  #forget(key: string, namespace: string, name: string): void {
    this.#runtimes.delete(key);
    this.#logs.forget(namespace, name);
  }

  #newRuntime(pod: KubeObject): PodRuntime {
    const n = this.#nextIp++;
    const container = (c: JsonMap, init: boolean): ContainerRuntimeState => ({
      name: c.name,
      image: c.image,
      init,
      phase: 'waiting',
      since: Date.now(),
      restartCount: 0,
      ready: false,
    });
    return {
      uid: pod.metadata.uid!,
      createdAt: Date.now(),
      podIP: `10.244.${(n >> 8) & 255}.${n & 255}`,
      startTime: timestamp(),
      containers: [
        ...(pod.spec.initContainers ?? []).map((c: JsonMap) =>
          container(c, true),
        ),
        ...(pod.spec.containers ?? []).map((c: JsonMap) => container(c, false)),
      ],
    };
  }

  /** Moves every container as far as time allows; returns when to look again (ms), if ever. */
  async #advance(
    pod: KubeObject,
    runtime: PodRuntime,
  ): Promise<number | undefined> {
    const settings = this.#settings;
    const now = Date.now();
    const wakeTimes: number[] = [];
    const restartPolicy: string = pod.spec.restartPolicy ?? 'Always';
    const created = runtime.createdAt + settings.startDelayMs;
    if (now < created) {
      return created;
    }
    const inits = runtime.containers.filter(c => c.init);
    const pendingInit = inits.find(
      c => !(c.phase === 'terminated' && c.exitCode === 0),
    );
    const active = pendingInit
      ? [pendingInit]
      : runtime.containers.filter(c => !c.init);
    for (const container of active) {
      const wake = await this.#advanceContainer(
        pod,
        container,
        restartPolicy,
        now,
      );
      if (wake !== undefined) {
        wakeTimes.push(wake);
      }
    }
    if (
      pendingInit &&
      pendingInit.phase === 'terminated' &&
      pendingInit.exitCode === 0
    ) {
      // The next init container or the main ones start right away.
      wakeTimes.push(now);
    }
    return wakeTimes.length ? Math.min(...wakeTimes) : undefined;
  }

  async #advanceContainer(
    pod: KubeObject,
    container: ContainerRuntimeState,
    restartPolicy: string,
    now: number,
  ): Promise<number | undefined> {
    const settings = this.#settings;
    const { namespace, name } = pod.metadata;
    switch (container.phase) {
      case 'waiting':
      case 'pullError': {
        if (
          container.phase === 'pullError' &&
          now < container.since + settings.crashBackoffMs
        ) {
          return container.since + settings.crashBackoffMs;
        }
        const outcome = await this.#outcome(pod, container);
        const fieldPath = containerFieldPath(container);
        if (outcome.kind === 'imagePullError') {
          container.pullBackOff = container.phase === 'pullError';
          container.phase = 'pullError';
          container.since = now;
          container.last = { message: outcome.message };
          this.#recordPullFailure(pod, container, fieldPath);
          return now + settings.crashBackoffMs;
        }
        const events = this.#events;
        events.normal(
          pod,
          'Pulled',
          `Container image "${container.image}" already present on machine`,
          fieldPath,
        );
        events.normal(
          pod,
          'Created',
          `Created container: ${container.name}`,
          fieldPath,
        );
        events.normal(
          pod,
          'Started',
          `Started container ${container.name}`,
          fieldPath,
        );
        container.phase = 'running';
        container.since = now;
        container.startedAt = timestamp();
        container.containerId = `containerd://${randomBytes(32).toString(
          'hex',
        )}`;
        container.last =
          container.restartCount > 0 ? container.last : undefined;
        this.#logs.append(
          namespace!,
          name!,
          container.name,
          outcome.logs ?? '',
        );
        return now;
      }
      case 'running': {
        const outcome = container.outcome!;
        if (outcome.kind === 'run') {
          if (
            !container.ready &&
            now >= container.since + settings.readyDelayMs
          ) {
            container.ready = true;
          }
          return container.ready
            ? undefined
            : container.since + settings.readyDelayMs;
        }
        const runMs = outcome.kind === 'exit' ? outcome.runMs ?? 0 : 0;
        if (now < container.since + runMs) {
          return container.since + runMs;
        }
        container.phase = 'terminated';
        container.since = now;
        container.ready = false;
        container.finishedAt = timestamp();
        container.exitCode = exitCodeOf(outcome);
        this.#logs.end(namespace!, name!, container.name);
        return now;
      }
      case 'terminated': {
        const restarts =
          restartPolicy === 'Always' ||
          (restartPolicy === 'OnFailure' && container.exitCode !== 0);
        if (!restarts) {
          return undefined;
        }
        container.phase = 'backoff';
        container.since = now;
        this.#events.warning(
          pod,
          'BackOff',
          `Back-off restarting failed container ${container.name} in pod ${name}_${namespace}(${pod.metadata.uid})`,
          containerFieldPath(container),
        );
        return now + settings.crashBackoffMs;
      }
      default: {
        // Back-off before the next attempt.
        if (now < container.since + settings.crashBackoffMs) {
          return container.since + settings.crashBackoffMs;
        }
        container.last = { terminated: terminatedState(container) };
        container.restartCount++;
        container.outcome = undefined;
        container.phase = 'waiting';
        container.since = now;
        this.#logs.restart(namespace!, name!, container.name);
        return now;
      }
    }
  }

  /** What the kubelet records for a failed pull, and for the back-off after it. */
  #recordPullFailure(
    pod: KubeObject,
    container: ContainerRuntimeState,
    fieldPath: string,
  ): void {
    const image = `"${container.image}"`;
    if (container.pullBackOff) {
      this.#events.normal(
        pod,
        'BackOff',
        `Back-off pulling image ${image}`,
        fieldPath,
      );
      this.#events.warning(pod, 'Failed', 'Error: ImagePullBackOff', fieldPath);
      return;
    }
    this.#events.normal(pod, 'Pulling', `Pulling image ${image}`, fieldPath);
    this.#events.warning(
      pod,
      'Failed',
      `Failed to pull image ${image}: ${
        container.last?.message ?? 'pull failed'
      }`,
      fieldPath,
    );
    this.#events.warning(pod, 'Failed', 'Error: ErrImagePull', fieldPath);
  }

  async #outcome(
    pod: KubeObject,
    container: ContainerRuntimeState,
  ): Promise<ContainerOutcome> {
    const spec =
      (container.init ? pod.spec.initContainers : pod.spec.containers)?.find(
        (c: JsonMap) => c.name === container.name,
      ) ?? {};
    const context = {
      pod,
      container: spec,
      restartCount: container.restartCount,
      init: container.init,
    };
    container.outcome =
      (await this.#settings.runContainer?.(context)) ?? defaultOutcome(context);
    return container.outcome;
  }

  #terminate(
    scope: RequestScope,
    pod: KubeObject,
    key: string,
  ): ReconcileResult | undefined {
    if (!pod.metadata.deletionGracePeriodSeconds) {
      return undefined;
    }
    const runtime = this.#runtimes.get(key);
    if (runtime && runtime.terminatingSince === undefined) {
      runtime.containers
        .filter(c => c.phase === 'running')
        .forEach(c =>
          this.#events.normal(
            pod,
            'Killing',
            `Stopping container ${c.name}`,
            containerFieldPath(c),
          ),
        );
    }
    const since = runtime?.terminatingSince ?? Date.now();
    if (runtime) {
      runtime.terminatingSince = since;
    }
    const due = since + this.#settings.terminationDelayMs;
    if (Date.now() < due) {
      return { requeueAfterMs: due - Date.now() };
    }
    try {
      this.#api.delete(scope, pod.metadata.name!, {
        gracePeriodSeconds: 0,
        preconditions: { uid: pod.metadata.uid },
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 404)) {
        throw error;
      }
    }
    return undefined;
  }
}

/** The kubelet's `involvedObject.fieldPath` for a container: `spec.containers{app}`. */
function containerFieldPath(container: ContainerRuntimeState): string {
  return `spec.${container.init ? 'initContainers' : 'containers'}{${
    container.name
  }}`;
}

/** A crash exits 1 unless told otherwise; `run` and pull failures never exit. */
function exitCodeOf(outcome: ContainerOutcome): number {
  switch (outcome.kind) {
    case 'exit':
      return outcome.exitCode;
    case 'crash':
      return outcome.exitCode ?? 1;
    default:
      return 0;
  }
}
