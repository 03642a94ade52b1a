import { CoreV1Api } from '@kubernetes/client-node';
import fs from 'node:fs/promises';
import { AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { runCli } from './cli/runCli';
import { startSandbox } from './Sandbox';
import { waitFor } from './testing/waitFor';

jest.setTimeout(20_000);

describe('Sandbox', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'kube-sandbox-test-'));
  });

  afterEach(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('says which port is taken when another process listens on the one asked for', async () => {
    const other = createServer();
    await new Promise<void>(resolve => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      await expect(
        startSandbox({ port, directory, flux: false, velero: false }),
      ).rejects.toThrow(
        `port ${port} on 127.0.0.1 is taken: another process listens there`,
      );
    } finally {
      await new Promise(resolve => other.close(resolve));
    }
  });

  it('writes a kubeconfig with its CA and token, and removes its own folder at stop', async () => {
    const sandbox = await startSandbox({
      token: 'secret-token',
      namespace: 'work',
      flux: false,
      velero: false,
    });
    const kubeconfig = parseYaml(
      await fs.readFile(sandbox.kubeconfigPath, 'utf8'),
    );
    expect(kubeconfig).toMatchObject({
      'current-context': 'kube-sandbox',
      clusters: [{ name: 'kube-sandbox', cluster: { server: sandbox.url } }],
      users: [{ name: 'kube-sandbox', user: { token: 'secret-token' } }],
      contexts: [
        {
          name: 'kube-sandbox',
          context: {
            cluster: 'kube-sandbox',
            user: 'kube-sandbox',
            namespace: 'work',
          },
        },
      ],
    });
    expect(
      Buffer.from(
        kubeconfig.clusters[0].cluster['certificate-authority-data'],
        'base64',
      ).toString(),
    ).toBe(sandbox.caCertificate);
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(
      sandbox.api.store.list('/namespaces').map(n => n.metadata.name),
    ).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    await sandbox.stop();
    await expect(
      fs.access(path.dirname(sandbox.kubeconfigPath)),
    ).rejects.toThrow();
  });

  it('keeps the cluster in a state file across restarts', async () => {
    const stateFile = path.join(directory, 'cluster.json');
    const first = await startSandbox({
      stateFile,
      directory,
      workloads: { startDelayMs: 1, readyDelayMs: 1 },
    });
    const created = first.api.create(
      first.api.scope('v1', 'ConfigMap', 'default'),
      { metadata: { name: 'kept' } },
    ).object;
    const endpointBefore = first.velero!.endpoint;
    await first.stop();

    const second = await startSandbox({ stateFile, directory });
    try {
      const core = second.kubeConfig.makeApiClient(CoreV1Api);
      const kept = await core.readNamespacedConfigMap({
        name: 'kept',
        namespace: 'default',
      });
      expect(kept.metadata?.uid).toBe(created.metadata.uid);
      expect(Number(second.api.store.resourceVersion)).toBeGreaterThanOrEqual(
        Number(created.metadata.resourceVersion),
      );
      // Custom resources are served again, and Velero's location follows the store's new port.
      const location = await waitFor(() => {
        const bsl = second.api.store.get(
          'velero.io/backupstoragelocations',
          'velero',
          'default',
        );
        return (
          bsl?.status?.phase === 'Available' &&
          bsl.spec.config.s3Url === second.velero!.endpoint &&
          bsl
        );
      });
      expect(location.spec.config.s3Url).not.toBe(endpointBefore);
    } finally {
      await second.stop();
    }
  });

  it('runs `kube-sandbox start` until stopped, printing where its kubeconfig is', async () => {
    const lines: string[] = [];
    let stop = () => {};
    const running = runCli(
      ['node', 'kube-sandbox', 'start', '--state', directory, '--no-velero'],
      {
        out: line => lines.push(line),
        stopSignal: () => new Promise<void>(resolve => (stop = resolve)),
      },
    );
    await waitFor(() => lines.length >= 3);
    expect(lines[0]).toMatch(
      /^kube-sandbox is serving https:\/\/127\.0\.0\.1:\d+$/,
    );
    expect(lines[1]).toBe(`kubeconfig: ${path.join(directory, 'kubeconfig')}`);
    stop();
    await running;
    expect(lines[lines.length - 1]).toBe(
      'kube-sandbox stopped; its state is kept',
    );
    expect(
      JSON.parse(
        await fs.readFile(path.join(directory, 'cluster.json'), 'utf8'),
      ).resources['/namespaces'],
    ).toHaveLength(4);
  });
});
