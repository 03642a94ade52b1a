import { KubernetesObject } from '@kubernetes/client-node';
import { ensureTools } from '@styrmin/kube-sandbox';
import {
  exampleDeployment,
  ExampleDeploymentOptions,
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
import { ClusterClient } from './ClusterClient';
import { ConditionType } from '../styrminDeployment/conditions';
import { HelmChartRenderer } from './HelmChartRenderer';
import { PhaseStepTranscript } from '../__testUtils__/PhaseStepTranscript';
import {
  createOperatorInformers,
  OperatorInformers,
  operatorSources,
} from './OperatorInformers';
import { OperatorStep } from '../styrminDeployment/OperatorStep';
import {
  FINALIZER,
  StyrminDeploymentReconciler,
} from './StyrminDeploymentReconciler';
import { TerminalError } from '../controller/TerminalError';

jest.setTimeout(60_000);

/*
 * The reconciler against kube-sandbox, called directly (no controller): each call is one
 * level-triggered pass over what the informers' caches and the API show.
 */
describe('StyrminDeploymentReconciler', () => {
  let sandbox: OperatorSandbox;
  let view: ClusterView;
  let informers: OperatorInformers;
  let steps: PhaseStepTranscript;
  let reconciler: StyrminDeploymentReconciler;
  const logger = memoryLogger();

  beforeAll(async () => {
    sandbox = await startOperatorSandbox();
    view = new ClusterView(sandbox);
    informers = createOperatorInformers(sandbox.kubeConfig, OPERATOR_NAMESPACE);
    await Promise.all(
      operatorSources(informers, OPERATOR_NAMESPACE).map(s =>
        s.informer.start(),
      ),
    );
    steps = await PhaseStepTranscript.start(sandbox.kubeConfig);
    reconciler = StyrminDeploymentReconciler.create({
      client: ClusterClient.create(sandbox.kubeConfig),
      cache: informers,
      renderer: HelmChartRenderer.create({
        helm: (await ensureTools()).helm,
        driverFiles: exampleDriverFiles(),
      }),
      logger,
      chartSource: { driverChartsUrl: sandbox.driverChartsUrl },
    });
  });

  afterAll(async () => {
    await Promise.all(
      operatorSources(informers, OPERATOR_NAMESPACE).map(s =>
        s.informer.stop(),
      ),
    );
    await steps.stop();
    await sandbox.stop();
  });

  const keyOf = (id: string) => `${OPERATOR_NAMESPACE}/${id}`;

  /** Waits until the cache shows the resource as the API does. */
  async function cacheCaughtUp(id: string) {
    const stored = await view.deployment(id);
    await waitFor(
      () =>
        informers.deployments.get(id, OPERATOR_NAMESPACE)?.metadata
          ?.resourceVersion === stored?.metadata?.resourceVersion,
      { what: `the cache to show ${id}` },
    );
  }

  /** Reconciles, as the controller would on each event, until Ready reaches a status. */
  async function reconcileUntilReady(id: string, status: 'True' | 'False') {
    return waitFor(
      async () => {
        await cacheCaughtUp(id);
        await reconciler.reconcile(keyOf(id));
        const ready = await view.ready(id);
        return ready?.status === status && ready;
      },
      { what: `${id} to be Ready=${status}` },
    );
  }

  async function create(options: ExampleDeploymentOptions & { id: string }) {
    const deployment = exampleDeployment(options);
    await view.create(deployment);
    return deployment;
  }

  /** The resourceVersions of the resource and everything made for it. */
  async function versions(id: string) {
    const namespace = `styrmin-${id}`;
    const read = (o: KubernetesObject | undefined) =>
      o?.metadata?.resourceVersion;
    return {
      deployment: read(await view.deployment(id)),
      namespace: read(await view.read('v1', 'Namespace', namespace)),
      source: read(
        await view.read(
          'source.toolkit.fluxcd.io/v1',
          'HelmRepository',
          id,
          OPERATOR_NAMESPACE,
        ),
      ),
      release: read(
        await view.read(
          'helm.toolkit.fluxcd.io/v2',
          'HelmRelease',
          id,
          OPERATOR_NAMESPACE,
        ),
      ),
      service: read(await view.read('v1', 'Service', 'http', namespace)),
      record: read(
        await view.read('v1', 'ConfigMap', 'styrmin-deployment', namespace),
      ),
    };
  }

  it('makes a namespace, a chart source, a Ready HelmRelease with Ready pods and the Services; again, nothing changes', async () => {
    await create({ id: 'd1', taskId: 't1' });
    const ready = await reconcileUntilReady('d1', 'True');
    expect(ready).toMatchObject({
      reason: 'Reconciled',
      message: 'Instance i1 is deployed',
    });

    const { stdout } = await sandbox.kubectl([
      'get',
      'sdep',
      '-n',
      OPERATOR_NAMESPACE,
      '-o',
      'wide',
    ]);
    expect(stdout.split('\n')[0].split(/\s+/)).toEqual([
      'NAME',
      'DEPLOYMENT',
      'DRIVER',
      'READY',
      'REASON',
      'INSTANCE',
      'MESSAGE',
      'AGE',
    ]);
    expect(stdout).toMatch(
      /\nd1\s+infrahub\s+1\.0\.0\s+True\s+Reconciled\s+i1\s+Instance i1 is deployed\s+\d+s/,
    );

    const resource = (await view.deployment('d1'))!;
    expect(resource.metadata!.finalizers).toEqual([FINALIZER]);
    expect(
      resource.status!.conditions!.map(c => [c.type, c.status, c.reason]),
    ).toEqual([
      [ConditionType.Ready, 'True', 'Reconciled'],
      [ConditionType.NamespaceReady, 'True', 'Reconciled'],
      [ConditionType.ChartSourceReady, 'True', 'Reconciled'],
      [ConditionType.HelmReleaseReady, 'True', 'Reconciled'],
      [ConditionType.ServicesReady, 'True', 'Reconciled'],
    ]);
    expect(resource.status!.observedGeneration).toBe(
      resource.metadata!.generation,
    );
    expect(resource.status!.stoppedComponents).toEqual([]);

    const namespace = await view.read('v1', 'Namespace', 'styrmin-d1');
    expect(namespace.metadata.labels).toMatchObject({
      'app.kubernetes.io/managed-by': 'styrmin',
      'styrmin.io/deployment-id': 'd1',
    });
    const record = await view.read(
      'v1',
      'ConfigMap',
      'styrmin-deployment',
      'styrmin-d1',
    );
    expect(record.data).toEqual({
      styrminDeployment: `${OPERATOR_NAMESPACE}/d1`,
      uid: resource.metadata!.uid,
    });
    const release = await view.read(
      'helm.toolkit.fluxcd.io/v2',
      'HelmRelease',
      'd1',
      OPERATOR_NAMESPACE,
    );
    expect(release.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'StyrminDeployment',
        uid: resource.metadata!.uid,
        controller: true,
      }),
    ]);
    expect(release.status.history[0]).toMatchObject({
      chartName: 'infrahub',
      status: 'deployed',
    });
    // server, 2 task workers and the database.
    expect(
      (await view.readyPods('styrmin-d1')).map(p => p.metadata!.name).length,
    ).toBe(4);
    const service = await view.read('v1', 'Service', 'http', 'styrmin-d1');
    expect(service.spec).toMatchObject({
      selector: {
        'app.kubernetes.io/name': 'infrahub',
        'app.kubernetes.io/component': 'server',
      },
      ports: [expect.objectContaining({ port: 80, targetPort: 'http' })],
    });

    const phases = Object.values(OperatorStep);
    await steps.caughtUp(view, 'd1');
    expect(
      steps.events(keyOf('d1')).map(e => [e.taskId, e.step, e.status]),
    ).toEqual(
      phases.flatMap(step => [
        ['t1', step, 'RUNNING'],
        ['t1', step, 'SUCCEEDED'],
      ]),
    );

    await cacheCaughtUp('d1');
    const before = await versions('d1');
    const recorded = steps.events().length;
    // Nothing to change: read from the informers' caches, nothing sent (watches aside).
    const sent = () =>
      [...sandbox.requestCounts]
        .filter(([key]) => !key.includes(' watch '))
        .reduce((sum, [, n]) => sum + n, 0);
    const sentBefore = sent();
    await reconciler.reconcile(keyOf('d1'));
    await reconciler.reconcile(keyOf('d1'));
    expect(sent() - sentBefore).toBe(0);
    expect(await versions('d1')).toEqual(before);
    await steps.caughtUp(view, 'd1');
    expect(steps.events()).toHaveLength(recorded);
  });

  it('keeps secret values out of the specs: a resource written with them inline loses them, the HelmRelease reads them from a Secret, the release gets them', async () => {
    const PASSWORD = 'correct horse battery staple';
    const NEW_PASSWORD = 'another password, of instance i2';
    const readSecret = async (name: string, namespace = OPERATOR_NAMESPACE) =>
      view.read('v1', 'Secret', name, namespace);
    /** The admin password in the Secret the chart renders, as the release has it. */
    const releasedPassword = async () => {
      const { items } = await view.core.listNamespacedSecret({
        namespace: 'styrmin-d8',
      });
      const rendered = items.find(item => item.data?.['admin-password']);
      return Buffer.from(
        rendered!.data!['admin-password'],
        'base64',
      ).toString();
    };
    const specsAsYaml = async () =>
      (
        await sandbox.kubectl([
          'get',
          'styrmindeployment,helmrelease',
          '-A',
          '-o',
          'yaml',
        ])
      ).stdout;
    const ENV_SECRET = 'an env secret of the server';
    const withEnv = (token: string) => ({
      components: { server: { env: { API_TOKEN: { secret: token } } } },
    });
    /** The server container's API_TOKEN entry, as its Deployment has it. */
    const serverToken = async () => {
      const server = await view.apps.readNamespacedDeployment({
        name: 'infrahub-infrahub-server',
        namespace: 'styrmin-d8',
      });
      return server.spec!.template.spec!.containers[0].env!.find(
        entry => entry.name === 'API_TOKEN',
      );
    };
    // As agents before this one wrote it: the secret values inline in the spec.
    await view.create(
      exampleDeployment({ id: 'd8', configuration: withEnv(ENV_SECRET) }),
      { inlineSecrets: true },
    );
    await reconcileUntilReady('d8', 'True');

    const resource = (await view.deployment('d8'))!;
    expect(JSON.stringify(resource)).not.toContain(PASSWORD);
    expect(JSON.stringify(resource)).not.toContain(ENV_SECRET);
    expect(resource.spec.context.secret_paths).toEqual([
      'components.server.env.API_TOKEN',
      'parameters.admin_password',
    ]);
    const contextSecret = await readSecret('d8-secrets');
    expect(contextSecret.metadata.ownerReferences).toEqual([
      expect.objectContaining({ uid: resource.metadata!.uid }),
    ]);
    const release = await view.read(
      'helm.toolkit.fluxcd.io/v2',
      'HelmRelease',
      'd8',
      OPERATOR_NAMESPACE,
    );
    expect(JSON.stringify(release)).not.toContain(PASSWORD);
    expect(release.spec.valuesFrom).toEqual([
      { kind: 'Secret', name: 'd8-values-i1', valuesKey: 'values.yaml' },
    ]);
    expect(release.spec.values.infrahub).toMatchObject({
      defaultBranch: 'main',
    });
    expect(release.spec.values.infrahub).not.toHaveProperty('adminPassword');
    expect(await releasedPassword()).toBe(PASSWORD);
    expect(await specsAsYaml()).not.toContain(PASSWORD);
    expect(await specsAsYaml()).not.toContain(ENV_SECRET);
    // The env var comes from the instance's env Secret, in the deployment's namespace.
    expect(await serverToken()).toEqual({
      name: 'API_TOKEN',
      valueFrom: {
        secretKeyRef: { name: 'styrmin-env-i1', key: 'server.API_TOKEN' },
      },
    });
    expect((await readSecret('styrmin-env-i1', 'styrmin-d8')).data).toEqual({
      'server.API_TOKEN': Buffer.from(ENV_SECRET).toString('base64'),
    });

    // A new instance with another password: its own values Secret, the old one gone.
    await view.replaceSpec(
      exampleDeployment({
        id: 'd8',
        instanceId: 'i2',
        configuration: {
          parameters: { admin_password: NEW_PASSWORD },
          ...withEnv(NEW_PASSWORD),
        },
      }),
    );
    await waitFor(async () => {
      await cacheCaughtUp('d8');
      await reconciler.reconcile(keyOf('d8'));
      return (
        (await view.ready('d8'))?.message === 'Instance i2 is deployed' &&
        (await releasedPassword()) === NEW_PASSWORD
      );
    });
    expect(await readSecret('d8-values-i1')).toBeUndefined();
    expect(await readSecret('d8-values-i2')).toBeDefined();
    expect(await readSecret('styrmin-env-i1', 'styrmin-d8')).toBeUndefined();
    expect((await serverToken())?.valueFrom?.secretKeyRef?.name).toBe(
      'styrmin-env-i2',
    );
    const yaml = await specsAsYaml();
    expect(yaml).not.toContain(NEW_PASSWORD);
    expect(yaml).not.toContain(PASSWORD);
  });

  it('applies a new instance: an env override next to the chart env, a replica override in the pod count', async () => {
    await create({ id: 'd2' });
    await reconcileUntilReady('d2', 'True');
    const generation = (await view.deployment('d2'))!.metadata!.generation!;

    await view.replaceSpec(
      exampleDeployment({
        id: 'd2',
        instanceId: 'i2',
        taskId: 't2',
        configuration: {
          components: {
            server: {
              replicas: 2,
              env: { INFRAHUB_LOG_LEVEL: 'DEBUG', FEATURE_X: 'on' },
            },
          },
        },
      }),
    );
    await waitFor(async () => {
      await cacheCaughtUp('d2');
      await reconciler.reconcile(keyOf('d2'));
      const resource = await view.deployment('d2');
      return (
        resource!.status?.observedGeneration === generation + 1 &&
        (await view.ready('d2'))?.status === 'True'
      );
    });

    const server = await view.apps.readNamespacedDeployment({
      name: 'infrahub-infrahub-server',
      namespace: 'styrmin-d2',
    });
    const env = server.spec!.template.spec!.containers[0].env!;
    expect(env).toContainEqual({ name: 'INFRAHUB_LOG_LEVEL', value: 'DEBUG' });
    expect(env).toContainEqual({ name: 'FEATURE_X', value: 'on' });
    expect(env.map(e => e.name)).toContain('INFRAHUB_DB_ADDRESS');
    expect(env.filter(e => e.name === 'INFRAHUB_LOG_LEVEL')).toHaveLength(1);
    expect(server.spec!.template.spec!.containers).toHaveLength(1);
    expect(server.spec!.replicas).toBe(2);
    await waitFor(
      async () =>
        (
          await view.readyPods('styrmin-d2')
        ).filter(p => p.metadata!.name!.startsWith('infrahub-infrahub-server-'))
          .length === 2,
      { what: 'two server pods' },
    );
    await steps.caughtUp(view, 'd2');
    expect(
      steps
        .events(keyOf('d2'))
        .filter(e => e.taskId === 't2')
        .map(e => [e.step, e.status]),
    ).toEqual(
      Object.values(OperatorStep).flatMap(step => [
        [step, 'RUNNING'],
        [step, 'SUCCEEDED'],
      ]),
    );
  });

  it('runs 0 pods of a stopped component, and its replica count again once started', async () => {
    const options = {
      id: 'd7',
      configuration: { components: { 'task-worker': { replicas: 3 } } },
    };
    await create(options);
    await reconcileUntilReady('d7', 'True');
    const workers = async () =>
      (await view.readyPods('styrmin-d7')).filter(p =>
        p.metadata!.name!.startsWith('infrahub-infrahub-task-worker-'),
      ).length;
    await waitFor(async () => (await workers()) === 3);

    for (const [stoppedComponents, count] of [
      [['task-worker'], 0],
      [[], 3],
    ] as const) {
      await view.replaceSpec(
        exampleDeployment({
          ...options,
          stoppedComponents: [...stoppedComponents],
        }),
      );
      await reconcileUntilReady('d7', 'True');
      // In the status too, which is all the status reporter sends the server.
      expect((await view.deployment('d7'))!.status!.stoppedComponents).toEqual(
        stoppedComponents,
      );
      await waitFor(async () => (await workers()) === count, {
        what: `${count} task workers`,
      });
    }
    const context = (await view.deployment('d7'))!.spec.context;
    expect(context.components['task-worker'].replicas).toBe(3);
  });

  it('brings back what was changed or deleted by hand', async () => {
    await create({ id: 'd3' });
    await reconcileUntilReady('d3', 'True');
    await view.core.deleteNamespacedService({
      name: 'http',
      namespace: 'styrmin-d3',
    });
    await view.objects.patch(
      {
        apiVersion: 'helm.toolkit.fluxcd.io/v2',
        kind: 'HelmRelease',
        metadata: { name: 'd3', namespace: OPERATOR_NAMESPACE },
        spec: { releaseName: 'hijacked' },
      },
      undefined,
      undefined,
      'someone',
      undefined,
      'application/merge-patch+json',
    );

    const release = await waitFor(async () => {
      await reconciler.reconcile(keyOf('d3'));
      const service = await view.read('v1', 'Service', 'http', 'styrmin-d3');
      const current = await view.read(
        'helm.toolkit.fluxcd.io/v2',
        'HelmRelease',
        'd3',
        OPERATOR_NAMESPACE,
      );
      return service && current.spec.releaseName === 'infrahub' && current;
    });
    expect(release.metadata.managedFields).toContainEqual(
      expect.objectContaining({
        manager: 'styrmin-operator',
        operation: 'Apply',
      }),
    );
  });

  it('cleans up on deletion, then drops the finalizer', async () => {
    await create({ id: 'd4' });
    await reconcileUntilReady('d4', 'True');
    await view.delete('d4');

    await waitFor(
      async () => {
        if (informers.deployments.get('d4', OPERATOR_NAMESPACE)) {
          await reconciler.reconcile(keyOf('d4'));
        }
        return (await view.deployment('d4')) === undefined;
      },
      { what: 'the StyrminDeployment to go' },
    );
    expect(await view.read('v1', 'Namespace', 'styrmin-d4')).toBeUndefined();
    expect(
      await view.read(
        'helm.toolkit.fluxcd.io/v2',
        'HelmRelease',
        'd4',
        OPERATOR_NAMESPACE,
      ),
    ).toBeUndefined();
    expect(logger.lines.join('\n')).toMatch(
      /msg="Removed finalizer" StyrminDeployment=styrmin-system\/d4/,
    );
    await waitFor(() => !informers.deployments.get('d4', OPERATOR_NAMESPACE));
    await expect(reconciler.reconcile(keyOf('d4'))).resolves.toEqual({});
  });

  it.each<[string, string, ExampleDeploymentOptions, string, RegExp]>([
    [
      'a chart that fails to render, as Flux reports it',
      'f1',
      { configuration: { parameters: { admin_password: '' } } },
      'HelmReleaseFailed',
      /Helm install failed .*infrahub\.adminPassword is required/,
    ],
    [
      'a chart that fails to render, as the operator finds it before container overrides',
      'f2',
      {
        configuration: {
          parameters: { admin_password: '' },
          components: { server: { env: { A: '1' } } },
        },
      },
      'ChartRenderFailed',
      /^execution error at \(infrahub\/templates\/secret.yaml:\d+:\d+\): infrahub\.adminPassword is required$/,
    ],
  ])(
    'fails the HelmRelease phase with a readable reason: %s',
    async (_, id, options, reason, message) => {
      await create({ ...options, id, taskId: 't-fail' });
      const ready = await reconcileUntilReady(id, 'False');
      expect(ready.reason).toBe(reason);
      expect(ready.message).toMatch(message);
      await steps.caughtUp(view, id);
      const failedStep = steps
        .events(keyOf(id))
        .find(e => e.status === 'FAILED');
      expect(failedStep).toMatchObject({
        taskId: 't-fail',
        step: OperatorStep.InstallOrUpgradeHelmRelease,
        error: ready.message,
      });
    },
  );

  it('fails with COMPONENT_CONTAINER_NOT_FOUND when the chart does not render the component container', async () => {
    const deployment = exampleDeployment({
      id: 'd5',
      taskId: 't-d5',
      configuration: { components: { server: { env: { A: '1' } } } },
    });
    deployment.spec.components.server.container = 'api';
    await view.create(deployment);
    const ready = await reconcileUntilReady('d5', 'False');
    expect(ready).toMatchObject({
      reason: 'ComponentContainerNotFound',
      message: expect.stringContaining(
        'Deployment infrahub-infrahub-server has no container "api" (it has "server")',
      ),
    });
    // The code leads the message, so the step's error (and the run's reason, and the
    // deployment's state reason built from it) carries it to the user.
    expect(ready.message).toMatch(/^COMPONENT_CONTAINER_NOT_FOUND: /);
    await steps.caughtUp(view, 'd5');
    expect(
      steps.events(keyOf('d5')).find(e => e.status === 'FAILED'),
    ).toMatchObject({
      taskId: 't-d5',
      step: OperatorStep.InstallOrUpgradeHelmRelease,
      error: ready.message,
    });
    expect(
      await view.read(
        'helm.toolkit.fluxcd.io/v2',
        'HelmRelease',
        'd5',
        OPERATOR_NAMESPACE,
      ),
    ).toBeUndefined();
  });

  it('refuses an invalid spec for good, saying why', async () => {
    const deployment = exampleDeployment({ id: 'd6' });
    deployment.metadata!.name = 'not-d6';
    await view.create(deployment);
    await cacheCaughtUp('not-d6');
    await expect(reconciler.reconcile(keyOf('not-d6'))).rejects.toThrow(
      TerminalError,
    );
    expect(await view.ready('not-d6')).toMatchObject({
      status: 'False',
      reason: 'InvalidSpec',
      message: expect.stringContaining(
        'metadata.name must be the deployment id "d6"',
      ),
    });
  });
});
