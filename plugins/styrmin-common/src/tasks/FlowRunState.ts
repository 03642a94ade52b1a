import { defineDomainEnum } from '../domain/domainEnum';

/**
 * The state of a flow run: one run of a flow in a work pool. A task's status is its flow
 * run's state and nothing else.
 *
 * There is no CANCELLED yet: nothing cancels a flow run. Whatever cancels one later must end
 * the task's open steps in the same transaction, as the lease-expiry sweep does, so that the
 * task result needs no new rule.
 *
 * @public
 */
export const FlowRunState = defineDomainEnum('flow run state', {
  SCHEDULED:
    'Waiting in its work pool for a worker to claim it, for the first time or again after a lease expired.',
  RUNNING: 'Claimed: a worker holds its lease and keeps it with heartbeats.',
  SUCCEEDED: 'Ended: its worker reported success.',
  FAILED: 'Ended: its worker reported a failure, usually a failed step.',
  CRASHED:
    'Ended: its lease expired on its last allowed attempt; the reason says so.',
});

/** @public */
export type FlowRunState = (typeof FlowRunState.values)[number];
