import { KubernetesObject } from '@kubernetes/client-node';
import { isDeepStrictEqual } from 'node:util';
import { Condition, setCondition } from '../styrminDeployment/conditions';
import {
  StyrminDeployment,
  StyrminDeploymentStatus,
} from '../styrminDeployment/StyrminDeployment';
import { ClusterClient } from './ClusterClient';
import { EventRecorder } from './EventRecorder';
import { refOf } from './refOf';

/** @public */
export interface StatusUpdate {
  conditions: Array<Omit<Condition, 'observedGeneration'>>;
  /** The stopped components of a spec the phases ran for; absent: what was written before. */
  stoppedComponents?: string[];
  /**
   * The deployment record in the deployment's namespace (`desired/deploymentRecord.ts`), once
   * a phase applied it: the Events of the write are recorded on it too.
   */
  deploymentRecord?: KubernetesObject;
}

/**
 * Writes the status of StyrminDeployments, only when it changed, and remembers what it
 * wrote: the cache may not show it yet, and the next reconcile compares against it. A key is
 * never reconciled twice at once, so one writer serves every key.
 */
export class StatusWriter {
  readonly #client: ClusterClient;
  readonly #now: () => Date;
  readonly #events?: EventRecorder;
  /** The status last written, by key and for the uid it was written to. */
  readonly #written = new Map<
    string,
    { uid: string; status: StyrminDeploymentStatus }
  >();

  private constructor(options: {
    client: ClusterClient;
    now: () => Date;
    events?: EventRecorder;
  }) {
    this.#client = options.client;
    this.#now = options.now;
    this.#events = options.events;
  }

  /** `events`: told of each status written, to record the Events of what changed. */
  static create(options: {
    client: ClusterClient;
    now: () => Date;
    events?: EventRecorder;
  }): StatusWriter {
    return new StatusWriter(options);
  }

  /** The status as this process last wrote it, else as the cache shows it. */
  previous(resource: StyrminDeployment): StyrminDeploymentStatus {
    const written = this.#written.get(refOf(resource));
    return written?.uid === resource.metadata!.uid
      ? written!.status
      : resource.status ?? {};
  }

  /**
   * Sets the conditions at the resource's generation (others keep what they said) and the
   * stopped components of a spec the phases ran for (a spec refused or being deleted keeps
   * what was applied before), and writes the status, unless nothing changed.
   */
  async write(resource: StyrminDeployment, update: StatusUpdate) {
    const generation = resource.metadata!.generation;
    const previous = this.previous(resource);
    const stopped = update.stoppedComponents ?? previous.stoppedComponents;
    const status: StyrminDeploymentStatus = {
      observedGeneration: generation,
      conditions: update.conditions.reduce<Condition[]>(
        (list, condition) =>
          setCondition(
            list,
            { ...condition, observedGeneration: generation },
            this.#now,
          ),
        previous.conditions ?? [],
      ),
      ...(stopped ? { stoppedComponents: stopped } : {}),
    };
    if (isDeepStrictEqual(status, previous)) {
      return;
    }
    if (await this.#client.writeStatus(resource, status)) {
      this.#written.set(refOf(resource), {
        uid: resource.metadata!.uid!,
        status,
      });
      this.#events?.conditionsChanged(resource, {
        before: previous.conditions,
        after: status.conditions ?? [],
        deploymentRecord: update.deploymentRecord,
      });
    }
  }

  forget(key: string): void {
    this.#written.delete(key);
  }
}
