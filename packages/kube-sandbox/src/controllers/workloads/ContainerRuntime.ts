import { KubeObject } from '../../store/types';
import { JsonMap } from '../../util/json';

/**
 * What a simulated container does when it starts:
 * - `run`: keeps running and becomes ready (a server);
 * - `exit`: runs for `runMs`, writes `logs`, and exits with `exitCode`;
 * - `crash`: exits with `exitCode` (default 1) right after starting, every attempt: a pod that
 *   restarts it goes into CrashLoopBackOff;
 * - `imagePullError`: the image never pulls (ErrImagePull, then ImagePullBackOff).
 */
export type ContainerOutcome =
  | { kind: 'run'; logs?: string }
  | { kind: 'exit'; exitCode: number; logs?: string; runMs?: number }
  | { kind: 'crash'; exitCode?: number; logs?: string }
  | { kind: 'imagePullError'; message?: string };

export interface ContainerRun {
  pod: KubeObject;
  container: JsonMap;
  /** 0 for the first run of this container in this pod, then 1, 2… after restarts. */
  restartCount: number;
  /** Whether it is an init container. */
  init: boolean;
}

/**
 * Decides each container's outcome. Return undefined to get the default: pods that do not
 * restart (Jobs) and init containers exit 0 with a log line saying that the sandbox simulated
 * them and ran nothing (simulatedRunLog); others run.
 */
export type ContainerRunner = (
  context: ContainerRun,
) => ContainerOutcome | undefined | Promise<ContainerOutcome | undefined>;

/** The knobs of the simulated kubelet; change them at any time through `sandbox.workloads`. */
export interface WorkloadSettings {
  /** From scheduling to running containers (ContainerCreating). Default 20 ms. */
  startDelayMs: number;
  /** From running to ready. Default 20 ms. */
  readyDelayMs: number;
  /**
   * How long a crashed container waits before its next attempt, and a Job before the pod after
   * a failed one (doubling per failure). Default 50 ms.
   */
  crashBackoffMs: number;
  /** From a graceful delete to the pod being gone. Default 10 ms. */
  terminationDelayMs: number;
  runContainer?: ContainerRunner;
}

export const DEFAULT_WORKLOAD_SETTINGS: WorkloadSettings = {
  startDelayMs: 20,
  readyDelayMs: 20,
  crashBackoffMs: 50,
  terminationDelayMs: 10,
};

export function defaultOutcome(context: ContainerRun): ContainerOutcome {
  const restartPolicy = context.pod.spec?.restartPolicy ?? 'Always';
  return context.init || restartPolicy !== 'Always'
    ? { kind: 'exit', exitCode: 0, logs: simulatedRunLog(context.container) }
    : { kind: 'run' };
}

/**
 * What a container that exits by default writes, so that its log cannot pass for the output
 * of the real command (a Job's `sh -c 'exit 3'` would otherwise succeed in silence).
 */
export function simulatedRunLog(container: JsonMap): string {
  const command = [...(container.command ?? []), ...(container.args ?? [])];
  const what = command.length
    ? `its command ${JSON.stringify(command)}`
    : `the entrypoint of image ${container.image}`;
  return (
    `kube-sandbox: simulated container "${container.name}" without running ${what}; ` +
    `it exits 0 (tests script outcomes with sandbox.workloads.runContainer)\n`
  );
}
