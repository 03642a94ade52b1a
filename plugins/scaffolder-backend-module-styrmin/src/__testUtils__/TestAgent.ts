import {
  AgentFlowRun,
  AgentProtocolClient,
  StyrminApiError,
} from '@styrmin/sdk';

/**
 * What the agent does with a run: succeed it, or fail it at a step; `after` runs once the
 * step of that name has ended, before the next starts (a change made meanwhile).
 */
export type RunOutcome = {
  failAt?: string;
  after?: { step: string; run: () => Promise<void> };
};

/**
 * A cluster's agent reduced to the protocol: it claims the runs of its cluster's work pool
 * through the real agent protocol and reports each step and the run as the real agent
 * would, without a cluster behind it. The tests decide how each run ends.
 */
export class TestAgent {
  readonly #client: AgentProtocolClient;
  readonly #owner = `test-agent-${Math.random().toString(36).slice(2)}`;
  /** The runs it worked, in order. */
  readonly runs: AgentFlowRun[] = [];

  constructor(options: { serverUrl: string; token: string }) {
    this.#client = AgentProtocolClient.create({
      serverUrl: options.serverUrl,
      token: options.token,
    });
  }

  /** Claims one run and works it; false when the pool had none within `waitSeconds`. */
  async runOnce(
    decide: (run: AgentFlowRun) => RunOutcome = () => ({}),
    waitSeconds = 0,
  ): Promise<boolean> {
    const run = await this.#client.claim({ owner: this.#owner, waitSeconds });
    if (!run) {
      return false;
    }
    this.runs.push(run);
    const lease = { runId: run.id, owner: this.#owner, attempt: run.attempt };
    const { failAt, after } = decide(run);
    for (const step of run.task.steps) {
      if (step.status === 'SUCCEEDED' || step.status === 'SUPERSEDED') {
        continue;
      }
      const stepLease = {
        ...lease,
        stepId: step.id,
        stepAttempt: step.attempts + 1,
      };
      try {
        await this.#client.startStep(stepLease);
      } catch (error) {
        // A newer task of the deployment superseded the step meanwhile.
        if (error instanceof StyrminApiError && error.code === 'CONFLICT') {
          continue;
        }
        throw error;
      }
      if (step.name === failAt) {
        await this.#client.endStep({
          ...stepLease,
          status: 'FAILED',
          error: `${step.name} failed in the test`,
          outputTail: 'Error: the chart did not install\n',
        });
        await this.#client.completeRun({
          ...lease,
          state: 'FAILED',
          error: `${step.name} failed in the test`,
        });
        return true;
      }
      await this.#client.endStep({ ...stepLease, status: 'SUCCEEDED' });
      if (after?.step === step.name) {
        await after.run();
      }
    }
    await this.#client.completeRun({ ...lease, state: 'SUCCEEDED' });
    return true;
  }

  /** Works every run that comes until `until` settles. */
  async workUntil(
    until: Promise<unknown>,
    decide?: (run: AgentFlowRun) => RunOutcome,
  ): Promise<void> {
    let settled = false;
    until.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      if (!(await this.runOnce(decide))) {
        await new Promise(resolve => setTimeout(resolve, 10));
      }
    }
  }
}
