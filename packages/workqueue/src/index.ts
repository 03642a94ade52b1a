/**
 * The work queue of Styrmin's controllers (the agent's operator and kube-sandbox's simulated
 * controllers), as client-go's workqueue is shared by Kubernetes controllers.
 *
 * @packageDocumentation
 */

export type { Clock } from './Clock';
export { systemClock } from './Clock';
export type {
  WorkQueueOptions,
  WorkQueueAddRateLimitedOptions,
} from './WorkQueue';
export { WorkQueue } from './WorkQueue';
