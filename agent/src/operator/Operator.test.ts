import { ensureTools } from '@styrmin/kube-sandbox';
import {
  exampleDeployment,
  exampleDriverFiles,
} from '../__testUtils__/exampleDeployment';
import {
  ClusterView,
  memoryLogger,
  OPERATOR_NAMESPACE,
  OperatorSandbox,
  startOperatorSandbox,
  waitFor,
} from '../__testUtils__/operatorSandbox';
import { PhaseStepTranscript } from '../__testUtils__/PhaseStepTranscript';
import { Operator } from './Operator';
import { OperatorStep } from '../styrminDeployment/OperatorStep';

jest.setTimeout(60_000);

/*
 * The operator end to end on kube-sandbox: informers, work queue, workers and reconciler,
 * with Flux's stand-in installing the example driver's real chart.
 */
describe('Operator', () => {
  let sandbox: OperatorSandbox;
  let view: ClusterView;
  let operator: Operator;
  let steps: PhaseStepTranscript;
  const logger = memoryLogger();

  beforeAll(async () => {
    sandbox = await startOperatorSandbox();
    view = new ClusterView(sandbox);
    steps = await PhaseStepTranscript.start(sandbox.kubeConfig);
    operator = Operator.create({
      kubeConfig: sandbox.kubeConfig,
      driverChartsUrl: sandbox.driverChartsUrl,
      helm: (await ensureTools()).helm,
      driverFiles: exampleDriverFiles(),
      logger,
      workers: 2,
    });
    await operator.start();
  });

  afterAll(async () => {
    await operator.stop();
    await steps.stop();
    await sandbox.stop();
  });

  async function deleteServiceAndWaitForIt(namespace: string) {
    const before = await view.read('v1', 'Service', 'http', namespace);
    await view.core.deleteNamespacedService({ name: 'http', namespace });
    const after = await waitFor(
      async () => {
        const service = await view.read('v1', 'Service', 'http', namespace);
        return (
          service && service.metadata.uid !== before.metadata.uid && service
        );
      },
      { what: 'the Service to come back' },
    );
    expect(after.spec.selector).toEqual(before.spec.selector);
  }

  const serverPods = async (namespace: string) =>
    (await view.readyPods(namespace)).filter(pod =>
      pod.metadata!.name!.startsWith('infrahub-infrahub-server-'),
    );

  it('deploys, follows a new instance, brings back what is deleted by hand, and cleans up', async () => {
    await view.create(exampleDeployment({ id: 'e1', taskId: 't1' }));
    await waitFor(async () => (await view.ready('e1'))?.status === 'True', {
      what: 'e1 to be Ready',
    });
    expect(await view.readyPods('styrmin-e1')).toHaveLength(4);
    expect(
      await view.read('v1', 'Service', 'http', 'styrmin-e1'),
    ).toBeDefined();
    await steps.caughtUp(view, 'e1');
    expect(
      steps
        .events(`${OPERATOR_NAMESPACE}/e1`)
        .filter(e => e.status === 'SUCCEEDED')
        .map(e => e.step),
    ).toEqual(Object.values(OperatorStep));

    // A new instance: a replica override and an env override on the server.
    await view.replaceSpec(
      exampleDeployment({
        id: 'e1',
        instanceId: 'i2',
        taskId: 't2',
        configuration: {
          components: { server: { replicas: 3, env: { STYRMIN: 'yes' } } },
        },
      }),
    );
    await waitFor(async () => (await serverPods('styrmin-e1')).length === 3, {
      what: 'three server pods',
    });
    const pod = (await serverPods('styrmin-e1'))[0];
    expect(pod.spec!.containers[0].env).toContainEqual({
      name: 'STYRMIN',
      value: 'yes',
    });
    await waitFor(async () => (await view.ready('e1'))?.status === 'True');

    // A Service deleted by hand comes back, also after the watches expire and relist.
    await deleteServiceAndWaitForIt('styrmin-e1');
    sandbox.faults.expireWatches();
    sandbox.faults.compactHistory();
    await deleteServiceAndWaitForIt('styrmin-e1');

    expect(logger.lines.join('\n')).not.toMatch(/level=error/);

    // So does the namespace, with the release in it. (Until the operator sees it terminate,
    // its writes into it may fail: those reconciles are retried.)
    const namespace = await view.read('v1', 'Namespace', 'styrmin-e1');
    await view.core.deleteNamespace({ name: 'styrmin-e1' });
    await waitFor(
      async () => {
        const again = await view.read('v1', 'Namespace', 'styrmin-e1');
        return (
          again &&
          again.metadata.uid !== namespace.metadata.uid &&
          (await serverPods('styrmin-e1')).length === 3 &&
          (await view.read('v1', 'Service', 'http', 'styrmin-e1'))
        );
      },
      { what: 'the namespace to come back with its pods' },
    );

    await view.delete('e1');
    await waitFor(async () => (await view.deployment('e1')) === undefined, {
      what: 'the StyrminDeployment to go',
    });
    expect(await view.read('v1', 'Namespace', 'styrmin-e1')).toBeUndefined();
  });

  it('reports a chart that fails to render as Ready=False with a readable reason', async () => {
    await view.create(
      exampleDeployment({
        id: 'e2',
        taskId: 't1',
        configuration: { parameters: { admin_password: '' } },
      }),
    );
    const ready = await waitFor(async () => {
      const condition = await view.ready('e2');
      return condition?.status === 'False' && condition;
    });
    expect(ready).toMatchObject({
      reason: 'HelmReleaseFailed',
      message: expect.stringContaining('infrahub.adminPassword is required'),
    });
  });
});
