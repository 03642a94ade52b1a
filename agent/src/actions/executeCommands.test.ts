import { Sandbox } from '@styrmin/kube-sandbox';
import { exampleDeployment } from '../__testUtils__/exampleDeployment';
import {
  ClusterView,
  startOperatorSandbox,
  waitFor,
} from '../__testUtils__/operatorSandbox';
import { CommandsFailedError, executeCommands } from './executeCommands';

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
  ) =>
    executeCommands(
      {
        kubeConfig: sandbox.kubeConfig,
        spec,
        taskId,
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
