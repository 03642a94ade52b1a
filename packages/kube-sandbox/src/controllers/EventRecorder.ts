import { SandboxApi } from '../api/SandboxApi';
import { KubeObject } from '../store/types';
import { JsonMap, timestamp } from '../util/json';

/*
 * Core v1 Events as client-go's record.EventRecorder writes them for the controllers and the
 * kubelet: named `<object>.<hex nanoseconds>`, with `source`, `reportingComponent`, `count`,
 * `firstTimestamp` and `lastTimestamp`. Its EventCorrelator's rules for repeats: the same
 * event again (same object, type, reason and message) bumps `count` and `lastTimestamp` of
 * the one Event; more than 10 events of one object and reason with different messages within
 * 10 minutes become one Event whose message is `(combined from similar events): <latest>`.
 * A failure to record (a terminating namespace) is dropped, as client-go drops it.
 */

export type EventType = 'Normal' | 'Warning';

const SIMILAR_EVENTS_LIMIT = 10;
const SIMILAR_EVENTS_WINDOW_MS = 10 * 60_000;

interface Recorded {
  name: string;
  namespace: string;
}

export class EventRecorder {
  readonly #api: SandboxApi;
  readonly #component: string;
  readonly #host?: string;
  /** The Event each distinct event went to, as the correlator's cache. */
  readonly #recorded = new Map<string, Recorded>();
  /** Per object and reason: the distinct messages seen lately, with when. */
  readonly #similar = new Map<string, Map<string, number>>();
  #sequence = 0;

  private constructor(options: {
    api: SandboxApi;
    component: string;
    host?: string;
  }) {
    this.#api = options.api;
    this.#component = options.component;
    this.#host = options.host;
  }

  /** A recorder for one component (`deployment-controller`; `kubelet` with its node as host). */
  static create(options: {
    api: SandboxApi;
    component: string;
    host?: string;
  }): EventRecorder {
    return new EventRecorder(options);
  }

  normal(
    object: KubeObject,
    reason: string,
    message: string,
    fieldPath?: string,
  ) {
    this.record(object, 'Normal', reason, message, fieldPath);
  }

  warning(
    object: KubeObject,
    reason: string,
    message: string,
    fieldPath?: string,
  ) {
    this.record(object, 'Warning', reason, message, fieldPath);
  }

  record(
    object: KubeObject,
    type: EventType,
    reason: string,
    message: string,
    fieldPath?: string,
  ): void {
    const involvedObject: JsonMap = {
      kind: object.kind,
      namespace: object.metadata.namespace,
      name: object.metadata.name,
      uid: object.metadata.uid,
      apiVersion: object.apiVersion,
      resourceVersion: object.metadata.resourceVersion,
      ...(fieldPath ? { fieldPath } : {}),
    };
    const namespace = object.metadata.namespace ?? 'default';
    const objectKey = [
      involvedObject.kind,
      involvedObject.namespace,
      involvedObject.name,
      involvedObject.uid,
      involvedObject.apiVersion,
      fieldPath,
      type,
      reason,
    ].join('\u0000');
    const combined = this.#tooManySimilar(objectKey, message);
    const shownMessage = combined
      ? `(combined from similar events): ${message}`
      : message;
    const key = combined ? objectKey : `${objectKey}\u0000${message}`;
    const scope = this.#api.scope('v1', 'Event', namespace);
    const now = timestamp();
    try {
      const previous = this.#recorded.get(key);
      const existing =
        previous &&
        this.#api.store.get('/events', previous.namespace, previous.name);
      if (existing) {
        this.#api.update(
          scope,
          existing.metadata.name!,
          {
            ...existing,
            message: shownMessage,
            count: (existing.count ?? 1) + 1,
            lastTimestamp: now,
          },
          { fieldManager: this.#component },
        );
        return;
      }
      const name = `${object.metadata.name}.${this.#eventSuffix()}`;
      this.#api.create(
        scope,
        {
          apiVersion: 'v1',
          kind: 'Event',
          metadata: { name, namespace },
          involvedObject,
          reason,
          message: shownMessage,
          type,
          source: {
            component: this.#component,
            ...(this.#host ? { host: this.#host } : {}),
          },
          firstTimestamp: now,
          lastTimestamp: now,
          count: 1,
          eventTime: null,
          reportingComponent: this.#component,
          reportingInstance: this.#host ?? '',
        },
        { fieldManager: this.#component },
      );
      this.#recorded.set(key, { name, namespace });
    } catch {
      // As client-go: an event that cannot be written is dropped, never an error.
    }
  }

  /** Whether this message is past the limit of similar ones for its object and reason. */
  #tooManySimilar(objectKey: string, message: string): boolean {
    const now = Date.now();
    const messages = this.#similar.get(objectKey) ?? new Map<string, number>();
    for (const [seen, at] of messages) {
      if (now - at > SIMILAR_EVENTS_WINDOW_MS) {
        messages.delete(seen);
      }
    }
    messages.set(message, now);
    this.#similar.set(objectKey, messages);
    return messages.size > SIMILAR_EVENTS_LIMIT;
  }

  /** client-go's suffix: the time in nanoseconds, in hex (kept unique within a process). */
  #eventSuffix(): string {
    const nanos =
      BigInt(Date.now()) * 1_000_000n + BigInt(this.#sequence++ % 1_000_000);
    return nanos.toString(16);
  }
}
