import { KubernetesObject } from '@kubernetes/client-node';
import {
  Condition,
  findCondition,
  Reason,
} from '../styrminDeployment/conditions';
import { refOf } from './refOf';

/** What a phase found: its condition's status, reason and message. */
export type Outcome = Pick<Condition, 'status' | 'reason' | 'message'>;

export const done = (message: string): Outcome => ({
  status: 'True',
  reason: Reason.Reconciled,
  message,
});
export const waiting = (reason: Reason, message: string): Outcome => ({
  status: 'Unknown',
  reason,
  message,
});
export const failed = (reason: Reason, message: string): Outcome => ({
  status: 'False',
  reason,
  message,
});
export const PENDING = waiting(
  Reason.Pending,
  'Waits for the phases before it',
);

/**
 * How Flux's conditions on a HelmRelease read at its current generation: Ready True is done,
 * Ready False with Stalled True is Flux giving up, anything else is still on its way
 * (including a failure Flux retries).
 */
export function helmReleaseOutcome(
  release: KubernetesObject & { status?: any },
) {
  const generation = release.metadata?.generation;
  const ready = findCondition(release.status?.conditions, 'Ready');
  const current =
    (ready?.observedGeneration ?? release.status?.observedGeneration) ===
    generation;
  const name = `HelmRelease ${refOf(release)}`;
  if (!ready || !current) {
    return waiting(
      Reason.Progressing,
      `Waiting for Flux to reconcile ${name} at generation ${generation}`,
    );
  }
  if (ready.status === 'True') {
    // The revision that Helm made is what a user compares with `helm history`.
    const revision = release.status?.history?.[0]?.version;
    return done(
      `${name} is ready${
        revision === undefined ? '' : ` at revision ${revision}`
      }: ${ready.message}`,
    );
  }
  const stalled =
    findCondition(release.status?.conditions, 'Stalled')?.status === 'True';
  if (ready.status === 'False' && stalled) {
    return failed(Reason.HelmReleaseFailed, ready.message);
  }
  return waiting(Reason.Progressing, `${name}: ${ready.message}`);
}

/**
 * How a Flux source's Ready condition reads at its current generation. Ready False is a
 * failure only when the source is Stalled: source-controller retries a fetch that failed (the
 * agent's own chart server may be restarting), as it does for HelmReleases.
 */
export function chartSourceOutcome(
  source: KubernetesObject & { status?: any },
) {
  const generation = source.metadata?.generation;
  const ready = findCondition(source.status?.conditions, 'Ready');
  const name = `${source.kind} ${refOf(source)}`;
  if (
    !ready ||
    (ready.observedGeneration ?? source.status?.observedGeneration) !==
      generation
  ) {
    return waiting(Reason.Progressing, `Waiting for ${name} to be ready`);
  }
  if (ready.status === 'True') {
    return done(`${name} is ready`);
  }
  const stalled =
    findCondition(source.status?.conditions, 'Stalled')?.status === 'True';
  return ready.status === 'False' && stalled
    ? failed(Reason.ChartSourceFailed, `${name}: ${ready.message}`)
    : waiting(Reason.Progressing, `${name}: ${ready.message}`);
}
