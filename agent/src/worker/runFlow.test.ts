import { APPLY_STYRMIN_DEPLOYMENT_STEP } from '@styrmin/plugin-styrmin-common';
import {
  AgentProtocolBackend,
  HeldRun,
  holdCreateRun,
  holdNextRun,
  useWorkerBackend,
} from './__testUtils__/workerBackend';
import { StepRunner, FlowStepRunners } from './StepRunner';
import { OperatorStepFailedError } from './OperatorPhaseSteps';
import { runFlow } from './runFlow';

jest.setTimeout(60_000);

/** Flow steps that do nothing but say which ran, in order; `overrides` by step name. */
function recordingSteps(overrides: Record<string, StepRunner | null> = {}) {
  const ran: string[] = [];
  const steps: FlowStepRunners = name => {
    if (overrides[name] === null) {
      return undefined;
    }
    return (
      overrides[name] ?? {
        run: async () => {
          ran.push(name);
        },
      }
    );
  };
  return { ran, steps };
}

/*
 * runFlow over a claimed run against the server's agent protocol (the backend's test helper
 * on SQLite), with flow steps that the test writes.
 */
describe('runFlow', () => {
  const backendOf = useWorkerBackend();
  let backend: AgentProtocolBackend;
  const held: HeldRun[] = [];

  beforeEach(() => {
    backend = backendOf();
  });

  afterEach(() => {
    held.splice(0).forEach(h => h.claimed.release());
  });

  async function hold(): Promise<HeldRun> {
    const h = await holdCreateRun(backend);
    held.push(h);
    return h;
  }

  const taskOf = async (h: HeldRun) =>
    (await backend.readOnly.taskTree(h.claimed.run.task.id))!;

  it('runs every step of the task in order, reports each, and ends the run SUCCEEDED', async () => {
    const h = await hold();
    const { ran, steps } = recordingSteps();

    await expect(runFlow(h.claimed, steps)).resolves.toEqual({
      state: 'SUCCEEDED',
    });

    const task = await taskOf(h);
    expect(ran).toEqual(h.claimed.run.task.steps.map(step => step.name));
    expect(task).toMatchObject({ status: 'SUCCEEDED', result: 'SUCCEEDED' });
    expect(task.steps.map(step => [step.status, step.attempts])).toEqual(
      task.steps.map(() => ['SUCCEEDED', 1]),
    );
  });

  it('ends a step that ran a command with the end of its output, kept on the server', async () => {
    const h = await hold();
    const output = Array.from({ length: 250 }, (_, i) => `line ${i}`).join(
      '\n',
    );
    const { steps } = recordingSteps({
      [APPLY_STYRMIN_DEPLOYMENT_STEP]: { run: async () => ({ output }) },
    });

    await expect(runFlow(h.claimed, steps)).resolves.toEqual({
      state: 'SUCCEEDED',
    });

    const task = await taskOf(h);
    const apply = task.steps.find(
      step => step.name === APPLY_STYRMIN_DEPLOYMENT_STEP,
    );
    // Cut to the protocol's 200 lines by the agent.
    expect(apply?.outputTail?.split('\n')).toEqual(
      output.split('\n').slice(50),
    );
    expect(
      task.steps.filter(step => step !== apply).map(step => step.outputTail),
    ).toEqual(task.steps.slice(1).map(() => null));
  });

  it('ends the run FAILED with the failing step, its error and the output of the failed command', async () => {
    const h = await hold();
    const { ran, steps } = recordingSteps({
      [APPLY_STYRMIN_DEPLOYMENT_STEP]: {
        run: async () => {
          throw Object.assign(new Error('The API refused it'), {
            output: 'line 1\nline 2\n',
          });
        },
      },
    });

    await expect(runFlow(h.claimed, steps)).resolves.toEqual({
      state: 'FAILED',
      error: `${APPLY_STYRMIN_DEPLOYMENT_STEP}: The API refused it`,
    });

    const names = h.claimed.run.task.steps.map(step => step.name);
    expect(ran).toEqual(
      names.slice(0, names.indexOf(APPLY_STYRMIN_DEPLOYMENT_STEP)),
    );
    const task = await taskOf(h);
    expect(task).toMatchObject({ status: 'FAILED', result: 'FAILED' });
    expect(
      task.steps.find(step => step.name === APPLY_STYRMIN_DEPLOYMENT_STEP),
    ).toMatchObject({
      status: 'FAILED',
      errors: [
        { message: 'The API refused it', outputTail: 'line 1\nline 2\n' },
      ],
    });
  });

  it('fails the run on a step that the flow does not know', async () => {
    const h = await hold();
    const { steps } = recordingSteps({ [APPLY_STYRMIN_DEPLOYMENT_STEP]: null });

    const outcome = await runFlow(h.claimed, steps);

    expect(outcome).toEqual({
      state: 'FAILED',
      error: `${APPLY_STYRMIN_DEPLOYMENT_STEP}: This agent does not know the step "${APPLY_STYRMIN_DEPLOYMENT_STEP}" of flow CREATE_INSTANCE`,
    });
  });

  it('leaves the step to report itself when it says so, and reports no step twice for an operator failure', async () => {
    const h = await hold();
    const { steps } = recordingSteps({
      [APPLY_STYRMIN_DEPLOYMENT_STEP]: {
        reportsItself: true,
        run: async () => {
          await h.claimed.startStep(APPLY_STYRMIN_DEPLOYMENT_STEP);
          await h.claimed.endStep(APPLY_STYRMIN_DEPLOYMENT_STEP, {
            status: 'FAILED',
            error: 'Reported by the step',
          });
          throw new OperatorStepFailedError('Reported by the step');
        },
      },
    });

    await expect(runFlow(h.claimed, steps)).resolves.toEqual({
      state: 'FAILED',
      error: `${APPLY_STYRMIN_DEPLOYMENT_STEP}: Reported by the step`,
    });
    expect(
      (await taskOf(h)).steps.find(
        step => step.name === APPLY_STYRMIN_DEPLOYMENT_STEP,
      ),
    ).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      errors: [{ message: 'Reported by the step' }],
    });
  });

  it('leaves the run to its lease when the agent stops, and the next claim runs only what did not succeed', async () => {
    const first = await hold();
    const names = first.claimed.run.task.steps.map(step => step.name);
    const stopAt = names.indexOf(APPLY_STYRMIN_DEPLOYMENT_STEP);
    const { ran, steps } = recordingSteps({
      [APPLY_STYRMIN_DEPLOYMENT_STEP]: {
        run: async () => {
          first.stop.abort();
          first.claimed.signal.throwIfAborted();
        },
      },
    });

    await expect(runFlow(first.claimed, steps)).resolves.toEqual({
      state: 'LEFT',
    });
    expect(ran).toEqual(names.slice(0, stopAt));
    expect(await taskOf(first)).toMatchObject({ status: 'RUNNING' });

    backend.clock.advance({ seconds: 31 });
    await backend.sweepLeases();
    const second = await holdNextRun(first.cluster);
    held.push(second);
    expect(second.claimed.run.id).toBe(first.claimed.run.id);
    const again = recordingSteps();
    await expect(runFlow(second.claimed, again.steps)).resolves.toEqual({
      state: 'SUCCEEDED',
    });
    expect(again.ran).toEqual(names.slice(stopAt));
  });
});
