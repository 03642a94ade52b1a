import {
  ApiException,
  CoreV1Api,
  CoreV1Event,
  KubeConfig,
  KubernetesObject,
  PatchStrategy,
  setHeaderOptions,
  V1ObjectReference,
} from '@kubernetes/client-node';
import { randomBytes } from 'node:crypto';
import { Logger } from '../logging/Logger';
import {
  Condition,
  ConditionType,
  findCondition,
  Reason,
} from '../styrminDeployment/conditions';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import { refOf } from './refOf';

/** The component the operator's Events name as their source. */
export const EVENT_COMPONENT = 'styrmin-operator';

/** How many distinct events the recorder remembers for counting repeats, as client-go's cache. */
const REMEMBERED_EVENTS = 4096;

/** One Event about a StyrminDeployment, in Kubernetes' words. */
export interface DeploymentEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}

/**
 * The Events a status write tells of: one per condition that changed, Normal while things go
 * well and Warning for a failure. A phase that is done is told by its condition type
 * (`NamespaceReady`, `HelmReleaseReady`), the whole deployment by `Reconciled`; a phase on
 * its way or failed by its reason (`Progressing`, `HelmReleaseFailed`). Pending phases say
 * nothing, and `Ready` repeats a phase's words unless it is all that was written (an invalid
 * spec, a deletion) or the deployment is done.
 */
export function conditionEvents(
  before: readonly Condition[] | undefined,
  after: readonly Condition[],
): DeploymentEvent[] {
  const changed = after.filter(condition => {
    const previous = findCondition(before, condition.type);
    return (
      condition.reason !== Reason.Pending &&
      (previous?.status !== condition.status ||
        previous.reason !== condition.reason ||
        previous.message !== condition.message)
    );
  });
  const isReady = (c: Condition) => c.type === ConditionType.Ready;
  // The phases first, then the deployment as a whole, as they happened.
  return [...changed.filter(c => !isReady(c)), ...changed.filter(isReady)]
    .filter(c => !isReady(c) || c.status === 'True' || changed.length === 1)
    .map(c => ({
      type:
        c.status === 'False' && c.reason !== Reason.Deleting
          ? 'Warning'
          : 'Normal',
      reason:
        c.status === 'True' && c.type !== ConditionType.Ready
          ? c.type
          : c.reason,
      message: c.message,
    }));
}

/** @public */
export interface EventRecorderRecordOptions {
  /**
   * The deployment record in the deployment's namespace: the Event is recorded on it too,
   * naming the StyrminDeployment as its `related` object.
   */
  deploymentRecord?: KubernetesObject;
}

const referenceTo = (object: KubernetesObject): V1ObjectReference => ({
  apiVersion: object.apiVersion,
  kind: object.kind,
  name: object.metadata!.name,
  namespace: object.metadata!.namespace,
  uid: object.metadata!.uid,
  resourceVersion: object.metadata!.resourceVersion,
});

/**
 * Records core v1 Events on StyrminDeployments as client-go's event recorder does, so that
 * `kubectl describe styrmindeployment` and `kubectl get events` show what the operator did:
 * `source` and `reportingComponent` are the operator, and the same event again (same object,
 * type, reason and message) bumps `count` and `lastTimestamp` of the Event it made instead of
 * making another. Events are written in order, in the background; one that cannot be written
 * is logged and dropped, never a reconcile's failure.
 *
 * An Event must live in the namespace of its involved object, and the StyrminDeployment
 * lives in the operator's namespace, away from the deployment's workloads. So each Event is
 * recorded a second time, given the deployment record (a ConfigMap the operator keeps in the
 * deployment's namespace): involved object the record, `related` the StyrminDeployment.
 * `kubectl get events -n styrmin-<id>` then tells the operator's story beside the
 * workloads' controllers' and kubelet's.
 *
 * @public
 */
export class EventRecorder {
  readonly #core: CoreV1Api;
  readonly #logger: Logger;
  readonly #now: () => Date;
  readonly #written = new Map<string, { name: string; count: number }>();
  #queue: Promise<void> = Promise.resolve();

  private constructor(options: {
    kubeConfig: KubeConfig;
    logger: Logger;
    now?: () => Date;
  }) {
    this.#core = options.kubeConfig.makeApiClient(CoreV1Api);
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
  }

  static create(options: {
    kubeConfig: KubeConfig;
    logger: Logger;
    now?: () => Date;
  }): EventRecorder {
    return new EventRecorder(options);
  }

  /** Records the Events of a status write (see conditionEvents). */
  conditionsChanged(
    resource: StyrminDeployment,
    options: {
      before: readonly Condition[] | undefined;
      after: readonly Condition[];
    } & EventRecorderRecordOptions,
  ): void {
    for (const event of conditionEvents(options.before, options.after)) {
      this.record(resource, event, options);
    }
  }

  record(
    resource: StyrminDeployment,
    event: DeploymentEvent,
    options: EventRecorderRecordOptions = {},
  ): void {
    const about: Array<{
      involved: KubernetesObject;
      related?: KubernetesObject;
    }> = [{ involved: resource }];
    if (options.deploymentRecord) {
      about.push({ involved: options.deploymentRecord, related: resource });
    }
    for (const { involved, related } of about) {
      this.#queue = this.#queue.then(() =>
        this.#write(involved, related, event).catch(error =>
          this.#logger.error('Failed to record event', {
            StyrminDeployment: refOf(resource),
            [involved.kind!]: refOf(involved),
            reason: event.reason,
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      );
    }
  }

  /** Resolves once every Event recorded so far is written (or dropped). */
  flush(): Promise<void> {
    return this.#queue;
  }

  async #write(
    involved: KubernetesObject,
    related: KubernetesObject | undefined,
    event: DeploymentEvent,
  ) {
    const { name, namespace, uid } = involved.metadata!;
    const key = [uid, event.type, event.reason, event.message].join('\u0000');
    const now = this.#now();
    const previous = this.#written.get(key);
    if (previous) {
      try {
        await this.#core.patchNamespacedEvent(
          {
            name: previous.name,
            namespace: namespace!,
            body: { count: previous.count + 1, lastTimestamp: now },
          },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        );
        previous.count++;
        return;
      } catch (error) {
        // Events expire (an hour by default): make a new one then.
        if (!(error instanceof ApiException && error.code === 404)) {
          throw error;
        }
      }
    }
    const body: CoreV1Event = {
      metadata: {
        // client-go's name: the object's, then the time in nanoseconds as hex.
        name: `${name}.${(
          BigInt(now.getTime()) * 1_000_000n +
          BigInt(randomBytes(2).readUInt16BE())
        ).toString(16)}`,
        namespace,
      },
      involvedObject: referenceTo(involved),
      ...(related ? { related: referenceTo(related) } : {}),
      type: event.type,
      reason: event.reason,
      message: event.message,
      source: { component: EVENT_COMPONENT },
      reportingComponent: EVENT_COMPONENT,
      reportingInstance: '',
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    };
    const created = await this.#core.createNamespacedEvent({
      namespace: namespace!,
      body,
    });
    this.#written.set(key, { name: created.metadata!.name!, count: 1 });
    if (this.#written.size > REMEMBERED_EVENTS) {
      this.#written.delete(this.#written.keys().next().value!);
    }
  }
}
