import { waitFor } from '../__testUtils__/operatorSandbox';
import {
  Condition,
  ConditionType,
  Reason,
} from '../styrminDeployment/conditions';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import {
  AgentProtocolBackend,
  HeldRun,
  holdCreateRun,
  useWorkerBackend,
} from './__testUtils__/workerBackend';
import { RunConflictError } from './ClaimedRun';
import {
  OperatorPhaseSteps,
  OperatorStepFailedError,
} from './OperatorPhaseSteps';

jest.setTimeout(60_000);

/** The StyrminDeployment as the operator left it: what the in-memory reader answers. */
class FakeResource {
  resource: StyrminDeployment | undefined;
  reads = 0;

  constructor(held: HeldRun) {
    this.resource = {
      metadata: { name: held.claimed.run.deployment.id, generation: 1 },
      spec: {
        instanceId: held.claimed.run.instance!.id,
        taskId: held.claimed.run.task.id,
      },
      status: { conditions: [] },
    } as unknown as StyrminDeployment;
  }

  /** Sets conditions at the resource's generation, as the operator writes them. */
  set(
    ...conditions: Array<[ConditionType, Condition['status'], string, string?]>
  ) {
    const generation = this.resource!.metadata!.generation!;
    this.resource = {
      ...this.resource!,
      status: {
        conditions: conditions.map(([type, status, reason, message]) => ({
          type,
          status,
          reason,
          message: message ?? '',
          observedGeneration: generation,
        })),
      },
    };
  }

  readonly reader = {
    read: async () => {
      this.reads += 1;
      // As the API does, the answer comes in a later turn of the event loop.
      await new Promise(resolve => setImmediate(resolve));
      return this.resource;
    },
  };
}

/*
 * The operator's phases as steps of a run, read from the resource's status (an in-memory
 * reader) and reported over the server's agent protocol (the backend's test helper).
 */
describe('OperatorPhaseSteps', () => {
  const backendOf = useWorkerBackend();
  let backend: AgentProtocolBackend;
  let held: HeldRun | undefined;
  let fake: FakeResource;
  let phases: OperatorPhaseSteps;
  const signal = new AbortController().signal;

  beforeEach(async () => {
    backend = backendOf();
    held = await holdCreateRun(backend);
    // The steps before the operator's have run, as they do before its phases start.
    for (const step of held.claimed.steps) {
      if (step.name === OperatorStep.EnsureNamespace) {
        break;
      }
      await held.claimed.startStep(step.name);
      await held.claimed.endStep(step.name, { status: 'SUCCEEDED' });
    }
    fake = new FakeResource(held);
    phases = OperatorPhaseSteps.create({
      run: held.claimed,
      deployments: fake.reader,
      pollIntervalMs: 5,
    });
  });

  afterEach(() => {
    held?.claimed.release();
  });

  const stepOf = async (name: string) =>
    (await backend.readOnly.taskTree(held!.claimed.run.task.id))!.steps.find(
      step => step.name === name,
    )!;

  it('reports each phase as its condition says: running while Unknown, then its end', async () => {
    fake.set(
      [ConditionType.NamespaceReady, 'True', Reason.Reconciled],
      [ConditionType.ChartSourceReady, 'Unknown', Reason.Progressing],
      [ConditionType.HelmReleaseReady, 'Unknown', Reason.Pending],
    );
    await phases.waitFor(OperatorStep.EnsureNamespace, signal);
    expect(await stepOf(OperatorStep.EnsureNamespace)).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
    });

    const chartSource = phases.waitFor(OperatorStep.ApplyChartSource, signal);
    await waitFor(
      async () =>
        (await stepOf(OperatorStep.ApplyChartSource)).status === 'RUNNING',
      { what: 'the chart source step to run' },
    );
    expect(
      await stepOf(OperatorStep.InstallOrUpgradeHelmRelease),
    ).toMatchObject({ status: 'PENDING' });
    fake.set(
      [ConditionType.NamespaceReady, 'True', Reason.Reconciled],
      [ConditionType.ChartSourceReady, 'True', Reason.Reconciled],
    );
    await chartSource;
    expect(await stepOf(OperatorStep.ApplyChartSource)).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 1,
    });
  });

  it('fails the step with the condition message when its phase failed', async () => {
    fake.set(
      [ConditionType.NamespaceReady, 'True', Reason.Reconciled],
      [ConditionType.ChartSourceReady, 'True', Reason.Reconciled],
      [
        ConditionType.HelmReleaseReady,
        'False',
        Reason.ChartRenderFailed,
        'The chart does not render',
      ],
    );
    const failed = phases.waitFor(
      OperatorStep.InstallOrUpgradeHelmRelease,
      signal,
    );
    await expect(failed).rejects.toBeInstanceOf(OperatorStepFailedError);
    await expect(failed).rejects.toThrow('The chart does not render');
    expect(
      await stepOf(OperatorStep.InstallOrUpgradeHelmRelease),
    ).toMatchObject({
      status: 'FAILED',
      errors: [{ message: 'The chart does not render' }],
    });
  });

  it('waits while the conditions describe an older generation', async () => {
    fake.set([ConditionType.NamespaceReady, 'True', Reason.Reconciled]);
    fake.resource!.metadata!.generation = 2;
    const namespace = phases.waitFor(OperatorStep.EnsureNamespace, signal);
    const readsBefore = fake.reads;
    await waitFor(() => fake.reads >= readsBefore + 3, {
      what: 'three reads',
    });
    expect(await stepOf(OperatorStep.EnsureNamespace)).toMatchObject({
      status: 'PENDING',
    });
    fake.set([ConditionType.NamespaceReady, 'True', Reason.Reconciled]);
    await namespace;
    expect(await stepOf(OperatorStep.EnsureNamespace)).toMatchObject({
      status: 'SUCCEEDED',
    });
  });

  it('fails the first step that has not ended when the spec is refused', async () => {
    fake.set(
      [ConditionType.Ready, 'False', Reason.InvalidSpec, 'Bad spec'],
      [ConditionType.NamespaceReady, 'True', Reason.Reconciled],
    );
    await expect(
      phases.waitFor(OperatorStep.ApplyChartSource, signal),
    ).rejects.toThrow('Bad spec');
    expect(await stepOf(OperatorStep.EnsureNamespace)).toMatchObject({
      status: 'FAILED',
      errors: [{ message: 'Bad spec' }],
    });
  });

  it('fails the first step that has not ended when the resource is gone', async () => {
    fake.resource = undefined;
    await expect(
      phases.waitFor(OperatorStep.EnsureNamespace, signal),
    ).rejects.toThrow(
      'The StyrminDeployment resource was deleted while its instance was being deployed',
    );
    expect(await stepOf(OperatorStep.EnsureNamespace)).toMatchObject({
      status: 'FAILED',
    });
  });

  it('ends the wait with a RunConflictError once a newer instance holds the resource', async () => {
    fake.resource = {
      ...fake.resource!,
      spec: { ...fake.resource!.spec, instanceId: 'a-newer-instance' },
    };
    await expect(
      phases.waitFor(OperatorStep.EnsureNamespace, signal),
    ).rejects.toBeInstanceOf(RunConflictError);
    expect(await stepOf(OperatorStep.EnsureNamespace)).toMatchObject({
      status: 'PENDING',
    });
  });
});
