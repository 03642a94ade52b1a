import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '../Sandbox';
import { runCli } from './runCli';

jest.setTimeout(60_000);

describe('kube-sandbox volume', () => {
  let directory: string;
  let sandbox: Sandbox;

  const volume = async (args: string[], input = '') => {
    const lines: string[] = [];
    const written: Buffer[] = [];
    await runCli(
      ['node', 'kube-sandbox', 'volume', ...args, '--state', directory],
      {
        out: line => lines.push(line),
        write: chunk => written.push(chunk),
        input: async () => Buffer.from(input),
        stopSignal: () => new Promise(() => {}),
      },
    );
    return { lines, written: Buffer.concat(written).toString() };
  };

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'volume-cli-'));
    sandbox = await startSandbox({
      directory,
      workloads: false,
      velero: false,
      flux: false,
    });
    sandbox.api.create(
      sandbox.api.scope('v1', 'PersistentVolumeClaim', 'default'),
      {
        metadata: { name: 'data' },
        spec: { resources: { requests: { storage: '1Gi' } } },
      },
    );
  });

  afterAll(async () => {
    await sandbox?.stop();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('writes, lists, reads and removes the files of a claim of a running sandbox', async () => {
    await volume(['put', 'default/data', 'db/rows'], 'apple\n');
    expect(
      (await sandbox.volumes.read('default', 'data', 'db/rows')).toString(),
    ).toBe('apple\n');
    expect((await volume(['ls', 'default/data'])).lines).toEqual([
      '6\tdb/rows',
    ]);
    expect((await volume(['get', 'default/data', 'db/rows'])).written).toBe(
      'apple\n',
    );
    await volume(['rm', 'default/data', 'db/rows']);
    expect(await sandbox.volumes.list('default', 'data')).toEqual([]);
  });

  it('says what is wrong: no such claim, no such file, a malformed claim name', async () => {
    await expect(volume(['ls', 'default/nothing'])).rejects.toThrow(
      'persistentvolumeclaims "nothing" not found',
    );
    await expect(volume(['get', 'default/data', 'absent'])).rejects.toThrow(
      'file "absent" not found in persistentvolumeclaim default/data',
    );
    await expect(volume(['ls', 'data'])).rejects.toThrow(
      'name the claim as <namespace>/<claim>, not "data"',
    );
  });
});
