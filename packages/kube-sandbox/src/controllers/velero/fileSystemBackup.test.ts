import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
} from '@kubernetes/client-node';
import { Sandbox, startSandbox } from '../../Sandbox';
import { KubeObject } from '../../store/types';
import { rawRequest } from '../../testing/rawRequest';
import { waitFor } from '../../testing/waitFor';
import { storedKeys } from './__testUtils__/storedKeys';

jest.setTimeout(60_000);

/**
 * Velero's file-system backup and restore of volume data, driven as the agent drives Velero:
 * client-node for the objects, the sandbox's HTTP volume API for the files.
 */
describe('Velero stand-in: file-system backup of volumes', () => {
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  /** Every phase each Backup, PodVolumeBackup and PodVolumeRestore went through, in order. */
  const phases = new Map<string, string[]>();
  let unsubscribe: () => void;

  const velero = (plural: string) => ({
    group: 'velero.io',
    version: 'v1',
    namespace: 'velero',
    plural,
  });
  const create = (plural: string, body: object) =>
    custom.createNamespacedCustomObject({ ...velero(plural), body });
  const read = (plural: string, name: string): Promise<KubeObject> =>
    custom.getNamespacedCustomObject({ ...velero(plural), name });
  const finished = (plural: string, name: string, ...wanted: string[]) =>
    waitFor(
      async () => {
        const object = await read(plural, name);
        return wanted.includes(object.status?.phase) && object;
      },
      { what: `${plural}/${name} ${wanted.join(' or ')}` },
    );
  const listed = async (plural: string, label: string) =>
    (
      (await custom.listNamespacedCustomObject({
        ...velero(plural),
        labelSelector: label,
      })) as { items: KubeObject[] }
    ).items;
  const filesUrl = (namespace: string, claim: string, file = '') =>
    `/sandbox/v1/namespaces/${namespace}/persistentvolumeclaims/${claim}/files${
      file ? `/${file}` : ''
    }`;
  const writeFile = async (
    namespace: string,
    claim: string,
    file: string,
    content: string,
  ) => {
    const response = await rawRequest(
      sandbox,
      'PUT',
      filesUrl(namespace, claim, file),
      { body: content, contentType: 'application/octet-stream' },
    );
    expect(response.status).toBe(200);
  };
  const volume = async (namespace: string, claim: string) => {
    const files: Record<string, string> = {};
    const list = await rawRequest(sandbox, 'GET', filesUrl(namespace, claim));
    expect(list.status).toBe(200);
    for (const { path } of list.json.items) {
      files[path] = (
        await rawRequest(sandbox, 'GET', filesUrl(namespace, claim, path))
      ).text;
    }
    return files;
  };
  /** The data path's Events on a PodVolumeBackup or PodVolumeRestore, by reason. */
  const dataPathEvents = async (name: string) =>
    new Map(
      (
        await sandbox.kubeConfig
          .makeApiClient(CoreV1Api)
          .listNamespacedEvent({ namespace: 'velero' })
      ).items
        .filter(event => event.involvedObject.name === name)
        .map(event => [
          event.reason!,
          { type: event.type, message: event.message, source: event.source },
        ]),
    );
  const claimNames = async (namespace: string) =>
    (
      await sandbox.kubeConfig
        .makeApiClient(CoreV1Api)
        .listNamespacedPersistentVolumeClaim({ namespace })
    ).items
      .map(c => c.metadata!.name!)
      .sort();

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      flux: false,
    });
    unsubscribe = sandbox.api.store.subscribe(event => {
      if (
        event.resourceKey === 'velero.io/podvolumebackups' ||
        event.resourceKey === 'velero.io/podvolumerestores' ||
        event.resourceKey === 'velero.io/backups'
      ) {
        const seen = phases.get(event.name) ?? [];
        const phase = event.object.status?.phase;
        if (event.type !== 'DELETED' && seen[seen.length - 1] !== phase) {
          phases.set(event.name, [...seen, phase]);
        }
      }
    });
    custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
    const core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    const apps = sandbox.kubeConfig.makeApiClient(AppsV1Api);
    await core.createNamespace({ body: { metadata: { name: 'shop' } } });
    await apps.createNamespacedStatefulSet({
      namespace: 'shop',
      body: {
        metadata: { name: 'db' },
        spec: {
          replicas: 1,
          serviceName: 'db',
          selector: { matchLabels: { app: 'db' } },
          template: {
            metadata: { labels: { app: 'db' } },
            spec: { containers: [{ name: 'db', image: 'postgres:16' }] },
          },
          volumeClaimTemplates: [
            {
              metadata: { name: 'data' },
              spec: {
                accessModes: ['ReadWriteOnce'],
                resources: { requests: { storage: '1Gi' } },
              },
            },
          ],
        },
      },
    });
    await core.createNamespacedPersistentVolumeClaim({
      namespace: 'shop',
      body: {
        metadata: { name: 'cache' },
        spec: {
          accessModes: ['ReadWriteOnce'],
          resources: { requests: { storage: '100Mi' } },
        },
      },
    });
    // Not backed up: a backup copies a pod's volumes only with defaultVolumesToFsBackup or
    // the pod's backup.velero.io/backup-volumes annotation.
    await core.createNamespacedPod({
      namespace: 'shop',
      body: {
        metadata: { name: 'cache' },
        spec: {
          containers: [{ name: 'redis', image: 'redis:7' }],
          volumes: [
            { name: 'cache', persistentVolumeClaim: { claimName: 'cache' } },
          ],
        },
      },
    });
    await waitFor(
      () =>
        sandbox.api.store
          .list('/pods', 'shop')
          .filter(p => p.status?.phase === 'Running').length === 2,
    );
    await writeFile('shop', 'data-db-0', 'PG_VERSION', '16\n');
    await writeFile('shop', 'data-db-0', 'base/1/rows', 'apple,pear\n');
    await writeFile('shop', 'cache', 'dump.rdb', 'cached\n');
    await finished('backupstoragelocations', 'default', 'Available');
  });

  afterAll(async () => {
    unsubscribe?.();
    await sandbox?.stop();
  });

  it('copies each opted-in volume into the store with one PodVolumeBackup, New to Completed', async () => {
    await create('backups', {
      apiVersion: 'velero.io/v1',
      kind: 'Backup',
      metadata: { name: 'shop-1' },
      spec: {
        includedNamespaces: ['shop'],
        defaultVolumesToFsBackup: true,
        ttl: '24h0m0s',
      },
    });
    const backup = await finished('backups', 'shop-1', 'Completed');
    expect(backup.status.progress.itemsBackedUp).toBe(
      backup.status.progress.totalItems,
    );
    expect(backup.status.errors).toBeUndefined();
    expect(
      Date.parse(backup.status.expiration) -
        Date.parse(backup.status.startTimestamp),
    ).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);

    const volumeBackups = await listed(
      'podvolumebackups',
      'velero.io/backup-name=shop-1',
    );
    expect(
      volumeBackups.map(b => `${b.spec.pod.name}/${b.spec.volume}`).sort(),
    ).toEqual(['cache/cache', 'db-0/data']);
    const data = volumeBackups.find(b => b.spec.volume === 'data')!;
    expect(data.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'Backup', name: 'shop-1' }),
    ]);
    expect(data.spec).toMatchObject({
      node: 'sandbox-node',
      backupStorageLocation: 'default',
      uploaderType: 'kopia',
      tags: { backup: 'shop-1', ns: 'shop', pod: 'db-0', volume: 'data' },
    });
    expect(data.status).toMatchObject({
      phase: 'Completed',
      snapshotID: expect.stringMatching(/^[0-9a-f]{32}$/),
      progress: { totalBytes: 14, bytesDone: 14 },
      completionTimestamp: expect.any(String),
    });
    expect(phases.get(data.metadata.name!)).toEqual([
      'New',
      'InProgress',
      'Completed',
    ]);
    const events = await dataPathEvents(data.metadata.name!);
    expect([...events.keys()].sort()).toEqual([
      'Data-Path-Completed',
      'Data-Path-Progress',
      'Data-Path-Started',
      'Data-Path-Stopped',
    ]);
    expect(events.get('Data-Path-Started')).toEqual({
      type: 'Normal',
      message: `Data path for ${data.metadata.name} started`,
      source: { component: data.metadata.name, host: 'sandbox-node' },
    });
    expect(
      JSON.parse(events.get('Data-Path-Completed')!.message!),
    ).toMatchObject({ snapshotID: data.status.snapshotID, totalBytes: 14 });
    expect(
      await storedKeys(
        sandbox,
        `backups/shop-1/podvolumes/${data.status.snapshotID}/`,
      ),
    ).toEqual([
      `backups/shop-1/podvolumes/${data.status.snapshotID}/PG_VERSION`,
      `backups/shop-1/podvolumes/${data.status.snapshotID}/base/1/rows`,
    ]);
    expect(
      await storedKeys(sandbox, 'backups/shop-1/shop-1-podvolumebackups'),
    ).toEqual(['backups/shop-1/shop-1-podvolumebackups.json.gz']);
  });

  it('without defaultVolumesToFsBackup, copies only the volumes named by the pod annotation', async () => {
    const backupOf = async (name: string) => {
      await create('backups', {
        apiVersion: 'velero.io/v1',
        kind: 'Backup',
        metadata: { name },
        spec: { includedNamespaces: ['shop'] },
      });
      await finished('backups', name, 'Completed');
      return (
        await listed('podvolumebackups', `velero.io/backup-name=${name}`)
      ).map(b => `${b.spec.pod.name}/${b.spec.volume}`);
    };
    expect(await backupOf('none-opted')).toEqual([]);
    await sandbox.kubeConfig.makeApiClient(CoreV1Api).patchNamespacedPod({
      name: 'cache',
      namespace: 'shop',
      body: [
        {
          op: 'add',
          path: '/metadata/annotations',
          value: { 'backup.velero.io/backup-volumes': 'cache' },
        },
      ],
    });
    expect(await backupOf('cache-opted')).toEqual(['cache/cache']);
  });

  it('brings the old data back in place once the claims are removed, with PodVolumeRestores', async () => {
    await writeFile('shop', 'data-db-0', 'base/1/rows', 'apple,pear,plum\n');
    await writeFile('shop', 'data-db-0', 'base/2/rows', 'new table\n');
    const apps = sandbox.kubeConfig.makeApiClient(AppsV1Api);
    const core = sandbox.kubeConfig.makeApiClient(CoreV1Api);
    // What an in-place restore does: stop the components, remove the claims, restore.
    await apps.patchNamespacedStatefulSet({
      name: 'db',
      namespace: 'shop',
      body: [{ op: 'replace', path: '/spec/replicas', value: 0 }],
    });
    await waitFor(() => !sandbox.api.store.get('/pods', 'shop', 'db-0'), {
      what: 'db-0 to stop',
    });
    await core.deleteNamespacedPersistentVolumeClaim({
      name: 'data-db-0',
      namespace: 'shop',
    });
    await waitFor(
      async () => !(await claimNames('shop')).includes('data-db-0'),
    );

    await create('restores', {
      apiVersion: 'velero.io/v1',
      kind: 'Restore',
      metadata: { name: 'shop-1-in-place' },
      spec: { backupName: 'shop-1', existingResourcePolicy: 'update' },
    });
    const restore = await finished('restores', 'shop-1-in-place', 'Completed');
    // The cache claim was not removed: it keeps its data, and the restore says so.
    expect(restore.status.warnings).toBeGreaterThan(0);
    const volumeRestores = await listed(
      'podvolumerestores',
      'velero.io/restore-name=shop-1-in-place',
    );
    expect(volumeRestores).toHaveLength(1);
    expect(volumeRestores[0].spec).toMatchObject({
      pod: { kind: 'Pod', namespace: 'shop', name: 'db-0' },
      volume: 'data',
      sourceNamespace: 'shop',
      uploaderType: 'kopia',
      snapshotID: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(volumeRestores[0].status).toMatchObject({
      phase: 'Completed',
      progress: { totalBytes: 14, bytesDone: 14 },
    });
    expect(phases.get(volumeRestores[0].metadata.name!)).toEqual([
      'New',
      'InProgress',
      'Completed',
    ]);
    const events = await dataPathEvents(volumeRestores[0].metadata.name!);
    expect([...events.keys()].sort()).toEqual([
      'Data-Path-Completed',
      'Data-Path-Progress',
      'Data-Path-Started',
      'Data-Path-Stopped',
    ]);
    expect(JSON.parse(events.get('Data-Path-Progress')!.message!)).toEqual({
      totalBytes: 14,
      doneBytes: 14,
    });
    expect(await volume('shop', 'data-db-0')).toEqual({
      PG_VERSION: '16\n',
      'base/1/rows': 'apple,pear\n',
    });

    await apps.patchNamespacedStatefulSet({
      name: 'db',
      namespace: 'shop',
      body: [{ op: 'replace', path: '/spec/replicas', value: 1 }],
    });
    const pod = await waitFor(() =>
      sandbox.api.store.get('/pods', 'shop', 'db-0'),
    );
    expect(pod.spec.volumes).toContainEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: 'data-db-0' },
    });
    expect(await volume('shop', 'data-db-0')).toEqual({
      PG_VERSION: '16\n',
      'base/1/rows': 'apple,pear\n',
    });
  });

  it('restores the volumes into another namespace with namespaceMapping, leaving the source alone', async () => {
    await writeFile('shop', 'cache', 'dump.rdb', 'changed\n');
    await create('restores', {
      apiVersion: 'velero.io/v1',
      kind: 'Restore',
      metadata: { name: 'shop-1-clone' },
      spec: { backupName: 'shop-1', namespaceMapping: { shop: 'shop-clone' } },
    });
    const restore = await finished('restores', 'shop-1-clone', 'Completed');
    expect(restore.status.errors).toBeUndefined();
    expect(await claimNames('shop-clone')).toEqual(['cache', 'data-db-0']);
    expect(await volume('shop-clone', 'data-db-0')).toEqual({
      PG_VERSION: '16\n',
      'base/1/rows': 'apple,pear\n',
    });
    expect(await volume('shop-clone', 'cache')).toEqual({
      'dump.rdb': 'cached\n',
    });
    expect(await volume('shop', 'cache')).toEqual({ 'dump.rdb': 'changed\n' });
    const volumeRestores = await listed(
      'podvolumerestores',
      'velero.io/restore-name=shop-1-clone',
    );
    expect(volumeRestores.map(r => r.spec.pod.namespace)).toEqual([
      'shop-clone',
      'shop-clone',
    ]);
  });

  it('removes the volume files from the store with the backup (DeleteBackupRequest)', async () => {
    expect(
      (await storedKeys(sandbox, 'backups/shop-1/podvolumes/')).length,
    ).toBe(3);
    await create('deletebackuprequests', {
      apiVersion: 'velero.io/v1',
      kind: 'DeleteBackupRequest',
      metadata: { name: 'drop-shop-1' },
      spec: { backupName: 'shop-1' },
    });
    await finished('deletebackuprequests', 'drop-shop-1', 'Processed');
    expect(await storedKeys(sandbox, 'backups/shop-1/')).toEqual([]);
    expect(phases.get('shop-1')).toEqual([
      'InProgress',
      'Completed',
      'Deleting',
    ]);
    // The restores made from it go with it.
    expect(
      (await listed('restores', '')).map(r => r.spec.backupName),
    ).not.toContain('shop-1');
    await waitFor(
      async () =>
        (
          await listed('podvolumebackups', 'velero.io/backup-name=shop-1')
        ).length === 0,
      { what: 'the PodVolumeBackups to go with their Backup' },
    );
  });

  it('expires a backup at its TTL: garbage collection asks for its deletion', async () => {
    await create('backups', {
      apiVersion: 'velero.io/v1',
      kind: 'Backup',
      metadata: { name: 'short' },
      spec: {
        includedNamespaces: ['shop'],
        defaultVolumesToFsBackup: true,
        ttl: '5s',
      },
    });
    const backup = await finished('backups', 'short', 'Completed');
    expect(
      (await storedKeys(sandbox, 'backups/short/podvolumes/')).length,
    ).toBeGreaterThan(0);
    await waitFor(
      () => !sandbox.api.store.get('velero.io/backups', 'velero', 'short'),
      { what: 'the expired backup to be deleted' },
    );
    const [request] = await listed(
      'deletebackuprequests',
      'velero.io/backup-name=short',
    );
    expect(request.metadata.labels!['velero.io/backup-uid']).toBe(
      backup.metadata.uid,
    );
    expect(request.status.phase).toBe('Processed');
    expect(await storedKeys(sandbox, 'backups/short/')).toEqual([]);
  });
});
