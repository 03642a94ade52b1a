import { V1ContainerStatus, V1Pod } from '@kubernetes/client-node';
import { DriverComponent } from '@styrmin/plugin-styrmin-common';
import { AgentPodStatus } from '@styrmin/sdk';
import { matchesSelector } from '../styrminDeployment/labels';

const PHASES: ReadonlyArray<AgentPodStatus['phase']> = [
  'Pending',
  'Running',
  'Succeeded',
  'Failed',
  'Unknown',
];

const isoOf = (time: Date | string | undefined) =>
  time === undefined ? undefined : new Date(time).toISOString();

/**
 * One pod as a PodStatus row: its phase, whether it is Ready, its containers' restarts,
 * when it started, the component whose label selector matches it (the first in the driver's
 * order), and, when it is not ready, the reason a container gives (CrashLoopBackOff,
 * ImagePullBackOff, Error, ...).
 */
export function podStatus(
  pod: V1Pod,
  components: Record<string, DriverComponent>,
): AgentPodStatus {
  const containers = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  const ready =
    pod.status?.conditions?.some(
      c => c.type === 'Ready' && c.status === 'True',
    ) ?? false;
  const phase = PHASES.find(p => p === pod.status?.phase) ?? 'Unknown';
  const reason = ready
    ? undefined
    : containers
        .map(c => c.state?.waiting?.reason ?? c.state?.terminated?.reason)
        .find(Boolean) ?? pod.status?.reason;
  const component = Object.entries(components).find(([, declared]) =>
    matchesSelector(declared.selector, pod.metadata?.labels),
  )?.[0];
  const startedAt = isoOf(pod.status?.startTime);
  return {
    name: pod.metadata!.name!,
    phase,
    ready,
    restarts: containers.reduce((sum, c) => sum + (c.restartCount ?? 0), 0),
    ...(startedAt ? { startedAt } : {}),
    ...(component ? { component } : {}),
    ...(reason ? { reason } : {}),
  };
}

/**
 * What {@link podStatus} reads of a pod, and all that the status reporter's cache keeps of
 * each: its name, namespace, labels and resourceVersion, its phase, reason and start time,
 * its Ready condition and its containers' restarts and waiting or terminated reasons. A
 * pod's spec and the rest of its status are most of its size.
 */
export function podFields(pod: V1Pod): V1Pod {
  const { name, namespace, resourceVersion, labels } = pod.metadata ?? {};
  const containers = (statuses: V1ContainerStatus[] | undefined) =>
    statuses?.map(
      ({ restartCount, state }) =>
        ({
          restartCount,
          state: {
            ...(state?.waiting
              ? { waiting: { reason: state.waiting.reason } }
              : {}),
            ...(state?.terminated
              ? { terminated: { reason: state.terminated.reason } }
              : {}),
          },
        } as V1ContainerStatus),
    );
  const { status } = pod;
  return {
    apiVersion: pod.apiVersion,
    kind: pod.kind,
    metadata: { name, namespace, resourceVersion, labels },
    ...(status
      ? {
          status: {
            phase: status.phase,
            reason: status.reason,
            startTime: status.startTime,
            conditions: status.conditions
              ?.filter(c => c.type === 'Ready')
              .map(({ type, status: ready }) => ({ type, status: ready })),
            initContainerStatuses: containers(status.initContainerStatuses),
            containerStatuses: containers(status.containerStatuses),
          },
        }
      : {}),
  };
}
