import { SandboxApi } from '../../../api/SandboxApi';
import { EventRecorder } from '../../EventRecorder';
import { findCondition } from '../../conditions';
import { HELM_RELEASES } from '../fluxResources';
import { MANAGER } from './ownership';
import { ReleaseDeps, ReleaseRequest } from './ReleaseRequest';

/**
 * The recorder of helm-controller's Events on HelmReleases (the actions' outcomes, drift),
 * named as Flux's controller reports itself.
 */
export function helmControllerEvents(api: SandboxApi): EventRecorder {
  return EventRecorder.create({ api, component: MANAGER });
}

/**
 * The Event helm-controller records when an action ends: its Ready condition's reason and
 * message (`InstallSucceeded`: `Helm install succeeded for release ...`), Normal on success
 * and Warning on failure, on the HelmRelease as it now stands.
 */
export function recordReadyEvent(
  deps: ReleaseDeps,
  { release }: ReleaseRequest,
): void {
  const current =
    deps.api.store.get(
      HELM_RELEASES,
      release.metadata.namespace!,
      release.metadata.name!,
    ) ?? release;
  const ready = findCondition(current.status?.conditions, 'Ready');
  if (!ready || ready.status === 'Unknown') {
    return;
  }
  deps.events.record(
    current,
    ready.status === 'True' ? 'Normal' : 'Warning',
    ready.reason!,
    ready.message!,
  );
}
