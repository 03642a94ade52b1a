import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { memoryLogger } from '../__testUtils__/operatorSandbox';
import { Condition } from '../styrminDeployment/conditions';
import { StyrminDeployment } from '../styrminDeployment/StyrminDeployment';
import { conditionEvents, EventRecorder } from './EventRecorder';

const condition = (
  type: string,
  status: Condition['status'],
  reason: string,
  message: string,
): Condition => ({ type, status, reason, message, observedGeneration: 1 });

describe('conditionEvents', () => {
  it('tells of each phase that changed, and of Ready only when done', () => {
    const before = [
      condition('Ready', 'Unknown', 'Progressing', 'Waiting for Flux'),
      condition('NamespaceReady', 'True', 'Reconciled', 'Namespace is ready'),
      condition(
        'HelmReleaseReady',
        'Unknown',
        'Progressing',
        'Waiting for Flux',
      ),
      condition('ServicesReady', 'Unknown', 'Pending', 'Waits'),
    ];
    expect(
      conditionEvents(before, [
        condition('Ready', 'False', 'HelmReleaseFailed', 'install failed'),
        condition('NamespaceReady', 'True', 'Reconciled', 'Namespace is ready'),
        condition(
          'HelmReleaseReady',
          'False',
          'HelmReleaseFailed',
          'install failed',
        ),
        condition('ServicesReady', 'Unknown', 'Pending', 'Waits'),
      ]),
    ).toEqual([
      {
        type: 'Warning',
        reason: 'HelmReleaseFailed',
        message: 'install failed',
      },
    ]);
    expect(
      conditionEvents(before, [
        condition('Ready', 'True', 'Reconciled', 'Instance i1 is deployed'),
        condition('NamespaceReady', 'True', 'Reconciled', 'Namespace is ready'),
        condition(
          'HelmReleaseReady',
          'True',
          'Reconciled',
          'HelmRelease x is ready',
        ),
        condition(
          'ServicesReady',
          'True',
          'Reconciled',
          'Services are applied',
        ),
      ]),
    ).toEqual([
      {
        type: 'Normal',
        reason: 'HelmReleaseReady',
        message: 'HelmRelease x is ready',
      },
      {
        type: 'Normal',
        reason: 'ServicesReady',
        message: 'Services are applied',
      },
      {
        type: 'Normal',
        reason: 'Reconciled',
        message: 'Instance i1 is deployed',
      },
    ]);
  });

  it('tells of Ready alone when it is all that was written: an invalid spec, a deletion', () => {
    expect(
      conditionEvents(undefined, [
        condition(
          'Ready',
          'False',
          'InvalidSpec',
          'spec.instanceId is required',
        ),
      ]),
    ).toEqual([
      {
        type: 'Warning',
        reason: 'InvalidSpec',
        message: 'spec.instanceId is required',
      },
    ]);
    expect(
      conditionEvents(undefined, [
        condition(
          'Ready',
          'False',
          'Deleting',
          'Waiting for the namespace to go',
        ),
      ]),
    ).toEqual([
      {
        type: 'Normal',
        reason: 'Deleting',
        message: 'Waiting for the namespace to go',
      },
    ]);
  });
});

describe('EventRecorder', () => {
  let sandbox: Sandbox;
  const logger = memoryLogger();
  const resource: StyrminDeployment = {
    apiVersion: 'styrmin.io/v1alpha1',
    kind: 'StyrminDeployment',
    metadata: {
      name: 'd1',
      namespace: 'styrmin-system',
      uid: '2f0c6b8e-0000-4000-8000-000000000001',
    },
  } as StyrminDeployment;

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: false,
      flux: false,
      velero: false,
    });
    await sandbox.kubectl(['create', 'namespace', 'styrmin-system']);
    await sandbox.kubectl(['create', 'namespace', 'styrmin-d1']);
  });

  afterAll(() => sandbox.stop());

  it('writes core v1 Events on the resource, a repeat as a count on the same one', async () => {
    const recorder = EventRecorder.create({
      kubeConfig: sandbox.kubeConfig,
      logger,
    });
    const failure = {
      type: 'Warning' as const,
      reason: 'HelmReleaseFailed',
      message: 'install failed',
    };
    recorder.record(resource, failure);
    recorder.record(resource, failure);
    recorder.record(resource, {
      type: 'Normal',
      reason: 'Reconciled',
      message: 'Instance i1 is deployed',
    });
    await recorder.flush();
    const events = sandbox.api.store
      .list('/events', 'styrmin-system')
      .sort((a, b) => a.reason.localeCompare(b.reason));
    expect(events).toMatchObject([
      {
        involvedObject: {
          apiVersion: 'styrmin.io/v1alpha1',
          kind: 'StyrminDeployment',
          name: 'd1',
          namespace: 'styrmin-system',
          uid: resource.metadata!.uid,
        },
        type: 'Warning',
        reason: 'HelmReleaseFailed',
        message: 'install failed',
        count: 2,
        source: { component: 'styrmin-operator' },
        reportingComponent: 'styrmin-operator',
      },
      { type: 'Normal', reason: 'Reconciled', count: 1 },
    ]);
    expect(events[0].metadata.name).toMatch(/^d1\.[0-9a-f]+$/);
  });

  it("writes each Event again on the deployment record, in the deployment's namespace, naming the StyrminDeployment as related", async () => {
    const recorder = EventRecorder.create({
      kubeConfig: sandbox.kubeConfig,
      logger,
    });
    const deploymentRecord = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'styrmin-deployment',
        namespace: 'styrmin-d1',
        uid: '2f0c6b8e-0000-4000-8000-000000000002',
        resourceVersion: '7',
      },
    };
    const progressing = {
      type: 'Normal' as const,
      reason: 'Progressing',
      message: 'Waiting for Flux',
    };
    recorder.record(resource, progressing, { deploymentRecord });
    recorder.record(resource, progressing, { deploymentRecord });
    await recorder.flush();
    const inNamespace = sandbox.api.store.list('/events', 'styrmin-d1');
    expect(inNamespace).toMatchObject([
      {
        involvedObject: {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name: 'styrmin-deployment',
          namespace: 'styrmin-d1',
          uid: deploymentRecord.metadata.uid,
        },
        related: {
          kind: 'StyrminDeployment',
          name: 'd1',
          namespace: 'styrmin-system',
          uid: resource.metadata!.uid,
        },
        reason: 'Progressing',
        count: 2,
        source: { component: 'styrmin-operator' },
      },
    ]);
    expect(inNamespace[0].metadata.name).toMatch(
      /^styrmin-deployment\.[0-9a-f]+$/,
    );
    expect(
      sandbox.api.store
        .list('/events', 'styrmin-system')
        .filter(e => e.reason === 'Progressing'),
    ).toMatchObject([
      { involvedObject: { kind: 'StyrminDeployment', name: 'd1' }, count: 2 },
    ]);
    expect(
      sandbox.api.store.list('/events', 'styrmin-system')[0].related,
    ).toBeUndefined();
  });

  it('logs and drops an event it cannot write', async () => {
    const recorder = EventRecorder.create({
      kubeConfig: sandbox.kubeConfig,
      logger,
    });
    recorder.record(
      { ...resource, metadata: { ...resource.metadata, namespace: 'nowhere' } },
      { type: 'Normal', reason: 'Reconciled', message: 'x' },
    );
    await recorder.flush();
    expect(logger.lines.join('\n')).toContain('msg="Failed to record event"');
  });
});
