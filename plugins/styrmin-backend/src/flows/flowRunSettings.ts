import { InputError } from '@backstage/errors';
import { Config, readDurationFromConfig } from '@backstage/config';
import { durationToMilliseconds, HumanDuration } from '@backstage/types';
import { DEFAULT_FLOW_RUN_LEASE_SWEEP_INTERVAL } from './FlowRunBroker';
import { DEFAULT_FLOW_RUN_LEASE_SECONDS } from './FlowRunWorker';

/**
 * The flow-run queue's timing, from `styrmin.flows` (config.d.ts).
 *
 * @internal
 */
export type FlowRunSettings = {
  /** How long a lease lasts after a claim or a heartbeat, in seconds. */
  leaseSeconds: number;
  /** How often the lease-expiry sweep runs. */
  sweepInterval: HumanDuration;
};

/** A lease shorter than this leaves a worker no time between heartbeats (a third of it). */
const MIN_LEASE_SECONDS = 3;

/**
 * Reads `styrmin.flows.leaseDuration` and `styrmin.flows.sweepInterval` (Backstage
 * durations: `{ seconds: 30 }`, `'PT30S'`, `'30s'`); each defaults to what the queue was
 * built with, 30 s and 15 s. A lease under 3 s or a sweep interval that is not positive is
 * refused at start-up (InputError).
 *
 * @internal
 */
export function readFlowRunSettings(config: Config): FlowRunSettings {
  const duration = (key: string) =>
    config.has(key)
      ? durationToMilliseconds(readDurationFromConfig(config, { key }))
      : undefined;
  const leaseMs = duration('styrmin.flows.leaseDuration');
  const sweepMs = duration('styrmin.flows.sweepInterval');
  if (leaseMs !== undefined && !(leaseMs >= MIN_LEASE_SECONDS * 1000)) {
    throw new InputError(
      `styrmin.flows.leaseDuration must be at least ${MIN_LEASE_SECONDS} seconds`,
    );
  }
  if (sweepMs !== undefined && !(sweepMs > 0)) {
    throw new InputError('styrmin.flows.sweepInterval must be positive');
  }
  return {
    leaseSeconds:
      leaseMs === undefined ? DEFAULT_FLOW_RUN_LEASE_SECONDS : leaseMs / 1000,
    sweepInterval:
      sweepMs === undefined
        ? DEFAULT_FLOW_RUN_LEASE_SWEEP_INTERVAL
        : { milliseconds: sweepMs },
  };
}
