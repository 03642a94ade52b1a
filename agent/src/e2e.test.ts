import { Sandbox } from '@styrmin/kube-sandbox';
import { DeploymentWithInstance, StyrminClient } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { E2E_PASSWORD, E2eWorld, useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView, waitFor } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

const PASSWORD = E2E_PASSWORD;
const API_TOKEN = 'infrahub-api-token-0123456789';

/*
 * The whole path: a real backend (the styrmin plugin on SQLite), kube-sandbox with Flux, the
 * agent in this process, and styrminctl as an admin runs it. Flux's stand-in fetches the
 * drivers' charts over HTTP from the agent's own chart server, as in a cluster.
 */
describe('the agent end to end', () => {
  const world = useE2eWorld();
  const { logger } = world;
  let sandbox: Sandbox;
  let view: ClusterView;
  let client: StyrminClient;
  let work: string;
  let styrminctl: E2eWorld['styrminctl'];
  const json = (...args: Parameters<E2eWorld['json']>) => world.json(...args);

  /** Loads a driver version; the agent's chart server serves its chart to Flux. */
  async function loadDriver(directory: string) {
    const { driverVersion } = await json(['drivers', 'load', directory]);
    return driverVersion;
  }

  /** Waits until the deployment is in a state, and returns it; shows the agent's log if not. */
  const waitForState = (id: string, states: string[], what: string) =>
    world.eventually<DeploymentWithInstance>(async () => {
      const deployment = await client.deployment({ id });
      return deployment && states.includes(deployment.state)
        ? deployment
        : undefined;
    }, what);

  const readyPods = async (namespace: string, prefix: string) =>
    (await view.readyPods(namespace)).filter(pod =>
      pod.metadata!.name!.startsWith(prefix),
    );

  beforeAll(() => {
    ({ sandbox, view, client, work, styrminctl } = world);
  });

  let infrahubId: string;
  let semaphoreId: string;

  it('registers a cluster and an environment, loads the drivers, and starts the agent', async () => {
    const { cluster, agentToken } = await json([
      'clusters',
      'create',
      'sandbox',
    ]);
    await json(['environments', 'create', 'dev', '--cluster', cluster.name]);
    await loadDriver(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'));
    await loadDriver(path.join(EXAMPLE_DRIVERS, 'semaphore', '1.0.0'));

    await world.startAgent(agentToken);
    expect(logger.lines.join('\n')).toContain('msg="Started agent"');
  });

  it('deploys each example driver: RUNNING, with pods and services in styrmin-<id>', async () => {
    infrahubId = await world.createInfrahub('dev');
    const running = await waitForState(
      infrahubId,
      ['RUNNING', 'FAILED'],
      'infrahub to run',
    );
    expect(running).toMatchObject({ state: 'RUNNING' });
    expect(running.activeInstance?.task).toMatchObject({
      type: 'create_instance',
      result: 'SUCCEEDED',
    });
    expect(
      running.activeInstance!.task!.steps.map(s => [s.name, s.status]),
    ).toEqual([
      ['Apply the StyrminDeployment resource', 'SUCCEEDED'],
      ['Ensure the namespace', 'SUCCEEDED'],
      ['Apply the chart source', 'SUCCEEDED'],
      ['Install or upgrade the HelmRelease', 'SUCCEEDED'],
      ['Apply the Services', 'SUCCEEDED'],
      ['Run the setup post-hook', 'SUCCEEDED'],
    ]);
    const namespace = `styrmin-${infrahubId}`;
    expect(
      await readyPods(namespace, 'infrahub-infrahub-server-'),
    ).toHaveLength(1);
    expect(
      await readyPods(namespace, 'infrahub-infrahub-task-worker-'),
    ).toHaveLength(2);
    expect(await view.read('v1', 'Service', 'http', namespace)).toBeDefined();
    // The setup post-hook's action ran its check in a Job, which stays.
    expect(
      await view.read('batch/v1', 'Job', 'infrahub-job', namespace),
    ).toMatchObject({
      metadata: { labels: { 'styrmin.io/action-job': 'true' } },
    });

    const semaphore = await json(
      [
        'deployments',
        'create',
        'dev/semaphore',
        '--driver',
        'semaphore',
        '--driver-version',
        '1.0.0',
        '--app-version',
        '2.12.0',
        '--set-secret',
        'admin_password=PASSWORD',
        '--set-secret',
        'infrahub_api_token=API_TOKEN',
      ],
      { env: { PASSWORD, API_TOKEN } },
    );
    semaphoreId = semaphore.deployment.id;
    await expect(
      waitForState(semaphoreId, ['RUNNING', 'FAILED'], 'semaphore to run'),
    ).resolves.toMatchObject({ state: 'RUNNING' });
    expect(
      await readyPods(`styrmin-${semaphoreId}`, 'semaphore-'),
    ).toHaveLength(1);
    expect(
      await view.read('v1', 'Service', 'http', `styrmin-${semaphoreId}`),
    ).toBeDefined();
    expect(logger.lines.join('\n')).not.toContain(PASSWORD);
  });

  it('applies an edit as a new instance with an UPDATE flow, and stores nothing for an identical one', async () => {
    // Creating semaphore redeployed infrahub (its context lists the environment's
    // deployments), so the edit's instance is the one after the active one.
    const before = (await client.deployment({ id: infrahubId }))!
      .activeInstance!;
    const edited = await json([
      'deployments',
      'edit',
      'dev/infrahub',
      '--set',
      'log_level=DEBUG',
    ]);
    expect(edited).toMatchObject({
      changed: true,
      instance: { number: before.number + 1 },
      task: {
        type: 'update_instance',
        flowRun: { flowName: 'UPDATE_INSTANCE' },
      },
    });
    await waitFor(
      async () => {
        const deployment = await client.deployment({ id: infrahubId });
        return (
          deployment?.state === 'RUNNING' &&
          deployment.activeInstance?.task?.result === 'SUCCEEDED' &&
          deployment.activeInstance.number === before.number + 1
        );
      },
      { timeoutMs: 120_000, what: 'the edit to be deployed' },
    );
    const server = (
      await readyPods(`styrmin-${infrahubId}`, 'infrahub-infrahub-server-')
    )[0];
    expect(server.spec!.containers[0].env).toContainEqual({
      name: 'INFRAHUB_LOG_LEVEL',
      value: 'DEBUG',
    });

    const same = await json([
      'deployments',
      'edit',
      'dev/infrahub',
      '--set',
      'log_level=DEBUG',
    ]);
    expect(same).toMatchObject({ changed: false, instance: null, task: null });
  });

  it('puts a component env override next to the chart env, and follows a replica override', async () => {
    await json([
      'deployments',
      'edit',
      'dev/infrahub',
      '--env',
      'server.STYRMIN_E2E=yes',
      '--replicas',
      'task-worker=3',
    ]);
    const namespace = `styrmin-${infrahubId}`;
    const workers = await waitFor(
      async () => {
        const pods = await readyPods(
          namespace,
          'infrahub-infrahub-task-worker-',
        );
        return pods.length === 3 ? pods : undefined;
      },
      { timeoutMs: 120_000, what: 'three task workers' },
    ).catch(async error => {
      throw new Error(
        `${error.message}\n${JSON.stringify(
          (await view.deployment(infrahubId))?.spec.context.components,
        )}\n${JSON.stringify(
          (
            await view.read(
              'helm.toolkit.fluxcd.io/v2',
              'HelmRelease',
              infrahubId,
              'styrmin-system',
            )
          )?.spec.postRenderers,
        )}\n${JSON.stringify(
          (await view.apps.listNamespacedDeployment({ namespace })).items.map(
            d => [d.metadata?.name, d.spec?.replicas, d.status],
          ),
        )}`,
      );
    });
    expect(workers).toHaveLength(3);
    const server = await view.apps.readNamespacedDeployment({
      name: 'infrahub-infrahub-server',
      namespace,
    });
    const env = server.spec!.template.spec!.containers[0].env!;
    expect(env).toContainEqual({ name: 'STYRMIN_E2E', value: 'yes' });
    expect(env).toContainEqual({ name: 'INFRAHUB_LOG_LEVEL', value: 'DEBUG' });
    await waitForState(infrahubId, ['RUNNING'], 'infrahub to run again');
  });

  it('reports the pods and the status it observes', async () => {
    const observed = await waitFor(
      async () => {
        const state = await client.deploymentObservedState(infrahubId);
        return state?.deploymentStatus?.ready &&
          state.pods.filter(pod => pod.component === 'task-worker' && pod.ready)
            .length === 3
          ? state
          : undefined;
      },
      { timeoutMs: 60_000, what: 'the observed state' },
    );
    expect(observed.pods.map(pod => pod.component ?? 'none').sort()).toEqual([
      'database',
      // The pod of the Job that ran the setup post-hook's check: no component's.
      'none',
      'server',
      'task-worker',
      'task-worker',
      'task-worker',
    ]);
    expect(observed.deploymentStatus).toMatchObject({
      ready: true,
      reason: 'Reconciled',
    });
  });

  it('stops and starts a component as a user action: 0 pods, then the replica override again', async () => {
    const namespace = `styrmin-${infrahubId}`;
    const workers = () =>
      readyPods(namespace, 'infrahub-infrahub-task-worker-');
    /** The server's task-worker component, once it says `stopped` as expected. */
    const reportedStopped = (stopped: boolean) =>
      waitFor(
        async () => {
          const component = (
            await client.deploymentObservedState(infrahubId)
          )?.components.find(c => c.name === 'task-worker');
          return component?.stopped === stopped && component;
        },
        { timeoutMs: 60_000, what: `task-worker reported stopped=${stopped}` },
      );
    const refused = await styrminctl([
      'deployments',
      'stop',
      'dev/infrahub',
      '--component',
      'task-worker',
      '--component',
      'nope',
    ]);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain('VALIDATION_FAILED');
    expect(refused.stderr).toContain('"nope"');

    const stopped = await json([
      'deployments',
      'stop',
      'dev/infrahub',
      '--component',
      'task-worker',
      '--wait',
    ]);
    expect(stopped.task).toMatchObject({
      type: 'stop_components',
      result: 'SUCCEEDED',
      steps: [{ name: 'Stop the components', status: 'SUCCEEDED' }],
    });
    expect(await workers()).toHaveLength(0);
    expect((await view.deployment(infrahubId))!.spec.stoppedComponents).toEqual(
      ['task-worker'],
    );
    await expect(client.deployment({ id: infrahubId })).resolves.toMatchObject({
      state: 'RUNNING',
    });
    // Through the operator's status, which the status reporter sends: stopped, not failing,
    // and it keeps the replica override it starts with.
    await expect(reportedStopped(true)).resolves.toMatchObject({
      desiredReplicas: 3,
      pods: 0,
    });

    const started = await json([
      'deployments',
      'start',
      'dev/infrahub',
      '--component',
      'task-worker',
      '--wait',
    ]);
    expect(started.task).toMatchObject({
      type: 'start_components',
      result: 'SUCCEEDED',
    });
    await waitFor(async () => (await workers()).length === 3, {
      timeoutMs: 120_000,
      what: 'the three task workers to be back',
    });
    await expect(reportedStopped(false)).resolves.toMatchObject({
      desiredReplicas: 3,
    });
  });

  it('upgrades with the upgrade hooks, which stop and start a component that keeps its replica override', async () => {
    await loadDriver(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'));
    const upgraded = await json([
      'deployments',
      'upgrade',
      'dev/infrahub',
      '--driver-version',
      '1.1.0',
    ]);
    expect(upgraded.task).toMatchObject({
      type: 'upgrade_instance',
      flowRun: { flowName: 'UPGRADE_INSTANCE' },
    });
    const namespace = `styrmin-${infrahubId}`;
    // The pre-hook stops the task workers before the resource changes.
    await waitFor(
      async () =>
        (
          await view.deployment(infrahubId)
        )?.spec.stoppedComponents.includes('task-worker'),
      { what: 'the task workers to be stopped' },
    );
    const running = await waitForState(
      infrahubId,
      ['RUNNING', 'FAILED'],
      'the upgrade',
    );
    expect(running.stateReason).toBeNull();
    expect(running.activeInstance).toMatchObject({
      driverVersion: { version: '1.1.0' },
      task: { result: 'SUCCEEDED' },
    });
    expect(running.activeInstance!.task!.steps.map(s => s.name)).toEqual([
      'Run the upgrade pre-hook',
      'Apply the StyrminDeployment resource',
      'Run the upgrade core-hook',
      'Ensure the namespace',
      'Apply the chart source',
      'Install or upgrade the HelmRelease',
      'Apply the Services',
      'Run the upgrade post-hook',
    ]);
    // The primitives started linked tasks: each under the hook step that ran its action,
    // its result counted in the upgrade's, which stays the deployment's newest task (the
    // deployment is RUNNING).
    const upgrade = (await client.task(running.activeInstance!.task!.id))!;
    const startedBy = (step: string) =>
      upgrade.steps.find(s => s.name === step)!.startedTasks;
    expect(startedBy('Run the upgrade pre-hook')).toEqual([
      expect.objectContaining({ type: 'stop_components', result: 'SUCCEEDED' }),
    ]);
    expect(startedBy('Run the upgrade post-hook')).toEqual([
      expect.objectContaining({
        type: 'start_components',
        result: 'SUCCEEDED',
      }),
    ]);
    expect(startedBy('Run the upgrade core-hook')).toEqual([]);
    expect(running.state).toBe('RUNNING');
    // Started again by the post-hook, with the override's count.
    expect((await view.deployment(infrahubId))!.spec.stoppedComponents).toEqual(
      [],
    );
    expect(
      await readyPods(namespace, 'infrahub-infrahub-task-worker-'),
    ).toHaveLength(3);
  });

  it('runs a job in a component container with run-job --wait, and shows the end of its output when it fails', async () => {
    const namespace = `styrmin-${infrahubId}`;
    // The Job's container does what its command says: "fail" fails it after printing the
    // admin password, which must never reach a reader.
    sandbox.workloads.runContainer = ({ container }) => {
      const script: string = container.command?.[2] ?? '';
      if (!script.includes('e2e-job')) {
        return undefined;
      }
      return script.includes("'fail'")
        ? {
            kind: 'exit',
            exitCode: 2,
            logs: `checking\nlogin as admin with ${PASSWORD} refused\n`,
          }
        : { kind: 'exit', exitCode: 0, logs: 'all good\n' };
    };
    const runJob = (...command: string[]) =>
      styrminctl([
        'deployments',
        'run-job',
        'dev/infrahub',
        '--component',
        'server',
        '--timeout',
        '120',
        '--wait',
        '-o',
        'json',
        '--',
        ...command,
      ]);
    try {
      const succeeded = await runJob('infrahub', 'e2e-job', "it's fine");
      expect(succeeded.stderr).not.toContain('Error');
      expect(succeeded.exitCode).toBe(0);
      const ok = JSON.parse(succeeded.stdout);
      // The task says what it ran, and keeps the output of the command that succeeded.
      expect(ok.task).toMatchObject({
        type: 'run_job',
        result: 'SUCCEEDED',
        job: {
          component: 'server',
          command: ['infrahub', 'e2e-job', "it's fine"],
          timeoutSeconds: 120,
        },
        steps: [
          {
            name: 'Run the job',
            status: 'SUCCEEDED',
            errors: [],
            outputTail: 'all good\n',
          },
        ],
      });
      const job = await view.read('batch/v1', 'Job', 'infrahub-job', namespace);
      expect(job.metadata.labels).toMatchObject({
        'styrmin.io/action-job': 'true',
        'styrmin.io/task-id': ok.task.id,
      });
      // The server container as its workload runs now: its image, its env with the override.
      const [container] = job.spec.template.spec.containers;
      expect(container).toMatchObject({
        name: 'server',
        image: expect.stringContaining('infrahub'),
        command: [
          '/bin/sh',
          '-c',
          "set -e\nexec 'infrahub' 'e2e-job' 'it'\\''s fine'",
        ],
      });
      expect(container.env).toContainEqual({
        name: 'STYRMIN_E2E',
        value: 'yes',
      });

      const failing = await runJob('infrahub', 'e2e-job', 'fail');
      expect(failing.exitCode).not.toBe(0);
      expect(failing.stderr).toContain('FAILED');
      const failed = JSON.parse(failing.stdout);
      expect(failed.task).toMatchObject({ type: 'run_job', result: 'FAILED' });
      // The ended Job of the first run made room for this one.
      await expect(
        view.read('batch/v1', 'Job', 'infrahub-job', namespace),
      ).resolves.toMatchObject({
        metadata: { labels: { 'styrmin.io/task-id': failed.task.id } },
      });
      const expectedError = expect.objectContaining({
        attempt: 1,
        message: expect.stringContaining('The commands failed in Job'),
        outputTail: 'checking\nlogin as admin with <redacted> refused\n',
      });
      expect(failed.task.steps[0].errors).toEqual([expectedError]);
      const task = (await client.task(failed.task.id))!;
      expect(task.steps).toEqual([
        expect.objectContaining({
          name: 'Run the job',
          status: 'FAILED',
          errors: [expectedError],
        }),
      ]);
      expect(failing.stdout + failing.stderr).not.toContain(PASSWORD);
      await expect(
        client.deployment({ id: infrahubId }),
      ).resolves.toMatchObject({
        // A failed job leaves the application as it was.
        state: 'RUNNING',
      });
    } finally {
      sandbox.workloads.runContainer = undefined;
    }
  });

  it('deletes a deployment: a DELETED tombstone, its namespace gone', async () => {
    await json(['deployments', 'delete', 'dev/semaphore']);
    const deleted = await waitForState(
      semaphoreId,
      ['DELETED', 'FAILED'],
      'the tombstone',
    );
    expect(deleted).toMatchObject({ state: 'DELETED' });
    expect(
      await view.read('v1', 'Namespace', `styrmin-${semaphoreId}`),
    ).toBeUndefined();
    expect(await view.deployment(semaphoreId)).toBeUndefined();
  });

  it('fails a deployment whose chart does not render, with a readable step error', async () => {
    // The infrahub driver, as "broken", with a chart that refuses to render.
    const broken = path.join(work, 'broken');
    await fs.cp(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'), broken, {
      recursive: true,
    });
    const spec = await fs.readFile(
      path.join(broken, 'driver.styrmin.yml'),
      'utf8',
    );
    await fs.writeFile(
      path.join(broken, 'driver.styrmin.yml'),
      spec
        .replace('name: infrahub\n', 'name: broken\n')
        .replace(/\n {2}actions:[\s\S]*$/, '\n'),
    );
    await fs.writeFile(
      path.join(broken, 'chart', 'templates', 'refuse.yaml'),
      '{{- fail "this chart refuses to render: the E2E test asked it to" }}\n',
    );
    await loadDriver(broken);
    const created = await json(
      [
        'deployments',
        'create',
        'dev/broken',
        '--driver',
        'broken',
        '--driver-version',
        '1.0.0',
        '--app-version',
        '1.5.2',
        '--set-secret',
        'admin_password=PASSWORD',
      ],
      { env: { PASSWORD } },
    );
    const failed = await waitForState(
      created.deployment.id,
      ['FAILED', 'RUNNING'],
      'the broken deployment to fail',
    );
    expect(failed.state).toBe('FAILED');
    expect(failed.stateReason).toContain('this chart refuses to render');
    const steps = failed.activeInstance!.task!.steps;
    expect(
      steps.find(s => s.name === 'Install or upgrade the HelmRelease'),
    ).toMatchObject({
      status: 'FAILED',
    });
    expect(failed.activeInstance!.task!.result).toBe('FAILED');
    const task = await client.task(failed.activeInstance!.task!.id);
    expect(
      task!.steps.find(s => s.name === 'Install or upgrade the HelmRelease')!
        .errors,
    ).toEqual([
      expect.objectContaining({
        attempt: 1,
        message: expect.stringContaining('this chart refuses to render'),
      }),
    ]);
  });
});
