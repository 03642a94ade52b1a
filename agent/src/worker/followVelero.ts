import { KubernetesObject } from '@kubernetes/client-node';
import { StyrminApiError } from '@styrmin/sdk';
import { isDeepStrictEqual } from 'node:util';
import { sleep } from '../cluster/sleep';
import { Logger } from '../logging/Logger';
import { VeleroKind } from '../velero/velero';
import { VeleroClient } from '../velero/VeleroClient';
import { VeleroOutcome } from '../velero/veleroStatus';

/** How long Velero may leave a new object unprocessed before the step gives up. */
export const DEFAULT_UNPROCESSED_TIMEOUT_MS = 10 * 60_000;

/** @public */
export interface FollowVeleroOptions<T extends KubernetesObject, S> {
  velero: VeleroClient;
  kind: VeleroKind;
  name: string;
  signal: AbortSignal;
  /**
   * What the object says now (read with what else it needs), and how it stands; undefined
   * object: it is gone.
   */
  observe(
    object: T | undefined,
  ): Promise<{ status: S; outcome: VeleroOutcome }>;
  /** Sends a status that changed; sent again until answered. */
  report(status: S): Promise<unknown>;
  log: Logger;
  /** How long Velero may leave the object in phase New. Default 10 minutes. */
  unprocessedTimeoutMs?: number;
  /** The first wait before a report that got no answer is sent again; it doubles to 10 s. */
  retryDelayMs?: number;
}

const unanswered = (error: unknown) =>
  !(error instanceof StyrminApiError) ||
  error.code === 'UNAVAILABLE' ||
  error.code === 'INTERNAL';

/**
 * Follows a Velero Backup or Restore until it ends: reads it, reports its status when it
 * changed, and waits for its next change with a watch of the object. Resolves when it
 * ends Completed; throws Velero's words when it ends otherwise, or when Velero leaves it
 * unprocessed (phase New) longer than `unprocessedTimeoutMs` (Velero is not running).
 * A report the server refuses for good (the record is gone) is logged and not sent again;
 * one that got no answer is sent again until answered, so that the last one arrives
 * before the step ends.
 */
export async function followVelero<T extends KubernetesObject, S>(
  options: FollowVeleroOptions<T, S>,
): Promise<void> {
  const { velero, kind, name, signal } = options;
  const unprocessedMs =
    options.unprocessedTimeoutMs ?? DEFAULT_UNPROCESSED_TIMEOUT_MS;
  const since = Date.now();
  let reported: S | undefined;
  for (;;) {
    const object = await velero.read<T>(kind, name);
    const { status, outcome } = await options.observe(object);
    if (!isDeepStrictEqual(status, reported)) {
      await reportUntilAnswered(options, status);
      reported = status;
    }
    if (outcome.ended) {
      if (!outcome.succeeded) {
        throw new Error(outcome.error);
      }
      return;
    }
    const phase = (object as { status?: { phase?: string } } | undefined)
      ?.status?.phase;
    if ((!phase || phase === 'New') && Date.now() - since > unprocessedMs) {
      throw new Error(
        `Velero has not processed ${kind} ${
          velero.namespace
        }/${name} in ${Math.round(
          unprocessedMs / 60_000,
        )} minutes: is Velero running in namespace ${velero.namespace}?`,
      );
    }
    await velero.waitForChange({
      kind,
      name,
      resourceVersion: object?.metadata?.resourceVersion,
      signal,
      maxWaitMs: Math.min(30_000, unprocessedMs),
    });
  }
}

async function reportUntilAnswered<S>(
  options: Pick<
    FollowVeleroOptions<never, S>,
    'report' | 'signal' | 'log' | 'retryDelayMs' | 'kind' | 'name'
  >,
  status: S,
): Promise<void> {
  let delay = options.retryDelayMs ?? 500;
  for (;;) {
    try {
      await options.report(status);
      return;
    } catch (error) {
      if (!unanswered(error)) {
        options.log.error('Server refused the status report', {
          [options.kind]: options.name,
          error: (error as Error).message,
        });
        return;
      }
      options.log.error('Status report got no answer; sending it again', {
        [options.kind]: options.name,
        error: (error as Error).message,
      });
      await sleep(delay, options.signal);
      delay = Math.min(delay * 2, 10_000);
    }
  }
}
