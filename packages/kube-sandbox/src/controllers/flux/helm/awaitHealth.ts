import { KubeObject } from '../../../store/types';
import { goDurationMs } from '../../../util/goDuration';
import { timestamp } from '../../../util/json';
import { ReconcileResult } from '../../Controller';
import { hasFailed, isHealthy } from './objectHealth';
import { ReleaseAction } from './ReleaseAction';
import { releaseActionNamed } from './releaseActions';
import { ReleaseDeps, ReleaseRequest } from './ReleaseRequest';
import { InventoryEntry, locateEntry } from './releaseObjects';
import { recordReadyEvent } from './releaseEvents';
import { markFailed, markSucceeded } from './releaseStatus';

const DEFAULT_TIMEOUT_MS = 300_000;

/** When the running attempt of a release times out: its deadline, or `timeout` after it deployed. */
function deadlineOf(deps: ReleaseDeps, { key, release }: ReleaseRequest) {
  return (
    deps.deadlines.get(key) ??
    Date.parse(release.status?.history?.[0]?.lastDeployed ?? timestamp()) +
      goDurationMs(release.spec.timeout, DEFAULT_TIMEOUT_MS)
  );
}

/** The release's inventory as the cluster holds it (undefined where an object is gone). */
function inventoryObjects(
  deps: ReleaseDeps,
  release: KubeObject,
): Array<KubeObject | undefined> {
  return (release.status?.inventory?.entries ?? []).map(
    (entry: InventoryEntry) => {
      const located = locateEntry(deps.api, entry);
      return (
        located &&
        deps.api.store.get(
          `${located.scope.type.group}/${located.scope.type.plural}`,
          located.scope.namespace ?? '',
          located.name,
        )
      );
    },
  );
}

/**
 * helm-controller's wait: the pending release succeeds when all its objects are healthy, and
 * fails when one of them failed or when the attempt's timeout passes; until then, another look
 * at the deadline (object changes bring one sooner).
 */
export function awaitHealth(
  deps: ReleaseDeps,
  request: ReleaseRequest,
): ReconcileResult | undefined {
  const action = releaseActionNamed(
    request.release.status?.lastAttemptedReleaseAction,
  );
  const objects = inventoryObjects(deps, request.release);
  const failed = objects.find(o => o && hasFailed(o));
  const deadline = deadlineOf(deps, request);
  if (failed) {
    return failAttempt(deps, request, action, {
      error: `${failed.kind} ${failed.metadata.namespace}/${failed.metadata.name} failed`,
      released: true,
    });
  }
  if (objects.every(o => o && isHealthy(o))) {
    deps.deadlines.delete(request.key);
    deps.driftCheckedAt.set(request.key, Date.now());
    markSucceeded(deps.api, request, action);
    recordReadyEvent(deps, request);
    return undefined;
  }
  if (Date.now() >= deadline) {
    return failAttempt(deps, request, action, {
      error: 'context deadline exceeded',
      released: true,
    });
  }
  return { requeueAfterMs: deadline - Date.now() };
}

/** Ends a failed attempt: a retry soon if the remediation strategy leaves one. */
export function failAttempt(
  deps: ReleaseDeps,
  request: ReleaseRequest,
  action: ReleaseAction,
  failure: { error: string; released: boolean },
): ReconcileResult | undefined {
  deps.deadlines.delete(request.key);
  const retry = markFailed(deps.api, request, action, failure);
  recordReadyEvent(deps, request);
  return retry ? { requeueAfterMs: 50 } : undefined;
}
