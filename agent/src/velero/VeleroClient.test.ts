import { Sandbox, startSandbox } from '@styrmin/kube-sandbox';
import { desiredDeleteBackupRequest } from './desired/deleteBackupRequest';
import { VeleroClient } from './VeleroClient';

jest.setTimeout(30_000);

/* VeleroClient against kube-sandbox's Velero. */
describe('VeleroClient', () => {
  let sandbox: Sandbox;
  let velero: VeleroClient;
  const request = (backupName: string) =>
    desiredDeleteBackupRequest({
      backupName,
      veleroNamespace: 'velero',
      labels: {},
    });

  beforeAll(async () => {
    sandbox = await startSandbox({ flux: false });
    velero = VeleroClient.create({
      kubeConfig: sandbox.kubeConfig,
      namespace: 'velero',
    });
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('creates once: a create of an object that exists returns it', async () => {
    const first = await velero.create(request('gone-1'));
    const again = await velero.create(request('gone-1'));

    expect(again.metadata!.uid).toBe(first.metadata!.uid);
    expect(await velero.read('DeleteBackupRequest', 'nothing')).toBeUndefined();
    expect(await velero.delete('DeleteBackupRequest', 'gone-1')).toBe(true);
    expect(await velero.delete('DeleteBackupRequest', 'gone-1')).toBe(false);
  });

  it('wakes up on a change of the object it waits for', async () => {
    const created = await velero.create(request('gone-2'));
    const waited = velero.waitForChange({
      kind: 'DeleteBackupRequest',
      name: 'gone-2',
      resourceVersion: created.metadata!.resourceVersion,
      signal: new AbortController().signal,
      maxWaitMs: 20_000,
    });
    const started = Date.now();
    await velero.delete('DeleteBackupRequest', 'gone-2');

    await waited;
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('waits out a watch the server refuses rather than asking again at once', async () => {
    const refused = sandbox.faults.inject({
      verb: 'watch',
      resource: 'deletebackuprequests',
      status: 503,
      times: Infinity,
    });
    try {
      const started = Date.now();
      await velero.waitForChange({
        kind: 'DeleteBackupRequest',
        name: 'never',
        signal: new AbortController().signal,
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    } finally {
      refused();
    }
  });

  it('ends a wait when the signal aborts', async () => {
    const stop = new AbortController();
    const waited = velero.waitForChange({
      kind: 'DeleteBackupRequest',
      name: 'never',
      signal: stop.signal,
    });
    stop.abort(new Error('stopping'));

    await expect(waited).rejects.toThrow('stopping');
  });
});
