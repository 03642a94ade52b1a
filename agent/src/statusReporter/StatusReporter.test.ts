import { Sandbox } from '@styrmin/kube-sandbox';
import { AgentDeploymentStatusReport, StyrminApiError } from '@styrmin/sdk';
import { exampleDeployment } from '../__testUtils__/exampleDeployment';
import {
  ClusterView,
  memoryLogger,
  OPERATOR_NAMESPACE,
  startOperatorSandbox,
  waitFor,
} from '../__testUtils__/operatorSandbox';
import {
  STYRMIN_DEPLOYMENT_PLURAL,
  STYRMIN_GROUP,
  STYRMIN_VERSION,
} from '../styrminDeployment/StyrminDeployment';
import { StatusReporter } from './StatusReporter';
import { PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';

jest.setTimeout(60_000);

/*
 * The status reporter against kube-sandbox: a StyrminDeployment (written here, with no
 * operator) and a workload in its namespace, whose pods the simulated kubelet runs.
 */
describe('StatusReporter', () => {
  let sandbox: Sandbox;
  let view: ClusterView;
  let reporter: StatusReporter;
  const reports: AgentDeploymentStatusReport[] = [];
  let failNext = 0;

  beforeAll(async () => {
    sandbox = await startOperatorSandbox();
    view = new ClusterView(sandbox);
  });

  afterAll(async () => {
    await reporter?.stop();
    await sandbox.stop();
  });

  const writeStatus = (id: string, status: object) =>
    view.custom.patchNamespacedCustomObjectStatus(
      {
        group: STYRMIN_GROUP,
        version: STYRMIN_VERSION,
        plural: STYRMIN_DEPLOYMENT_PLURAL,
        namespace: OPERATOR_NAMESPACE,
        name: id,
        body: { status },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );

  const ready = (status: string) => ({
    observedGeneration: 1,
    conditions: [
      {
        type: 'Ready',
        status,
        reason: 'Reconciled',
        message: 'm',
        observedGeneration: 1,
        // The CRD requires it, as a real API server enforces.
        lastTransitionTime: '2026-01-01T00:00:00Z',
      },
    ],
  });

  it('reports the status and the pods of each deployment, only when they change', async () => {
    await view.create(exampleDeployment({ id: 's1' }));
    await writeStatus('s1', ready('Unknown'));
    await view.core.createNamespace({
      body: { metadata: { name: 'styrmin-s1' } },
    });
    const labels = {
      'app.kubernetes.io/name': 'infrahub',
      'app.kubernetes.io/component': 'server',
    };
    await view.apps.createNamespacedDeployment({
      namespace: 'styrmin-s1',
      body: {
        metadata: { name: 'server', labels },
        spec: {
          replicas: 2,
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: { containers: [{ name: 'server', image: 'infrahub:1' }] },
          },
        },
      },
    });
    // A pod of another namespace is none of its business.
    await view.core.createNamespacedPod({
      namespace: OPERATOR_NAMESPACE,
      body: {
        metadata: { name: 'elsewhere' },
        spec: { containers: [{ name: 'c', image: 'x' }] },
      },
    });

    failNext = 1;
    reporter = StatusReporter.create({
      kubeConfig: sandbox.kubeConfig,
      namespace: OPERATOR_NAMESPACE,
      logger: memoryLogger(),
      intervalMs: 50,
      report: async report => {
        if (failNext > 0) {
          failNext--;
          throw new StyrminApiError({ code: 'UNAVAILABLE', message: 'down' });
        }
        reports.push(report);
        return { changed: true };
      },
    });
    await reporter.start();

    const both = await waitFor(
      () => {
        const last = reports.at(-1);
        return last?.pods.filter(pod => pod.ready).length === 2
          ? last
          : undefined;
      },
      { what: 'two ready pods reported' },
    );
    expect(both).toMatchObject({
      deploymentId: 's1',
      observedAt: expect.any(String),
      status: ready('Unknown'),
    });
    expect(both.pods[0]).toEqual({
      name: expect.stringMatching(/^server-/),
      phase: 'Running',
      ready: true,
      restarts: 0,
      startedAt: expect.any(String),
      component: 'server',
    });

    await writeStatus('s1', ready('True'));
    await waitFor(
      () => (reports.at(-1)?.status as any)?.conditions?.[0].status === 'True',
      { what: 'the new status reported' },
    );
    // Every report says something new.
    for (let i = 1; i < reports.length; i++) {
      expect({ ...reports[i], observedAt: '' }).not.toEqual({
        ...reports[i - 1],
        observedAt: '',
      });
    }
    expect(reports.every(report => report.deploymentId === 's1')).toBe(true);

    await view.apps.patchNamespacedDeploymentScale(
      {
        name: 'server',
        namespace: 'styrmin-s1',
        body: { spec: { replicas: 1 } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await waitFor(() => reports.at(-1)?.pods.length === 1, {
      what: 'one pod reported',
    });

    // The operator stopping a component changes only that field of the status.
    await writeStatus('s1', { stoppedComponents: ['server'] });
    const stopped = await waitFor(
      () => {
        const last = reports.at(-1);
        return (last?.status as any)?.stoppedComponents ? last : undefined;
      },
      { what: 'the stopped component reported' },
    );
    expect(stopped.status).toEqual({
      ...ready('True'),
      stoppedComponents: ['server'],
    });
  });
});
