import { CoreV1Api, Log } from '@kubernetes/client-node';
import { PassThrough } from 'node:stream';
import { inspect } from 'node:util';
import { Sandbox, startSandbox } from '../../Sandbox';
import { KubeObject } from '../../store/types';
import { jobManifest } from '../../testing/objects';
import { rawRequest } from '../../testing/rawRequest';
import { waitFor } from '../../testing/waitFor';

jest.setTimeout(60_000);

/** What a test's fake commands do: `exit <code> <output…>`. */
function runCommands(sandbox: Sandbox) {
  sandbox.workloads.runContainer = ({ container }) => {
    const [verb, code, ...words] = container.command ?? [];
    return verb === 'exit'
      ? { kind: 'exit', exitCode: Number(code), logs: `${words.join(' ')}\n` }
      : undefined;
  };
}

describe('Job controller', () => {
  let sandbox: Sandbox;
  const jobs = () => sandbox.api.scope('batch/v1', 'Job', 'default');
  const job = (name: string) => sandbox.api.get(jobs(), name);
  const jobPods = (name: string) =>
    sandbox.api.list(sandbox.api.scope('v1', 'Pod', 'default'), {
      labelSelector: `batch.kubernetes.io/job-name=${name}`,
    }).items;
  const conditionTypes = (object: KubeObject) =>
    (object.status?.conditions ?? []).map((c: any) => `${c.type}:${c.reason}`);

  beforeAll(async () => {
    // Jobs only: no object store or Flux to start beside them.
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5, crashBackoffMs: 5 },
      velero: false,
      flux: false,
    }).catch(error => {
      // Said in full: jest once printed a failure here as blank lines.
      throw new Error(`The sandbox did not start: ${inspect(error)}`);
    });
    runCommands(sandbox);
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('runs a pod labelled as Kubernetes labels it and completes with its output in pods/log', async () => {
    const { object: created } = sandbox.api.create(
      jobs(),
      jobManifest('hello', { command: ['exit', '0', 'hello', 'world'] }),
    );
    const done = await waitFor(() => {
      const j = job('hello');
      return conditionTypes(j).includes('Complete:CompletionsReached') && j;
    });
    expect(conditionTypes(done)).toEqual([
      'SuccessCriteriaMet:CompletionsReached',
      'Complete:CompletionsReached',
    ]);
    expect(done.status).toMatchObject({
      succeeded: 1,
      ready: 0,
      startTime: expect.any(String),
      completionTime: expect.any(String),
    });
    const [pod] = jobPods('hello');
    const uid = created.metadata.uid;
    expect(pod.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'hello',
      'controller-uid': uid,
      'job-name': 'hello',
    });
    expect(pod.metadata.name).toMatch(/^hello-[a-z0-9]{5}$/);
    expect(pod.status.phase).toBe('Succeeded');
    expect(pod.status.containerStatuses[0].state.terminated).toMatchObject({
      exitCode: 0,
      reason: 'Completed',
    });
    const core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    expect(
      await core.readNamespacedPodLog({
        name: pod.metadata.name!,
        namespace: 'default',
      }),
    ).toBe('hello world\n');
    const kubectl = await sandbox.kubectl(['logs', 'job/hello']);
    expect(kubectl.stdout).toBe('hello world\n');
  });

  it('says in the log of a container it did not script that the command was not run', async () => {
    sandbox.api.create(
      jobs(),
      jobManifest('unscripted', { command: ['sh', '-c', 'exit 3'] }),
    );
    await waitFor(() =>
      conditionTypes(job('unscripted')).includes('Complete:CompletionsReached'),
    );
    const [pod] = jobPods('unscripted');
    const core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    expect(
      await core.readNamespacedPodLog({
        name: pod.metadata.name!,
        namespace: 'default',
      }),
    ).toBe(
      'kube-sandbox: simulated container "run" without running its command ["sh","-c","exit 3"]; it exits 0 (tests script outcomes with sandbox.workloads.runContainer)\n',
    );
  });

  it('fails at the first failed pod with backoffLimit 0', async () => {
    sandbox.api.create(
      jobs(),
      jobManifest('once', {
        command: ['exit', '2', 'bad', 'input'],
        backoffLimit: 0,
      }),
    );
    const failed = await waitFor(() => {
      const j = job('once');
      return conditionTypes(j).includes('Failed:BackoffLimitExceeded') && j;
    });
    expect(conditionTypes(failed)).toEqual([
      'FailureTarget:BackoffLimitExceeded',
      'Failed:BackoffLimitExceeded',
    ]);
    expect(failed.status.failed).toBe(1);
    expect(failed.status.conditions[1].message).toBe(
      'Job has reached the specified backoff limit',
    );
    const podsOfJob = jobPods('once');
    expect(podsOfJob).toHaveLength(1);
    expect(podsOfJob[0].status.phase).toBe('Failed');
    expect(
      podsOfJob[0].status.containerStatuses[0].state.terminated,
    ).toMatchObject({ exitCode: 2, reason: 'Error' });
    const log = await rawRequest(
      sandbox,
      'GET',
      `/api/v1/namespaces/default/pods/${podsOfJob[0].metadata.name}/log`,
    );
    expect(log.headers['content-type']).toBe('text/plain');
    expect(log.text).toBe('bad input\n');
  });

  it('retries with a new pod per attempt until one succeeds', async () => {
    let attempts = 0;
    sandbox.workloads.runContainer = ({ pod }) =>
      pod.metadata.labels?.['job-name'] === 'flaky'
        ? {
            kind: 'exit',
            exitCode: attempts++ === 0 ? 1 : 0,
            logs: `attempt ${attempts}\n`,
          }
        : undefined;
    try {
      sandbox.api.create(jobs(), jobManifest('flaky', { backoffLimit: 2 }));
      const done = await waitFor(() => {
        const j = job('flaky');
        return conditionTypes(j).includes('Complete:CompletionsReached') && j;
      });
      expect(done.status).toMatchObject({ succeeded: 1, failed: 1 });
      expect(
        jobPods('flaky')
          .map(p => p.status.phase)
          .sort(),
      ).toEqual(['Failed', 'Succeeded']);
    } finally {
      runCommands(sandbox);
    }
  });

  it('checks which container to read, and follows a running one until it ends', async () => {
    const pods = sandbox.api.scope('v1', 'Pod', 'default');
    sandbox.workloads.runContainer = ({ container }) =>
      container.name === 'slow'
        ? { kind: 'exit', exitCode: 0, logs: 'first\n', runMs: 200 }
        : undefined;
    try {
      sandbox.api.create(pods, {
        metadata: { name: 'two' },
        spec: {
          restartPolicy: 'Never',
          containers: [
            { name: 'slow', image: 'x' },
            { name: 'fast', image: 'y' },
          ],
        },
      });
      const unnamed = await rawRequest(
        sandbox,
        'GET',
        '/api/v1/namespaces/default/pods/two/log',
      );
      expect(unnamed.json).toMatchObject({
        code: 400,
        message:
          'a container name must be specified for pod two, choose one of: [slow fast]',
      });
      await waitFor(
        () =>
          sandbox.api.get(pods, 'two').status?.containerStatuses?.[0].state
            .running,
      );
      const stream = new PassThrough();
      const chunks: string[] = [];
      stream.on('data', chunk => chunks.push(chunk.toString()));
      await new Log(sandbox.kubeConfig).log('default', 'two', 'slow', stream, {
        follow: true,
      });
      await waitFor(
        () => stream.writableEnded || chunks.join('') === 'first\n',
        { what: 'the followed log' },
      );
      await waitFor(
        () => sandbox.api.get(pods, 'two').status?.phase === 'Succeeded',
      );
      expect(chunks.join('')).toBe('first\n');
      // The follow ends with the container, as a kubelet ends it. (Aborting it instead
      // leaves client-node's inner stream to throw an AbortError nobody listens for, into
      // whichever test runs next.)
      await waitFor(() => stream.writableEnded, {
        what: 'the followed log to end with its container',
      });
    } finally {
      runCommands(sandbox);
    }
  });

  it('deletes a finished Job after ttlSecondsAfterFinished, with its pods', async () => {
    const manifest = jobManifest('short', { command: ['exit', '0', 'ok'] });
    manifest.spec.ttlSecondsAfterFinished = 0;
    expect(sandbox.api.create(jobs(), manifest).created).toBe(true);
    await waitFor(
      () =>
        !sandbox.api.store.get('batch/jobs', 'default', 'short') &&
        jobPods('short').length === 0,
      { what: 'the finished Job "short" and its pods to be deleted' },
    );
  });
});
