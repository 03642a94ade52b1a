import { randomBytes } from 'node:crypto';
import { SandboxApi } from '../../../api/SandboxApi';
import { KubeObject } from '../../../store/types';
import { timestamp } from '../../../util/json';
import { MANAGER } from './ownership';

/** Records an Event about a release, as helm-controller's event recorder does. */
export function recordEvent(
  api: SandboxApi,
  release: KubeObject,
  event: { type: 'Normal' | 'Warning'; reason: string; message: string },
): void {
  const now = timestamp();
  api.create(
    api.scope('v1', 'Event', release.metadata.namespace),
    {
      metadata: {
        name: `${release.metadata.name}.${randomBytes(8).toString('hex')}`,
      },
      involvedObject: {
        apiVersion: 'helm.toolkit.fluxcd.io/v2',
        kind: 'HelmRelease',
        name: release.metadata.name,
        namespace: release.metadata.namespace,
        uid: release.metadata.uid,
        resourceVersion: release.metadata.resourceVersion,
      },
      ...event,
      source: { component: MANAGER },
      reportingComponent: MANAGER,
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    },
    { fieldManager: MANAGER },
  );
}
