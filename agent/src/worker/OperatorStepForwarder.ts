import { StepEvent, StepRecorder } from '../operator/StepRecorder';

/** What takes a task's operator step events: the OperatorPhaseSteps of its run. */
export interface OperatorStepObserver {
  observe(event: StepEvent): void;
}

/** Tasks whose events wait for their run, at most; the oldest go first. */
const MAX_BUFFERED_TASKS = 1_000;
/** How long events wait for their run after the last one: a lease and a sweep, and more. */
const BUFFER_TTL_MS = 10 * 60_000;

/**
 * The operator's StepRecorder in the agent: it hands each step event to the run of the
 * event's task in this process, at once and without waiting for the server (a reconcile
 * must not wait on the network). Events of a task whose run this process does not hold
 * (yet: after a restart the operator reconciles before the worker claims the run again) wait
 * in a bounded buffer and are handed over when the run comes. What is dropped is not lost:
 * the run reads the phases from the resource's conditions as well.
 *
 * @public
 */
export class OperatorStepForwarder implements StepRecorder {
  readonly #observers = new Map<string, OperatorStepObserver>();
  readonly #buffered = new Map<
    string,
    { lastAt: number; events: StepEvent[] }
  >();
  readonly #now: () => number;

  private constructor(now: () => number) {
    this.#now = now;
  }

  static create(options: { now?: () => number } = {}): OperatorStepForwarder {
    return new OperatorStepForwarder(options.now ?? Date.now);
  }

  async record(event: StepEvent): Promise<void> {
    if (!event.taskId) {
      return; // a resource written by hand: no task to record it on
    }
    const observer = this.#observers.get(event.taskId);
    if (observer) {
      observer.observe(event);
      return;
    }
    this.#dropExpired();
    // Kept in the order of their last event, which `#dropExpired` relies on.
    const events = this.#buffered.get(event.taskId)?.events ?? [];
    this.#buffered.delete(event.taskId);
    this.#buffered.set(event.taskId, {
      lastAt: this.#now(),
      events: [...events, event],
    });
    if (this.#buffered.size > MAX_BUFFERED_TASKS) {
      this.#buffered.delete(this.#buffered.keys().next().value!);
    }
  }

  /**
   * Hands a task's events to its run from now on, the buffered ones first. Returns the
   * function that stops it, once the run is done.
   */
  attach(taskId: string, observer: OperatorStepObserver): () => void {
    this.#observers.set(taskId, observer);
    const buffered = this.#buffered.get(taskId);
    this.#buffered.delete(taskId);
    buffered?.events.forEach(event => observer.observe(event));
    return () => {
      if (this.#observers.get(taskId) === observer) {
        this.#observers.delete(taskId);
      }
    };
  }

  #dropExpired() {
    const oldest = this.#now() - BUFFER_TTL_MS;
    for (const [taskId, { lastAt }] of this.#buffered) {
      if (lastAt >= oldest) {
        break; // in insertion order: the rest are younger
      }
      this.#buffered.delete(taskId);
    }
  }
}
