import { KubeObject } from '../../../store/types';
import { JsonMap } from '../../../util/json';
import { findCondition } from '../../conditions';
import { driftMode } from './driftDetection';
import { DesiredRelease, ResolvedChart } from './ReleaseRequest';

/**
 * What helm-controller's atomic release does next for a release whose chart and values are
 * resolved: make a release (`install`, `upgrade`), wait for the pending one (`awaitHealth`),
 * look for drift (`correctDrift`), or nothing (`none`).
 */
export type NextAction =
  | 'install'
  | 'upgrade'
  | 'awaitHealth'
  | 'correctDrift'
  | 'none';

/** What the next action depends on of the desired release: its chart and values. */
export type DesiredDigests = Pick<DesiredRelease, 'configDigest'> & {
  chart: Pick<ResolvedChart, 'version' | 'digest'>;
};

/** Whether the spec asks for another release than the last attempt was (or a forced one). */
function attemptChanged(release: KubeObject, desired: DesiredDigests): boolean {
  const status: JsonMap = release.status ?? {};
  return (
    status.lastAttemptedConfigDigest !== desired.configDigest ||
    status.lastAttemptedRevision !== desired.chart.version ||
    status.lastAttemptedRevisionDigest !== desired.chart.digest ||
    status.lastAttemptedGeneration !== release.metadata.generation ||
    (release.metadata.annotations?.['reconcile.fluxcd.io/forceAt'] ??
      undefined) !== status.lastHandledForceAt
  );
}

/** Whether the last attempt failed with a retry left by the remediation strategy. */
function retryLeft(status: JsonMap): boolean {
  const action = status.lastAttemptedReleaseAction;
  const failures =
    action === 'upgrade'
      ? status.upgradeFailures ?? 0
      : status.installFailures ?? 0;
  const stalled =
    findCondition(status.conditions, 'Stalled')?.status === 'True';
  const failed = findCondition(status.conditions, 'Ready')?.status === 'False';
  return Boolean(action) && failed && !stalled && failures > 0;
}

/**
 * The next action from the release's observed state (its status, its last release in
 * `status.history[0]`) and what its spec asks for now, in this order:
 * 1. a new chart, values, generation or `forceAt` makes a release: an upgrade over a deployed
 *    (or superseded) one, else an install;
 * 2. a pending release is waited for;
 * 3. a failed attempt with retries left is retried: an upgrade over a deployed release, else
 *    the action that failed;
 * 4. a deployed release with `driftDetection` on is checked for drift;
 * 5. otherwise nothing.
 */
export function nextAction(
  release: KubeObject,
  desired: DesiredDigests,
): NextAction {
  const status: JsonMap = release.status ?? {};
  const latest: string | undefined = status.history?.[0]?.status;
  if (attemptChanged(release, desired)) {
    return latest === 'deployed' || latest === 'superseded'
      ? 'upgrade'
      : 'install';
  }
  if (String(latest ?? '').startsWith('pending-')) {
    return 'awaitHealth';
  }
  if (retryLeft(status)) {
    return latest === 'deployed'
      ? 'upgrade'
      : (status.lastAttemptedReleaseAction as 'install' | 'upgrade');
  }
  if (latest === 'deployed' && driftMode(release) !== 'disabled') {
    return 'correctDrift';
  }
  return 'none';
}
