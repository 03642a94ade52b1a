import { CoreV1Api } from '@kubernetes/client-node';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '../Sandbox';
import { rawRequest } from '../testing/rawRequest';
import { waitFor } from '../testing/waitFor';

jest.setTimeout(60_000);

const FILES = '/sandbox/v1/namespaces/default/persistentvolumeclaims';

function claim(name: string) {
  return {
    metadata: { name },
    spec: {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '1Gi' } },
    },
  };
}

describe('volumes with data', () => {
  let directory: string;
  let sandbox: Sandbox;
  const claims = () =>
    sandbox.api.scope('v1', 'PersistentVolumeClaim', 'default');
  const options = () => ({
    directory,
    stateFile: path.join(directory, 'cluster.json'),
    workloads: { startDelayMs: 5, readyDelayMs: 5 },
    velero: false as const,
    flux: false,
  });

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'volumes-test-'));
    sandbox = await startSandbox(options());
  });

  afterAll(async () => {
    await sandbox?.stop();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('binds a claim, and keeps files a test writes and reads in process and over HTTP', async () => {
    const core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    await core.createNamespacedPersistentVolumeClaim({
      namespace: 'default',
      body: claim('data'),
    });
    const bound = await waitFor(async () => {
      const read = await core.readNamespacedPersistentVolumeClaim({
        name: 'data',
        namespace: 'default',
      });
      return read.status?.phase === 'Bound' && read;
    });
    expect(bound.status).toMatchObject({
      accessModes: ['ReadWriteOnce'],
      capacity: { storage: '1Gi' },
    });

    await sandbox.volumes.write('default', 'data', 'db/rows.txt', 'one\n');
    const put = await rawRequest(
      sandbox,
      'PUT',
      `${FILES}/data/files/config/settings.json`,
      { body: '{"color":"blue"}', contentType: 'application/octet-stream' },
    );
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ path: 'config/settings.json', size: 16 });

    const listed = await rawRequest(sandbox, 'GET', `${FILES}/data/files`);
    expect(listed.json.items).toEqual([
      { path: 'config/settings.json', size: 16 },
      { path: 'db/rows.txt', size: 4 },
    ]);
    const read = await rawRequest(
      sandbox,
      'GET',
      `${FILES}/data/files/db/rows.txt`,
    );
    expect(read.headers['content-type']).toBe('application/octet-stream');
    expect(read.text).toBe('one\n');
    expect(
      (
        await sandbox.volumes.read('default', 'data', 'config/settings.json')
      ).toString(),
    ).toBe('{"color":"blue"}');
  });

  it('refuses what names no claim, no file, a path outside the volume, or no token', async () => {
    const missingClaim = await rawRequest(
      sandbox,
      'GET',
      `${FILES}/nothing/files`,
    );
    expect(missingClaim.status).toBe(404);
    expect(missingClaim.json).toMatchObject({
      kind: 'Status',
      reason: 'NotFound',
      message: 'persistentvolumeclaims "nothing" not found',
    });
    const missingFile = await rawRequest(
      sandbox,
      'GET',
      `${FILES}/data/files/absent.txt`,
    );
    expect(missingFile.status).toBe(404);
    expect(missingFile.json.message).toBe(
      'file "absent.txt" not found in persistentvolumeclaim default/data',
    );
    await expect(
      sandbox.volumes.write('default', 'data', '../escape.txt', 'x'),
    ).rejects.toMatchObject({ code: 400 });
    const escaping = await rawRequest(
      sandbox,
      'PUT',
      `${FILES}/data/files/a%2F..%2F..%2Fescape.txt`,
      { body: 'x' },
    );
    expect(escaping.status).toBe(400);
    const anonymous = await rawRequest(sandbox, 'GET', `${FILES}/data/files`, {
      token: null,
    });
    expect(anonymous.status).toBe(401);
    const notAllowed = await rawRequest(sandbox, 'POST', `${FILES}/data/files`);
    expect(notAllowed.status).toBe(405);
  });

  it('removes a file', async () => {
    await sandbox.volumes.write('default', 'data', 'tmp/scratch', 'x');
    const removed = await rawRequest(
      sandbox,
      'DELETE',
      `${FILES}/data/files/tmp/scratch`,
    );
    expect(removed.status).toBe(200);
    expect(
      (await sandbox.volumes.list('default', 'data')).map(f => f.path),
    ).toEqual(['config/settings.json', 'db/rows.txt']);
  });

  it('keeps the contents across a restart', async () => {
    await sandbox.stop();
    sandbox = await startSandbox(options());
    expect(
      (await sandbox.volumes.read('default', 'data', 'db/rows.txt')).toString(),
    ).toBe('one\n');
  });

  it('deletes the contents with the claim; a claim of the same name starts empty', async () => {
    const uid = sandbox.api.get(claims(), 'data').metadata.uid!;
    sandbox.api.delete(claims(), 'data');
    await waitFor(
      async () =>
        !(await fs
          .stat(path.join(directory, 'volumes', uid))
          .then(() => true)
          .catch(() => false)),
    );
    sandbox.api.create(claims(), claim('data'));
    expect(await sandbox.volumes.list('default', 'data')).toEqual([]);
  });

  it("creates a StatefulSet's claims from its templates and keeps them when it is deleted", async () => {
    const statefulSets = sandbox.api.scope('apps/v1', 'StatefulSet', 'default');
    sandbox.api.create(statefulSets, {
      metadata: { name: 'db' },
      spec: {
        replicas: 2,
        serviceName: 'db',
        selector: { matchLabels: { app: 'db' } },
        template: {
          metadata: { labels: { app: 'db' } },
          spec: { containers: [{ name: 'db', image: 'postgres:16' }] },
        },
        volumeClaimTemplates: [claim('pgdata')],
      },
    });
    await waitFor(
      () =>
        sandbox.api.get(statefulSets, 'db').status?.readyReplicas === 2 &&
        sandbox.api.store
          .list('/persistentvolumeclaims', 'default')
          .filter(c => c.metadata.name!.startsWith('pgdata-')).length === 2,
    );
    const pod = sandbox.api.get(
      sandbox.api.scope('v1', 'Pod', 'default'),
      'db-1',
    );
    expect(pod.spec.volumes).toContainEqual({
      name: 'pgdata',
      persistentVolumeClaim: { claimName: 'pgdata-db-1' },
    });
    expect(sandbox.api.get(claims(), 'pgdata-db-0').status.phase).toBe('Bound');
    await sandbox.volumes.write('default', 'pgdata-db-0', 'PG_VERSION', '16');

    sandbox.api.delete(statefulSets, 'db');
    await waitFor(
      () => sandbox.api.store.list('/pods', 'default').length === 0,
    );
    expect(
      (
        await sandbox.volumes.read('default', 'pgdata-db-0', 'PG_VERSION')
      ).toString(),
    ).toBe('16');
  });
});
