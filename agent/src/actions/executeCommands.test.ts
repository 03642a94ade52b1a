import { Sandbox } from '@styrmin/kube-sandbox';
import { exampleDeployment } from '../__testUtils__/exampleDeployment';
import {
  ClusterView,
  startOperatorSandbox,
  waitFor,
} from '../__testUtils__/operatorSandbox';
import {
  ActionJobKind,
  CommandsFailedError,
  executeCommands,
} from './executeCommands';

jest.setTimeout(60_000);

/*
 * executeCommands by the Driver API's rules, against kube-sandbox: its Jobs' pods print
 * what the commands say and fail when one says "fail".
 */
describe('executeCommands', () => {
  let sandbox: Sandbox;
  let view: ClusterView;
  const spec = exampleDeployment({ id: 'x1' }).spec;
  const namespace = 'styrmin-x1';
  const notes: string[] = [];

  const run = (
    commands: string[],
    signal = new AbortController().signal,
    taskId = 't1',
    kind?: ActionJobKind,
  ) =>
    executeCommands(
      {
        kubeConfig: sandbox.kubeConfig,
        spec,
        taskId,
        kind,
        signal,
        note: line => notes.push(line),
        pollIntervalMs: 20,
      },
      { component: 'server', commands, timeoutSeconds: 30 },
    );

  beforeAll(async () => {
    sandbox = await startOperatorSandbox();
    view = new ClusterView(sandbox);
    sandbox.workloads.runContainer = ({ container, init, pod }) => {
      if (init || pod.spec?.restartPolicy === 'Always') {
        return undefined;
      }
      const script: string = container.command?.[2] ?? '';
      if (script.includes('sleep')) {
        return { kind: 'exit', exitCode: 0, runMs: 60_000 };
      }
      return script.includes('fail')
        ? { kind: 'exit', exitCode: 1, logs: 'migrating\nmigration failed\n' }
        : {
            kind: 'exit',
            exitCode: 0,
            logs: `ran:${script.split('\n').slice(1).join(',')}\n`,
          };
    };
    await view.core.createNamespace({
      body: { metadata: { name: namespace } },
    });
    const labels = {
      'app.kubernetes.io/name': 'infrahub',
      'app.kubernetes.io/component': 'server',
    };
    await view.apps.createNamespacedDeployment({
      namespace,
      body: {
        metadata: { name: 'infrahub-server', labels },
        spec: {
          replicas: 1,
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: {
              containers: [
                { name: 'sidecar', image: 'proxy:1' },
                {
                  name: 'server',
                  image: 'opsmill/infrahub:1.5.2',
                  env: [{ name: 'INFRAHUB_LOG_LEVEL', value: 'INFO' }],
                },
              ],
            },
          },
        },
      },
    });
  });

  afterAll(() => sandbox.stop());

  it('runs the commands in a Job of the component container, which stays', async () => {
    await expect(
      run(['infrahub db migrate', 'infrahub db update']),
    ).resolves.toEqual({
      output: 'ran:infrahub db migrate,infrahub db update\n',
    });
    const job = await view.read('batch/v1', 'Job', 'infrahub-job', namespace);
    expect(job.metadata.labels).toMatchObject({
      'styrmin.io/action-job': 'true',
      'styrmin.io/job-kind': 'action',
    });
    expect(job.spec.backoffLimit).toBe(0);
    expect(job.spec.activeDeadlineSeconds).toBe(30);
    expect(job.spec.template.spec.containers).toEqual([
      expect.objectContaining({
        name: 'server',
        image: 'opsmill/infrahub:1.5.2',
        env: [{ name: 'INFRAHUB_LOG_LEVEL', value: 'INFO' }],
        command: [
          '/bin/sh',
          '-c',
          'set -e\ninfrahub db migrate\ninfrahub db update',
        ],
      }),
    ]);
    expect(notes).toEqual([]);
  });

  it('deletes the ended Job of an earlier call and notes it, and keeps a failed output', async () => {
    const error = await run(['fail now']).catch(e => e);
    expect(error).toBeInstanceOf(CommandsFailedError);
    expect(error.message).toContain(
      'The commands failed in Job styrmin-x1/infrahub-job',
    );
    expect(error.output).toBe('migrating\nmigration failed\n');
    expect(notes).toEqual([
      'Deleted Job styrmin-x1/infrahub-job, which an earlier action left',
    ]);
    const pods = await view.core.listNamespacedPod({
      namespace,
      labelSelector: 'batch.kubernetes.io/job-name=infrahub-job',
    });
    expect(pods.items).toHaveLength(1);
  });

  const readJob = () => view.read('batch/v1', 'Job', 'infrahub-job', namespace);

  it("tells a run_job task's Job apart, and an action deletes it once it has ended", async () => {
    notes.length = 0;
    await run(['echo job'], undefined, 't3', 'run-job');
    expect((await readJob()).metadata.labels).toMatchObject({
      'styrmin.io/action-job': 'true',
      'styrmin.io/job-kind': 'run-job',
      'styrmin.io/task-id': 't3',
    });
    await run(['echo action'], undefined, 't4');
    expect(notes).toEqual([
      'Deleted Job styrmin-x1/infrahub-job, which an earlier action left',
      'Deleted Job styrmin-x1/infrahub-job, which an earlier run_job task left',
    ]);
    expect((await readJob()).metadata.labels).toMatchObject({
      'styrmin.io/job-kind': 'action',
      'styrmin.io/task-id': 't4',
    });
  });

  it('deletes nothing when the Job was re-created between the read and the delete, and the foreign Job survives', async () => {
    const jobPath = `/apis/batch/v1/namespaces/${namespace}/jobs/infrahub-job`;
    const deleteInFlight = () =>
      sandbox.requests.some(
        r =>
          r.method === 'DELETE' && r.path === jobPath && r.status === undefined,
      );
    // The agent's delete waits on its way in, while someone replaces the ended Job with
    // a Job of their own.
    sandbox.faults.inject({
      verb: 'delete',
      resource: 'jobs',
      name: 'infrahub-job',
      delayMs: 3_000,
    });
    const call = run(['echo late'], undefined, 't5');
    const failed = call.catch(e => e);
    await waitFor(deleteInFlight);
    const jobs = sandbox.api.scope('batch/v1', 'Job', namespace);
    sandbox.api.delete(jobs, 'infrahub-job', {
      propagationPolicy: 'Background',
    });
    const foreign = sandbox.api.create(jobs, {
      metadata: { name: 'infrahub-job', labels: { app: 'someone-else' } },
      spec: {
        template: {
          spec: {
            restartPolicy: 'Never',
            containers: [{ name: 'theirs', image: 'theirs:1' }],
          },
        },
      },
    }).object;
    const error = await failed;
    expect(error).toBeInstanceOf(CommandsFailedError);
    expect(error.message).toBe(
      'Job styrmin-x1/infrahub-job was replaced after it was read; the new one is left alone',
    );
    expect((await readJob()).metadata.uid).toBe(foreign.metadata.uid);
    // Read as it is now, it is not an action's: the next call leaves it too.
    await expect(run(['echo again'], undefined, 't6')).rejects.toThrow(
      'Job styrmin-x1/infrahub-job exists and no driver action created it; it is left alone',
    );
    expect((await readJob()).metadata.uid).toBe(foreign.metadata.uid);
  });

  it('leaves a Job that still runs, and one that no action made', async () => {
    await view.objects.delete(
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: { name: 'infrahub-job', namespace },
      },
      undefined,
      undefined,
      undefined,
      undefined,
      'Background',
    );
    const stopRunning = new AbortController();
    const running = run(['sleep 60'], stopRunning.signal);
    const job = await (async () => {
      for (;;) {
        const found = await view.read(
          'batch/v1',
          'Job',
          'infrahub-job',
          namespace,
        );
        if (found && !found.metadata.deletionTimestamp) return found;
        await new Promise(r => setTimeout(r, 20));
      }
    })();
    await expect(run(['echo'])).rejects.toThrow(
      'Job styrmin-x1/infrahub-job of another action still runs; nothing was deleted',
    );
    await expect(
      run(['sleep 60'], new AbortController().signal, 't2'),
    ).rejects.toThrow('of another action still runs');
    // The same step again (the agent restarted): it waits for its own Job.
    notes.length = 0;
    const again = new AbortController();
    const waiting = run(['sleep 60'], again.signal);
    await waitFor(() => notes.length > 0);
    expect(notes).toEqual([
      'Waits for Job styrmin-x1/infrahub-job, which this step started before',
    ]);
    again.abort(new Error('enough'));
    await expect(waiting).rejects.toThrow('enough');
    expect(
      (await view.read('batch/v1', 'Job', 'infrahub-job', namespace)).metadata
        .uid,
    ).toBe(job.metadata.uid);
    await view.objects.patch(
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: {
          name: 'infrahub-job',
          namespace,
          labels: { 'styrmin.io/action-job': null },
        },
      } as any,
      undefined,
      undefined,
      'test',
      undefined,
      'application/merge-patch+json' as any,
    );
    await expect(run(['echo'])).rejects.toThrow(
      'Job styrmin-x1/infrahub-job exists and no driver action created it',
    );
    stopRunning.abort(new Error('done'));
    await expect(running).rejects.toThrow('done');
  });
});
