import { AgentFlowRun } from '@styrmin/plugin-styrmin-common';
import { Cluster } from '../clusters/ClusterStore';
import { retryOnDeadlock } from '../database/retryOnDeadlock';
import { FlowRunPool } from '../flows/FlowRunStore';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { toAgentFlowRun } from './toAgentFlowRun';

/**
 * While a claim waits, how often it looks at the database again: runs that another replica
 * dispatched, or that the lease sweep scheduled again there, wake no one here.
 *
 * @internal
 */
export const CLAIM_RECHECK_INTERVAL_MS = 2000;

/** @internal */
export type AgentRunClaimerClaimOptions = {
  cluster: Cluster;
  owner: string;
  waitSeconds: number;
  /** Aborted when the caller went away: the claim gives up and claims nothing more. */
  signal?: AbortSignal;
};

/**
 * Claims for agents, with the long poll: a claim that finds nothing waits for the broker's
 * wake-up of the cluster's pool, or the next re-check, until its time is up. The run and
 * its payload are read in the claim's transaction, so a claim that cannot be answered
 * leaves the run unclaimed.
 *
 * A claim by an owner that already holds a run of the pool under a lease that has not
 * expired gets that run back, its lease extended: the answer to a claim whose response was
 * lost. An agent therefore claims each run it holds at once with an owner of its own.
 *
 * @internal
 */
export class AgentRunClaimer {
  readonly #deps: AgentProtocolDeps;
  readonly #stopping = new AbortController();

  static create(deps: AgentProtocolDeps): AgentRunClaimer {
    return new AgentRunClaimer(deps);
  }

  private constructor(deps: AgentProtocolDeps) {
    this.#deps = deps;
  }

  async claim(
    options: AgentRunClaimerClaimOptions,
  ): Promise<AgentFlowRun | undefined> {
    const { cluster, owner, waitSeconds, signal } = options;
    const deadline = Date.now() + waitSeconds * 1000;
    for (;;) {
      const run = await this.#claimOnce(cluster, owner);
      const remaining = deadline - Date.now();
      if (
        run ||
        remaining <= 0 ||
        signal?.aborted ||
        this.#stopping.signal.aborted
      ) {
        return run;
      }
      await this.#wait(
        cluster.workPool,
        Math.min(remaining, CLAIM_RECHECK_INTERVAL_MS),
        signal,
      );
      if (signal?.aborted) {
        return undefined;
      }
    }
  }

  /** Ends every waiting claim (they answer that none came) and refuses to wait again. */
  stop(): void {
    this.#stopping.abort();
  }

  async #claimOnce(
    cluster: Cluster,
    owner: string,
  ): Promise<AgentFlowRun | undefined> {
    const { knex, flowRuns, leaseSeconds } = this.#deps;
    const pool = cluster.workPool;
    return retryOnDeadlock(() =>
      knex.transaction(async tx => {
        const held = await flowRuns.getRunLeasedTo({ tx, pool, owner });
        let run = held;
        if (held) {
          const { leaseExpiresAt } = await flowRuns.heartbeat({
            tx,
            lease: { flowRunId: held.id, owner, attempt: held.attempts },
            leaseSeconds,
          });
          run = { ...held, leaseExpiresAt };
        } else {
          run = await flowRuns.claim({ tx, pool, owner, leaseSeconds });
        }
        const claimed =
          run && (await toAgentFlowRun(this.#deps, { tx, run, cluster }));
        if (claimed && !held) {
          // The claim started the run's task.
          this.#deps.changes.notify({
            tx,
            deploymentIds: [claimed.task.deploymentId],
          });
        }
        return claimed;
      }),
    );
  }

  /** Until the pool may have a run, `ms` pass, the caller goes away, or the server stops. */
  async #wait(
    pool: FlowRunPool,
    ms: number,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    await new Promise<void>(resolve => {
      const stopSignals = [this.#stopping.signal, signal].filter(
        (s): s is AbortSignal => s !== undefined,
      );
      const cleanUp: Array<() => void> = [];
      const done = () => {
        cleanUp.forEach(fn => fn());
        resolve();
      };
      const timer = setTimeout(done, ms);
      cleanUp.push(
        () => clearTimeout(timer),
        this.#deps.broker.onClaimable(pool, done),
      );
      for (const s of stopSignals) {
        s.addEventListener('abort', done, { once: true });
        cleanUp.push(() => s.removeEventListener('abort', done));
      }
    });
  }
}
