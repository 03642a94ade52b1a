import { KubeObject } from '../../store/types';
import { JsonMap } from '../../util/json';
import { Condition, setCondition } from '../conditions';
import { WorkloadSettings } from './ContainerRuntime';
import { ContainerRuntimeState, PodRuntime } from './PodRuntime';

/*
 * Pod status as the kubelet writes it: phase, the five conditions, and a status per container
 * with its state (waiting with its reason, running, terminated), last state and restarts.
 */

const NODE_IP = '10.0.0.1';

/** A container's `terminated` state (also its `lastState` after a restart). */
export function terminatedState(container: ContainerRuntimeState): JsonMap {
  return {
    exitCode: container.exitCode,
    reason: container.exitCode === 0 ? 'Completed' : 'Error',
    startedAt: container.startedAt,
    finishedAt: container.finishedAt,
    containerID: container.containerId,
  };
}

function containerStatus(
  container: ContainerRuntimeState,
  settings: WorkloadSettings,
): JsonMap {
  let state: JsonMap;
  switch (container.phase) {
    case 'running':
      state = { running: { startedAt: container.startedAt } };
      break;
    case 'terminated':
      state = { terminated: terminatedState(container) };
      break;
    case 'backoff':
      state = {
        waiting: {
          reason: 'CrashLoopBackOff',
          message: `back-off ${Math.round(
            settings.crashBackoffMs / 1000,
          )}s restarting failed container=${container.name}`,
        },
      };
      break;
    case 'pullError':
      state = {
        waiting: container.pullBackOff
          ? {
              reason: 'ImagePullBackOff',
              message: `Back-off pulling image "${container.image}"`,
            }
          : {
              reason: 'ErrImagePull',
              message:
                container.last?.message ??
                `rpc error: code = NotFound desc = failed to pull and unpack image "${container.image}": not found`,
            },
      };
      break;
    default:
      state = {
        waiting: {
          reason: container.init ? 'PodInitializing' : 'ContainerCreating',
        },
      };
  }
  const started = container.containerId !== undefined;
  return {
    name: container.name,
    image: container.image,
    imageID: started ? `${container.image}@sha256:${'0'.repeat(64)}` : '',
    ...(started ? { containerID: container.containerId } : {}),
    ready: container.ready,
    started: container.phase === 'running',
    restartCount: container.restartCount,
    state,
    lastState: container.last?.terminated
      ? { terminated: container.last.terminated }
      : {},
  };
}

/** The status the kubelet writes for a pod in this runtime state. */
export function podStatus(
  pod: KubeObject,
  runtime: PodRuntime,
  settings: WorkloadSettings,
): JsonMap {
  const main = runtime.containers.filter(c => !c.init);
  const inits = runtime.containers.filter(c => c.init);
  const restartPolicy = pod.spec.restartPolicy ?? 'Always';
  const initialized = inits.every(
    c => c.phase === 'terminated' && c.exitCode === 0,
  );
  const initFailed =
    inits.some(c => c.phase === 'terminated' && c.exitCode !== 0) &&
    restartPolicy === 'Never';
  const finished =
    main.every(c => c.phase === 'terminated') && restartPolicy !== 'Always';
  const failed =
    initFailed ||
    (finished && main.some(c => c.exitCode !== 0) && restartPolicy === 'Never');
  let phase = 'Pending';
  if (failed) {
    phase = 'Failed';
  } else if (finished && main.every(c => c.exitCode === 0)) {
    phase = 'Succeeded';
  } else if (initialized && main.every(c => c.containerId !== undefined)) {
    phase = 'Running';
  }
  const created = Date.now() >= runtime.createdAt + settings.startDelayMs;
  const allReady = main.every(c => c.ready);
  const unready = main.filter(c => !c.ready).map(c => c.name);
  const completed = phase === 'Succeeded' || phase === 'Failed';
  const notReady = {
    reason: completed ? 'PodCompleted' : 'ContainersNotReady',
    message: completed
      ? undefined
      : `containers with unready status: [${unready.join(' ')}]`,
  };
  const condition = (
    type: string,
    ok: boolean,
    otherwise?: { reason?: string; message?: string },
  ): Condition => ({
    type,
    status: ok ? 'True' : 'False',
    ...(ok ? {} : otherwise),
    lastProbeTime: null,
    observedGeneration: pod.metadata.generation,
  });
  let conditions: Condition[] = pod.status?.conditions ?? [];
  conditions = setCondition(
    conditions,
    condition('PodReadyToStartContainers', created && !completed),
  );
  conditions = setCondition(
    conditions,
    condition('Initialized', initialized, {
      reason: 'ContainersNotInitialized',
      message: `containers with incomplete status: [${inits
        .filter(c => c.phase !== 'terminated')
        .map(c => c.name)
        .join(' ')}]`,
    }),
  );
  conditions = setCondition(conditions, condition('Ready', allReady, notReady));
  conditions = setCondition(
    conditions,
    condition('ContainersReady', allReady, notReady),
  );
  conditions = setCondition(conditions, condition('PodScheduled', true));
  const status: JsonMap = {
    observedGeneration: pod.metadata.generation,
    phase,
    conditions,
    hostIP: NODE_IP,
    hostIPs: [{ ip: NODE_IP }],
    podIP: runtime.podIP,
    podIPs: [{ ip: runtime.podIP }],
    startTime: runtime.startTime,
    ...(inits.length
      ? { initContainerStatuses: inits.map(c => containerStatus(c, settings)) }
      : {}),
    containerStatuses: main.map(c => containerStatus(c, settings)),
    qosClass: pod.status?.qosClass,
  };
  return status;
}
