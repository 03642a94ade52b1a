import { StepEvent, StepRecorder } from './StepRecorder';

const sameReport = (a: StepEvent, b: StepEvent) =>
  a.taskId === b.taskId &&
  a.instanceId === b.instanceId &&
  a.deployment === b.deployment &&
  a.generation === b.generation &&
  a.step === b.step &&
  a.status === b.status;

/**
 * Keeps the steps in memory, as a server would: a report it already has is not kept twice.
 *
 * @public
 */
export class InMemoryStepRecorder implements StepRecorder {
  readonly #events: StepEvent[] = [];

  private constructor() {}

  static create(): InMemoryStepRecorder {
    return new InMemoryStepRecorder();
  }

  async record(event: StepEvent): Promise<void> {
    if (!this.#events.some(known => sameReport(known, event))) {
      this.#events.push(event);
    }
  }

  /** The events recorded, oldest first; of one deployment when given. */
  events(deployment?: string): StepEvent[] {
    return this.#events.filter(
      event => deployment === undefined || event.deployment === deployment,
    );
  }
}
