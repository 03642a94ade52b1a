import { APPLY_STYRMIN_DEPLOYMENT_STEP } from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import { waitFor } from '../__testUtils__/operatorSandbox';
import {
  AgentProtocolBackend,
  HeldRun,
  holdCreateRun,
  interceptedProtocol,
  useWorkerBackend,
} from './__testUtils__/workerBackend';
import { RunConflictError } from './ClaimedRun';

jest.setTimeout(60_000);

/*
 * ClaimedRun against the server's agent protocol (the backend's test helper on SQLite): what
 * it reports lands on the task, and how it treats a server that does not answer or moved on.
 */
describe('ClaimedRun', () => {
  const backendOf = useWorkerBackend();
  let backend: AgentProtocolBackend;
  let held: HeldRun | undefined;

  beforeEach(() => {
    backend = backendOf();
  });

  afterEach(() => {
    held?.claimed.release();
    held = undefined;
  });

  const stepOf = async (of: HeldRun, name: string) =>
    (await backend.readOnly.taskTree(of.claimed.run.task.id))!.steps.find(
      step => step.name === name,
    )!;

  it('reports a step start and end under its lease, and keeps the step as the server answered', async () => {
    held = await holdCreateRun(backend);
    const { claimed } = held;
    expect(claimed.step(APPLY_STYRMIN_DEPLOYMENT_STEP)).toMatchObject({
      status: 'PENDING',
      attempts: 0,
    });

    await claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP);
    expect(await stepOf(held, APPLY_STYRMIN_DEPLOYMENT_STEP)).toMatchObject({
      status: 'RUNNING',
      attempts: 1,
    });
    await claimed.endStep(APPLY_STYRMIN_DEPLOYMENT_STEP, {
      status: 'SUCCEEDED',
    });

    expect(await stepOf(held, APPLY_STYRMIN_DEPLOYMENT_STEP)).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
    });
    expect(claimed.step(APPLY_STYRMIN_DEPLOYMENT_STEP)).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
    });
    expect(claimed.steps.map(step => step.position)).toEqual(
      [...claimed.steps.map(step => step.position)].sort((a, b) => a - b),
    );
  });

  it("sends the lines noted of a step's attempt with its end, the first 20, and the next attempt's instead of them", async () => {
    held = await holdCreateRun(backend);
    const { claimed } = held;
    const step = APPLY_STYRMIN_DEPLOYMENT_STEP;
    await claimed.startStep(step);
    for (let i = 0; i < 25; i++) {
      claimed.noteStep(step, `line ${i}\nwrapped`);
    }
    await claimed.endStep(step, { status: 'FAILED', error: 'boom' });
    expect((await stepOf(held, step)).lines).toEqual(
      Array.from({ length: 20 }, (_, i) => `line ${i} wrapped`),
    );

    await claimed.startStep(step);
    claimed.noteStep(step, 'second attempt');
    await claimed.endStep(step, { status: 'SUCCEEDED' });
    expect((await stepOf(held, step)).lines).toEqual(['second attempt']);
  });

  it('sends neither a start of a running step nor an end it already sent', async () => {
    let protocol!: ReturnType<typeof interceptedProtocol>;
    held = await holdCreateRun(backend, {
      protocol: client => (protocol = interceptedProtocol(client, {})),
    });
    await held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP);
    await held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP);
    await held.claimed.endStep(APPLY_STYRMIN_DEPLOYMENT_STEP, {
      status: 'SUCCEEDED',
    });
    await held.claimed.endStep(APPLY_STYRMIN_DEPLOYMENT_STEP, {
      status: 'SUCCEEDED',
    });
    expect(protocol.calls).toMatchObject({ startStep: 1, endStep: 1 });
  });

  it('sends a report again until the server answers it', async () => {
    let unanswered = 2;
    let protocol!: ReturnType<typeof interceptedProtocol>;
    held = await holdCreateRun(backend, {
      protocol: client =>
        (protocol = interceptedProtocol(client, {
          startStep: (real, options) =>
            unanswered-- > 0
              ? Promise.reject(
                  new StyrminApiError({
                    code: 'UNAVAILABLE',
                    message: 'No answer',
                  }),
                )
              : real(options),
        })),
    });
    await held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP);
    expect(protocol.calls.startStep).toBe(3);
    expect(await stepOf(held, APPLY_STYRMIN_DEPLOYMENT_STEP)).toMatchObject({
      status: 'RUNNING',
      attempts: 1,
    });
    expect(
      held.logger.lines.filter(line =>
        line.includes('Report got no answer; sending it again'),
      ),
    ).toHaveLength(2);
  });

  it('throws a RunConflictError when the server moved on: the lease ran out and another agent holds the run', async () => {
    held = await holdCreateRun(backend);
    backend.clock.advance({ seconds: 31 });
    await backend.sweepLeases();
    const other = await held.cluster.agent.claim({ owner: 'agent-other' });
    expect(other?.id).toBe(held.claimed.run.id);

    await expect(
      held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP),
    ).rejects.toBeInstanceOf(RunConflictError);
  });

  it('aborts its signal when a heartbeat finds the lease gone', async () => {
    held = await holdCreateRun(backend, {
      leaseSeconds: 0.03,
      protocol: client =>
        interceptedProtocol(client, {
          heartbeat: () =>
            Promise.reject(
              new StyrminApiError({ code: 'CONFLICT', message: 'Lease gone' }),
            ),
        }),
    });
    await waitFor(() => held!.claimed.signal.aborted, {
      what: 'the signal to abort',
    });
    expect(held.claimed.signal.reason).toBeInstanceOf(RunConflictError);
    await expect(
      held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP),
    ).rejects.toThrow();
  });

  it('aborts its signal when the agent stops, and reports nothing more', async () => {
    let protocol!: ReturnType<typeof interceptedProtocol>;
    held = await holdCreateRun(backend, {
      protocol: client => (protocol = interceptedProtocol(client, {})),
    });
    held.stop.abort();
    expect(held.claimed.signal.aborted).toBe(true);
    await expect(
      held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP),
    ).rejects.toThrow('The agent is stopping');
    expect(protocol.calls.startStep).toBeUndefined();
  });

  it('cuts an error to the protocol bound of 16 KiB, keeping its start', async () => {
    held = await holdCreateRun(backend);
    await held.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP);
    await held.claimed.endStep(APPLY_STYRMIN_DEPLOYMENT_STEP, {
      status: 'FAILED',
      error: `start ${'x'.repeat(20_000)}`,
    });
    const [error] = (await stepOf(held, APPLY_STYRMIN_DEPLOYMENT_STEP)).errors;
    expect(error.message.startsWith('start xxx')).toBe(true);
    expect(error.message.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(error.message)).toBeLessThanOrEqual(16 * 1024);
  });
});
