import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { deepEqual, JsonMap, timestamp } from '../../util/json';
import { Condition, findCondition, setCondition } from '../conditions';
import { Reconciler, ReconcileResult } from '../Controller';
import { EventRecorder } from '../EventRecorder';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import {
  controllerOf,
  isControlledBy,
  isPodActive,
  isPodReady,
  podFromTemplate,
} from './pods';

const JOBS = 'batch/jobs';
const MANAGER = 'kube-controller-manager';

const SUCCESS = {
  reason: 'CompletionsReached',
  message: 'Reached expected number of succeeded pods',
};
const BACKOFF_LIMIT = {
  reason: 'BackoffLimitExceeded',
  message: 'Job has reached the specified backoff limit',
};
const DEADLINE = {
  reason: 'DeadlineExceeded',
  message: 'Job was active longer than specified deadline',
};

function isTrue(job: KubeObject, type: string): boolean {
  return findCondition(job.status?.conditions, type)?.status === 'True';
}

/**
 * The Job controller (non-indexed completions): a pod per attempt, labelled by the Job's
 * template labels (`batch.kubernetes.io/job-name`, `controller-uid`…), up to `parallelism` at
 * a time until `completions` succeed; more failed pods than `backoffLimit` (so the first one
 * with `backoffLimit: 0`) or `activeDeadlineSeconds` fail the Job, with the conditions of
 * Kubernetes 1.31+ (FailureTarget then Failed, SuccessCriteriaMet then Complete); `suspend`
 * removes active pods; `ttlSecondsAfterFinished` deletes a finished Job.
 */
export class JobController implements Reconciler {
  readonly name = 'jobs';
  readonly #api: SandboxApi;
  readonly #retryDelayMs: () => number;
  readonly #events: EventRecorder;

  private constructor(api: SandboxApi, retryDelayMs: () => number) {
    this.#api = api;
    this.#retryDelayMs = retryDelayMs;
    this.#events = EventRecorder.create({ api, component: 'job-controller' });
  }

  /** `retryDelayMs`: how long a failed attempt waits before the next pod (Kubernetes: 10 s, doubling). */
  static create(options: {
    api: SandboxApi;
    retryDelayMs: () => number;
  }): JobController {
    return new JobController(options.api, options.retryDelayMs);
  }

  keysFor(event: StoreEvent): string[] {
    if (event.resourceKey === JOBS) {
      return [objectKey(event.namespace, event.name)];
    }
    if (event.resourceKey === '/pods') {
      const owner = controllerOf(event.object);
      return owner?.kind === 'Job'
        ? [objectKey(event.namespace, owner.name)]
        : [];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(JOBS)
      .map(o => objectKey(o.metadata.namespace, o.metadata.name!));
  }

  reconcile(key: string): ReconcileResult | void {
    const { namespace, name } = splitObjectKey(key);
    const job = this.#api.store.get(JOBS, namespace, name);
    if (!job || job.metadata.deletionTimestamp) {
      return undefined;
    }
    if (isTrue(job, 'Complete') || isTrue(job, 'Failed')) {
      return this.#expire(job);
    }
    const spec: JsonMap = job.spec;
    const pods = this.#api.store
      .list('/pods', namespace)
      .filter(p => isControlledBy(p, job));
    const active = pods.filter(isPodActive);
    const succeeded = pods.filter(p => p.status?.phase === 'Succeeded').length;
    const failed = pods.filter(p => p.status?.phase === 'Failed').length;
    const podScope = this.#api.scope('v1', 'Pod', namespace);
    const now = Date.now();
    let conditions: Condition[] = job.status?.conditions ?? [];
    const startTime: string | undefined =
      job.status?.startTime ?? (spec.suspend ? undefined : timestamp());
    let completionTime: string | undefined;
    let wakeAt: number | undefined;

    const terminal = (
      type: 'FailureTarget' | 'SuccessCriteriaMet',
      fallback: typeof SUCCESS,
    ) => {
      const existing = findCondition(conditions, type);
      const words = existing
        ? { reason: existing.reason!, message: existing.message! }
        : fallback;
      conditions = setCondition(conditions, { type, status: 'True', ...words });
      active.forEach(p => this.#api.delete(podScope, p.metadata.name!, {}));
      if (active.length === 0) {
        const final = type === 'FailureTarget' ? 'Failed' : 'Complete';
        if (!findCondition(conditions, final)) {
          if (final === 'Complete') {
            this.#events.normal(job, 'Completed', 'Job completed');
          } else {
            this.#events.warning(job, words.reason, words.message);
          }
        }
        conditions = setCondition(conditions, {
          type: final,
          status: 'True',
          ...words,
        });
        if (final === 'Complete') {
          completionTime = timestamp();
        }
      }
    };

    const deadline =
      spec.activeDeadlineSeconds && startTime
        ? Date.parse(startTime) + spec.activeDeadlineSeconds * 1000
        : undefined;
    const completions: number | undefined = spec.completions ?? undefined;
    if (isTrue(job, 'FailureTarget') || failed > (spec.backoffLimit ?? 6)) {
      terminal('FailureTarget', BACKOFF_LIMIT);
    } else if (deadline !== undefined && now >= deadline) {
      terminal('FailureTarget', DEADLINE);
    } else if (
      isTrue(job, 'SuccessCriteriaMet') ||
      (completions !== undefined
        ? succeeded >= completions
        : succeeded > 0 && active.length === 0)
    ) {
      terminal('SuccessCriteriaMet', SUCCESS);
    } else if (spec.suspend) {
      active.forEach(p => this.#api.delete(podScope, p.metadata.name!, {}));
      conditions = setCondition(conditions, {
        type: 'Suspended',
        status: 'True',
        reason: 'JobSuspended',
        message: 'Job suspended',
      });
    } else {
      if (findCondition(conditions, 'Suspended')) {
        conditions = setCondition(conditions, {
          type: 'Suspended',
          status: 'False',
          reason: 'JobResumed',
          message: 'Job resumed',
        });
      }
      const wanted = Math.min(
        spec.parallelism ?? 1,
        (completions ?? 1) - succeeded,
      );
      const lastFailure = Math.max(
        0,
        ...pods
          .filter(p => p.status?.phase === 'Failed')
          .map(p => lastFinish(p)),
      );
      const retryAt =
        failed > 0 ? lastFailure + this.#retryDelayMs() * 2 ** (failed - 1) : 0;
      if (active.length < wanted && now < retryAt) {
        wakeAt = retryAt;
      } else {
        for (let i = active.length; i < wanted; i++) {
          const { object: pod } = this.#api.create(
            podScope,
            podFromTemplate(spec.template, job, { generateName: `${name}-` }),
            {
              fieldManager: MANAGER,
            },
          );
          this.#events.normal(
            job,
            'SuccessfulCreate',
            `Created pod: ${pod.metadata.name}`,
          );
        }
      }
      if (deadline !== undefined) {
        wakeAt = Math.min(wakeAt ?? deadline, deadline);
      }
    }

    const current = this.#api.store
      .list('/pods', namespace)
      .filter(p => isControlledBy(p, job));
    const stillActive = current.filter(isPodActive);
    const status: JsonMap = {
      ...(startTime ? { startTime } : {}),
      ...(stillActive.length ? { active: stillActive.length } : {}),
      ...(succeeded ? { succeeded } : {}),
      ...(failed ? { failed } : {}),
      ready: stillActive.filter(isPodReady).length,
      terminating: current.filter(p => p.metadata.deletionTimestamp).length,
      uncountedTerminatedPods: {},
      ...(completionTime ?? job.status?.completionTime
        ? { completionTime: completionTime ?? job.status?.completionTime }
        : {}),
      ...(conditions.length ? { conditions } : {}),
    };
    if (!deepEqual(status, job.status)) {
      this.#api.update(
        this.#api.scope('batch/v1', 'Job', namespace),
        name,
        { ...job, status },
        {
          subresource: 'status',
          fieldManager: MANAGER,
        },
      );
    }
    return wakeAt === undefined
      ? undefined
      : { requeueAfterMs: Math.max(1, wakeAt - Date.now()) };
  }

  /** `ttlSecondsAfterFinished`: the TTL-after-finished controller deletes the finished Job. */
  #expire(job: KubeObject): ReconcileResult | undefined {
    const ttl: number | undefined = job.spec.ttlSecondsAfterFinished;
    if (ttl === undefined) {
      return undefined;
    }
    const finished = (findCondition(job.status?.conditions, 'Complete') ??
      findCondition(job.status?.conditions, 'Failed'))!;
    const due = Date.parse(finished.lastTransitionTime!) + ttl * 1000;
    if (Date.now() < due) {
      return { requeueAfterMs: due - Date.now() };
    }
    this.#api.delete(
      this.#api.scope('batch/v1', 'Job', job.metadata.namespace),
      job.metadata.name!,
      {
        propagationPolicy: 'Foreground',
      },
    );
    return undefined;
  }
}

function lastFinish(pod: KubeObject): number {
  const times = (pod.status?.containerStatuses ?? [])
    .map((c: JsonMap) => c.state?.terminated?.finishedAt)
    .filter(Boolean)
    .map((t: string) => Date.parse(t));
  return times.length ? Math.max(...times) : 0;
}
