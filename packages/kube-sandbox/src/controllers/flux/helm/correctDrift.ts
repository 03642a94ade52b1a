import { RequestScope } from '../../../api/types';
import { KubeObject } from '../../../store/types';
import { goDurationMs } from '../../../util/goDuration';
import { timestamp } from '../../../util/json';
import { ReconcileResult } from '../../Controller';
import { appliedBody, renderObjects } from './appliedObjects';
import {
  driftMode,
  driftSubject,
  hasDrifted,
  withoutIgnored,
} from './driftDetection';
import { MANAGER } from './ownership';
import { ReleaseDeps, ReleaseRequest } from './ReleaseRequest';
import { installOrder } from './releaseObjects';
import { writeStatus } from './releaseStatus';
import { upgrade } from './upgrade';

const REQUESTED_AT = 'reconcile.fluxcd.io/requestedAt';
const DEFAULT_INTERVAL_MS = 600_000;

/** An object of the release that is not as the release would apply it. */
interface Drift {
  body: KubeObject;
  scope: RequestScope;
  /** `<Kind>/<namespace>/<name> changed` or `... removed`. */
  change: string;
}

/**
 * Drift detection at each `spec.interval` (and on a `reconcile.fluxcd.io/requestedAt`
 * request), as helm-controller runs it: the release's objects are rendered again and each
 * is compared with the cluster through a server-side apply dry run; a change or a deletion is
 * reported by a DriftDetected event and, with mode `enabled`, corrected by applying the
 * drifted objects again (a DriftCorrected event), without a new Helm release.
 */
export async function correctDrift(
  deps: ReleaseDeps,
  request: ReleaseRequest,
): Promise<ReconcileResult> {
  const { key, release } = request;
  const interval = goDurationMs(release.spec?.interval, DEFAULT_INTERVAL_MS);
  const requestedAt = release.metadata.annotations?.[REQUESTED_AT];
  const checkedAt =
    deps.driftCheckedAt.get(key) ??
    Date.parse(release.status?.history?.[0]?.lastDeployed ?? timestamp());
  const requested =
    requestedAt !== undefined &&
    requestedAt !== release.status?.lastHandledReconcileAt;
  if (!requested && Date.now() < checkedAt + interval) {
    return { requeueAfterMs: checkedAt + interval - Date.now() };
  }
  deps.driftCheckedAt.set(key, Date.now());
  const drifted = await findDrift(deps, request);
  if (drifted.length > 0) {
    reportDrift(deps, request, drifted);
  }
  if (requested) {
    writeStatus(deps.api, request.scope, release, status => {
      status.lastHandledReconcileAt = requestedAt;
      return status.conditions;
    });
  }
  return { requeueAfterMs: interval };
}

/** The release's objects that changed or went, compared through server-side apply dry runs. */
async function findDrift(
  deps: ReleaseDeps,
  { release, desired }: ReleaseRequest,
): Promise<Drift[]> {
  const objects = await renderObjects(deps, release, desired, upgrade);
  const drifted: Drift[] = [];
  for (const object of installOrder(objects)) {
    const { scope, body } = appliedBody(deps.api, release, desired, object);
    const name = body.metadata.name!;
    const live = deps.api.store.get(
      `${scope.type.group}/${scope.type.plural}`,
      scope.namespace ?? '',
      name,
    );
    const subject = driftSubject({ ...body, kind: scope.type.kind });
    if (!live) {
      drifted.push({ body, scope, change: `${subject} removed` });
      continue;
    }
    const reapplied = deps.api.patch(scope, name, 'apply', body, {
      fieldManager: MANAGER,
      force: true,
      dryRun: true,
    }).object;
    if (hasDrifted(release, live, reapplied)) {
      drifted.push({ body, scope, change: `${subject} changed` });
    }
  }
  return drifted;
}

/** The DriftDetected event and, with mode `enabled`, the correction and its DriftCorrected event. */
function reportDrift(
  deps: ReleaseDeps,
  { release, desired }: ReleaseRequest,
  drifted: Drift[],
): void {
  const latest = release.status?.history?.[0];
  const releaseName = `${desired.targetNamespace}/${desired.releaseName}.v${latest?.version}`;
  deps.events.warning(
    release,
    'DriftDetected',
    `Cluster state of release ${releaseName} has drifted from the desired state:\n${drifted
      .map(d => d.change)
      .join('\n')}`,
  );
  if (driftMode(release) !== 'enabled') {
    return;
  }
  const corrected = drifted.map(({ body, scope, change }) => {
    deps.api.patch(
      scope,
      body.metadata.name!,
      'apply',
      withoutIgnored(release, body),
      { fieldManager: MANAGER, force: true },
    );
    return change.endsWith('removed')
      ? change.replace(/removed$/, 'created')
      : change.replace(/changed$/, 'configured');
  });
  deps.events.normal(
    release,
    'DriftCorrected',
    `Cluster state of release ${releaseName} has been corrected:\n${corrected.join(
      '\n',
    )}`,
  );
}
