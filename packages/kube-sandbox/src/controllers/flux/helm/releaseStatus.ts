import { SandboxApi } from '../../../api/SandboxApi';
import { RequestScope } from '../../../api/types';
import { KubeObject } from '../../../store/types';
import { clone, deepEqual, JsonMap } from '../../../util/json';
import { Condition, setCondition } from '../../conditions';
import { HELM_RELEASES } from '../fluxResources';
import { MANAGER } from './ownership';
import { ReleaseAction } from './ReleaseAction';
import { ReleaseRequest } from './ReleaseRequest';

/*
 * The status summaries of helm-controller v2: the conditions (Ready, Released, Reconciling,
 * Stalled), the history entry's status and the failure counts an attempt leaves.
 */

/** The conditions with one set for the release's generation. */
export function withCondition(
  status: JsonMap,
  release: KubeObject,
  condition: Condition,
): Condition[] {
  return setCondition(status.conditions, {
    ...condition,
    observedGeneration: release.metadata.generation,
  });
}

/**
 * Writes the status a change function derives from the stored one (its result becomes the
 * conditions); a change that changes nothing writes nothing.
 */
export function writeStatus(
  api: SandboxApi,
  scope: RequestScope,
  release: KubeObject,
  change: (status: JsonMap) => Condition[] | undefined,
): KubeObject {
  const current =
    api.store.get(
      HELM_RELEASES,
      release.metadata.namespace!,
      release.metadata.name!,
    ) ?? release;
  const status: JsonMap = clone(current.status ?? {});
  const conditions = change(status);
  if (conditions) {
    status.conditions = conditions;
  }
  for (const [field, value] of Object.entries(status)) {
    if (value === undefined) {
      delete status[field];
    }
  }
  if (deepEqual(status, current.status)) {
    return current;
  }
  return api.update(
    scope,
    current.metadata.name!,
    { ...current, status },
    { subresource: 'status', fieldManager: MANAGER },
  ).object;
}

/** Ready False with why the release cannot be attempted yet. */
export function markNotReady(
  api: SandboxApi,
  scope: RequestScope,
  release: KubeObject,
  reason: string,
  message: string,
): void {
  writeStatus(api, scope, release, status =>
    withCondition(status, release, {
      type: 'Ready',
      status: 'False',
      reason,
      message,
    }),
  );
}

/** The latest release deployed (the one before it superseded), Ready and Released True. */
export function markSucceeded(
  api: SandboxApi,
  { scope, release, desired }: ReleaseRequest,
  action: ReleaseAction,
): void {
  const reason = action.succeededReason;
  const version = release.status?.history?.[0]?.version;
  const message = `Helm ${action.name} succeeded for release ${desired.targetNamespace}/${desired.releaseName}.v${version} with chart ${desired.chart.name}@${desired.chart.version}`;
  writeStatus(api, scope, release, status => {
    status.history = (status.history ?? []).map(
      (entry: JsonMap, index: number) => {
        if (index === 0) {
          return { ...entry, status: 'deployed' };
        }
        return entry.status === 'deployed'
          ? { ...entry, status: 'superseded' }
          : entry;
      },
    );
    status.observedGeneration = release.metadata.generation;
    const requestedAt =
      release.metadata.annotations?.['reconcile.fluxcd.io/requestedAt'];
    if (requestedAt) {
      status.lastHandledReconcileAt = requestedAt;
    }
    let conditions = (status.conditions ?? []).filter(
      (c: Condition) => c.type !== 'Reconciling' && c.type !== 'Stalled',
    );
    conditions = withCondition({ ...status, conditions }, release, {
      type: 'Ready',
      status: 'True',
      reason,
      message,
    });
    return withCondition({ ...status, conditions }, release, {
      type: 'Released',
      status: 'True',
      reason,
      message,
    });
  });
}

/**
 * A failed attempt: Ready (and, when a release was made, Released and its history entry)
 * failed, the failure counted, and either a retry left by the remediation strategy
 * (Reconciling) or none (Stalled). Returns whether a retry is left.
 */
export function markFailed(
  api: SandboxApi,
  { scope, release, desired }: ReleaseRequest,
  action: ReleaseAction,
  failure: { error: string; released: boolean },
): boolean {
  const reason = action.failedReason;
  const message = `Helm ${action.name} failed for release ${desired.targetNamespace}/${desired.releaseName} with chart ${desired.chart.name}@${desired.chart.version}: ${failure.error}`;
  const retries: number = release.spec[action.name]?.remediation?.retries ?? 0;
  const failures = (release.status?.[action.failuresField] ?? 0) + 1;
  const exhausted = failures > retries;
  writeStatus(api, scope, release, status => {
    status[action.failuresField] = failures;
    status.observedGeneration = release.metadata.generation;
    if (failure.released && status.history?.[0]) {
      status.history = [
        { ...status.history[0], status: 'failed' },
        ...status.history.slice(1),
      ];
    }
    let conditions = withCondition(status, release, {
      type: 'Ready',
      status: 'False',
      reason,
      message,
    });
    if (failure.released) {
      conditions = withCondition({ ...status, conditions }, release, {
        type: 'Released',
        status: 'False',
        reason,
        message,
      });
    }
    if (exhausted) {
      conditions = conditions.filter(c => c.type !== 'Reconciling');
      return withCondition({ ...status, conditions }, release, {
        type: 'Stalled',
        status: 'True',
        reason: 'RetriesExceeded',
        message: `Failed to ${action.name} after ${failures} attempt(s)`,
      });
    }
    return withCondition({ ...status, conditions }, release, {
      type: 'Reconciling',
      status: 'True',
      reason: 'ProgressingWithRetry',
      message: `Retrying ${action.name} (${failures} of ${retries})`,
    });
  });
  return !exhausted;
}
