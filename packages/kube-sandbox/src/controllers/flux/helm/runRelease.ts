import { ApiError } from '../../../api/ApiError';
import { KubeObject } from '../../../store/types';
import { goDurationMs } from '../../../util/goDuration';
import { timestamp } from '../../../util/json';
import { ReconcileResult } from '../../Controller';
import { HELM_RELEASES } from '../fluxResources';
import { applyObjects, normalized, renderObjects } from './appliedObjects';
import { awaitHealth, failAttempt } from './awaitHealth';
import { jsonDigest } from './DesiredReleaseResolver';
import { ReleaseAction } from './ReleaseAction';
import { ReleaseDeps, ReleaseRequest } from './ReleaseRequest';
import {
  deleteEntries,
  InventoryEntry,
  inventoryEntry,
  installOrder,
} from './releaseObjects';
import { withCondition, writeStatus } from './releaseStatus';

const MAX_HISTORY = 5;
const DEFAULT_TIMEOUT = '5m0s';
const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * Runs an install or an upgrade as helm-controller's atomic release does: records the attempt
 * (Progressing), renders and applies the objects, prunes what the previous revision had and
 * this one does not, adds a pending history entry, then waits for the objects to become ready
 * within `spec.timeout`.
 */
export async function runRelease(
  deps: ReleaseDeps,
  request: ReleaseRequest,
  action: ReleaseAction,
): Promise<ReconcileResult | undefined> {
  let current = startAttempt(deps, request, action);
  let objects: KubeObject[];
  try {
    objects = await renderObjects(deps, current, request.desired, action);
    current = reread(deps, current);
    applyObjects(deps.api, current, request.desired, objects, action);
  } catch (error) {
    const message =
      error instanceof ApiError
        ? error.status.message ?? error.message
        : (error as Error).message;
    return failAttempt(deps, { ...request, release: current }, action, {
      error: message,
      released: false,
    });
  }
  recordRelease(deps, { ...request, release: current }, objects, action);
  deps.deadlines.set(
    request.key,
    Date.now() + goDurationMs(request.release.spec.timeout, DEFAULT_TIMEOUT_MS),
  );
  return awaitHealth(deps, { ...request, release: reread(deps, current) });
}

function reread(deps: ReleaseDeps, release: KubeObject): KubeObject {
  return (
    deps.api.store.get(
      HELM_RELEASES,
      release.metadata.namespace!,
      release.metadata.name!,
    ) ?? release
  );
}

/** Records what is attempted (`lastAttempted*`) with Reconciling and Ready Progressing. */
function startAttempt(
  deps: ReleaseDeps,
  { scope, release, desired }: ReleaseRequest,
  action: ReleaseAction,
): KubeObject {
  const timeoutText: string = release.spec.timeout ?? DEFAULT_TIMEOUT;
  const progressing = `Running '${action.name}' action with timeout of ${timeoutText}`;
  const resetFailures =
    release.status?.lastAttemptedGeneration !== release.metadata.generation;
  return writeStatus(deps.api, scope, release, status => {
    status.lastAttemptedReleaseAction = action.name;
    status.lastAttemptedRevision = desired.chart.version;
    status.lastAttemptedRevisionDigest = desired.chart.digest;
    status.lastAttemptedConfigDigest = desired.configDigest;
    status.lastAttemptedGeneration = release.metadata.generation;
    status.helmChart = release.spec.chartRef ? undefined : desired.chartRef;
    status.storageNamespace =
      release.spec.storageNamespace ?? release.metadata.namespace;
    if (resetFailures) {
      delete status.installFailures;
      delete status.upgradeFailures;
    }
    const forceAt =
      release.metadata.annotations?.['reconcile.fluxcd.io/forceAt'];
    if (forceAt) {
      status.lastHandledForceAt = forceAt;
    }
    const conditions = withCondition(status, release, {
      type: 'Reconciling',
      status: 'True',
      reason: 'Progressing',
      message: progressing,
    });
    return withCondition({ ...status, conditions }, release, {
      type: 'Ready',
      status: 'Unknown',
      reason: 'Progressing',
      message: progressing,
    });
  });
}

/** The new inventory (pruning what left it) and a pending history entry for the release. */
function recordRelease(
  deps: ReleaseDeps,
  { scope, release: current, desired }: ReleaseRequest,
  objects: KubeObject[],
  action: ReleaseAction,
): void {
  const entries = installOrder(objects).map(o =>
    inventoryEntry(normalized(deps.api, o, desired)),
  );
  const previousEntries: InventoryEntry[] =
    current.status?.inventory?.entries ?? [];
  deleteEntries(
    deps.api,
    previousEntries.filter(old => !entries.some(e => e.id === old.id)),
  );
  const latest = current.status?.history?.[0];
  const now = timestamp();
  writeStatus(deps.api, scope, current, status => {
    status.inventory = { entries };
    status.history = [
      {
        chartName: desired.chart.name,
        chartVersion: desired.chart.version,
        ...(desired.chart.appVersion
          ? { appVersion: desired.chart.appVersion }
          : {}),
        configDigest: desired.configDigest,
        digest: jsonDigest({
          chart: desired.chart.digest,
          config: desired.configDigest,
          objects,
        }),
        firstDeployed: latest?.firstDeployed ?? now,
        lastDeployed: now,
        name: desired.releaseName,
        namespace: desired.targetNamespace,
        status: `pending-${action.name}`,
        version: (latest?.version ?? 0) + 1,
      },
      ...(status.history ?? []),
    ].slice(0, current.spec.maxHistory ?? MAX_HISTORY);
    return status.conditions;
  });
}
