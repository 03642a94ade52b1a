import { JsonMap } from '../../util/json';
import { ContainerOutcome } from './ContainerRuntime';

/*
 * What the simulated kubelet knows about the pods it runs, beyond what their status shows:
 * times in milliseconds (status times have seconds only) and each container's outcome.
 */

export type ContainerPhase =
  | 'waiting'
  | 'running'
  | 'terminated'
  | 'backoff'
  | 'pullError';

/** What the simulated runtime knows about one container of a pod. */
export interface ContainerRuntimeState {
  name: string;
  image: string;
  init: boolean;
  phase: ContainerPhase;
  /** When the current phase started (ms). */
  since: number;
  restartCount: number;
  outcome?: ContainerOutcome;
  startedAt?: string;
  finishedAt?: string;
  exitCode?: number;
  containerId?: string;
  ready: boolean;
  last?: JsonMap;
  pullBackOff?: boolean;
}

export interface PodRuntime {
  uid: string;
  createdAt: number;
  podIP: string;
  startTime: string;
  containers: ContainerRuntimeState[];
  /** When the kubelet saw the graceful delete (ms). */
  terminatingSince?: number;
}
