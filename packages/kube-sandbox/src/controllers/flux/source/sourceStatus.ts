import { clone, JsonMap } from '../../../util/json';
import { Condition, setCondition } from '../../conditions';
import { SourceFailure } from './SourceFailure';
import { Fetched } from './SourceKind';

/** Failures Flux does not expect to go away without a spec change: the source is Stalled. */
const STALLING_REASONS = ['URLInvalid', 'InvalidChartReference'];

/** Conditions being changed, each set with the fetched generation. */
class ConditionList {
  list: Condition[];
  readonly #generation: number | undefined;

  constructor(list: Condition[] | undefined, generation: number | undefined) {
    this.list = list ?? [];
    this.#generation = generation;
  }

  set(condition: Omit<Condition, 'observedGeneration'>): void {
    this.list = setCondition(this.list, {
      ...condition,
      observedGeneration: this.#generation,
    });
  }

  remove(...types: string[]): void {
    this.list = this.list.filter(c => !types.includes(c.type));
  }
}

export interface SourceStatusOptions {
  /** The status the source has now. */
  previous: JsonMap;
  /** What the fetch gave. */
  outcome: Fetched | SourceFailure;
  /** The generation that was fetched. */
  generation: number | undefined;
  failureType: 'FetchFailed' | 'BuildFailed';
  /** The `reconcile.fluxcd.io/requestedAt` the fetch handled, if any. */
  requestedAt: string | undefined;
  /** Whether the previous status's artifact is still in storage. */
  previousArtifactStored: boolean;
}

/**
 * The status of a source after a fetch, as source-controller summarises it: Ready and the
 * failure condition with the outcome's reason, Reconciling while a failure is retried, Stalled
 * when it cannot pass without a spec change, ArtifactInStorage for the artifact kept. A failure
 * keeps the last good artifact while it is stored.
 */
export function sourceStatus(options: SourceStatusOptions): JsonMap {
  const { previous, outcome, generation } = options;
  const status: JsonMap = clone(previous);
  const conditions = new ConditionList(previous.conditions, generation);
  if (outcome instanceof SourceFailure) {
    failed(status, conditions, options, outcome);
  } else {
    fetched(status, conditions, options, outcome);
  }
  status.conditions = conditions.list;
  status.observedGeneration = generation;
  if (options.requestedAt) {
    status.lastHandledReconcileAt = options.requestedAt;
  }
  return status;
}

function failed(
  status: JsonMap,
  conditions: ConditionList,
  options: SourceStatusOptions,
  outcome: SourceFailure,
): void {
  const failure = { reason: outcome.reason, message: outcome.message };
  conditions.set({ type: options.failureType, status: 'True', ...failure });
  conditions.set({ type: 'Ready', status: 'False', ...failure });
  // A transient failure is retried (Flux's Reconciling), a stalling one is not expected to pass.
  if (STALLING_REASONS.includes(outcome.reason)) {
    conditions.remove('Reconciling');
    conditions.set({ type: 'Stalled', status: 'True', ...failure });
  } else {
    conditions.remove('Stalled');
    conditions.set({
      type: 'Reconciling',
      status: 'True',
      reason: 'ProgressingWithRetry',
      message: `retrying: ${outcome.message}`,
    });
  }
  if (!options.previousArtifactStored) {
    delete status.artifact;
    delete status.url;
    conditions.remove('ArtifactInStorage');
  }
}

function fetched(
  status: JsonMap,
  conditions: ConditionList,
  options: SourceStatusOptions,
  outcome: Fetched,
): void {
  conditions.remove(options.failureType, 'Stalled', 'Reconciling');
  conditions.set({
    type: 'Ready',
    status: 'True',
    reason: outcome.reason,
    message: outcome.message,
  });
  if (outcome.artifact) {
    conditions.set({
      type: 'ArtifactInStorage',
      status: 'True',
      reason: 'Succeeded',
      message: `stored artifact: revision '${outcome.artifact.revision}'`,
    });
    const previous = options.previous.artifact;
    const same =
      previous?.revision === outcome.artifact.revision &&
      previous?.digest === outcome.artifact.digest;
    status.artifact = same ? previous : outcome.artifact;
    status.url = outcome.artifact.url;
  } else {
    conditions.remove('ArtifactInStorage');
    delete status.artifact;
    delete status.url;
  }
  Object.assign(status, outcome.status);
}
