import { gunzipSync } from 'node:zlib';
import { SandboxApi } from '../../api/SandboxApi';
import { objectKey } from '../../store/objectKey';
import { KubeObject } from '../../store/types';
import { JsonMap, timestamp } from '../../util/json';
import { CLAIMS, VolumeContents } from '../../volumes/VolumeContents';
import { BackupStore } from './BackupStore';
import { DataPathEvents } from './DataPathEvents';
import { MANAGER, ownedBy, writeVeleroStatus } from './locations';
import { podVolumeBackupsKey, snapshotPrefix } from './podVolumeBackups';

/** What the file-system restore of a Restore did. */
export interface PodVolumeRestoresResult {
  podVolumeRestores: KubeObject[];
  errors: string[];
  warnings: string[];
}

/**
 * Velero's file-system restore: for each Completed PodVolumeBackup of the backup whose claim
 * the restore has just created (in the namespace `namespaceMapping` gives), a PodVolumeRestore
 * goes New → InProgress (with `progress`) → Completed, and the snapshot's files are written
 * into the new claim's volume. As with Velero, which restores volume data only into the
 * volumes of the pods it creates, a claim that already existed keeps its data (a warning),
 * whatever `existingResourcePolicy` says: delete the claims first to bring their data back.
 * `claims` maps `<namespace>/<name>` of the claims the restore covers to whether it created
 * them.
 */
export async function restorePodVolumes(options: {
  api: SandboxApi;
  volumes: VolumeContents;
  store: BackupStore;
  restore: KubeObject;
  backupName: string;
  archive: Map<string, Buffer>;
  claims: Map<string, boolean>;
}): Promise<PodVolumeRestoresResult> {
  const { api, restore, backupName, archive } = options;
  const result: PodVolumeRestoresResult = {
    podVolumeRestores: [],
    errors: [],
    warnings: [],
  };
  const listed = await options.store.find(podVolumeBackupsKey(backupName));
  const backups: KubeObject[] = listed
    ? JSON.parse(gunzipSync(listed).toString('utf8'))
    : [];
  const mapping: Record<string, string> = restore.spec?.namespaceMapping ?? {};
  for (const backup of backups.filter(b => b.status?.phase === 'Completed')) {
    const source: string = backup.spec.pod.namespace;
    const podName: string = backup.spec.pod.name;
    const archived = archive.get(
      `resources/pods/namespaces/${source}/${podName}.json`,
    );
    const claimName: string | undefined = archived
      ? JSON.parse(archived.toString('utf8')).spec?.volumes?.find(
          (v: JsonMap) => v.name === backup.spec.volume,
        )?.persistentVolumeClaim?.claimName
      : undefined;
    const namespace = mapping[source] ?? source;
    const created = claimName
      ? options.claims.get(objectKey(namespace, claimName))
      : undefined;
    const claim = claimName && api.store.get(CLAIMS, namespace, claimName);
    if (created === undefined || !claim) {
      continue;
    }
    if (!created) {
      result.warnings.push(
        `volume ${backup.spec.volume} of pod ${namespace}/${podName} not restored: persistentvolumeclaim ${namespace}/${claimName} already exists and keeps its data`,
      );
      continue;
    }
    const ended = await runPodVolumeRestore({
      ...options,
      backup,
      namespace,
      podName,
      claim,
    });
    result.podVolumeRestores.push(ended);
    if (ended.status.phase === 'Failed') {
      result.errors.push(`pod volume restore failed: ${ended.status.message}`);
    }
  }
  return result;
}

async function runPodVolumeRestore(options: {
  api: SandboxApi;
  volumes: VolumeContents;
  store: BackupStore;
  restore: KubeObject;
  backupName: string;
  backup: KubeObject;
  namespace: string;
  podName: string;
  claim: KubeObject;
}): Promise<KubeObject> {
  const { api, restore, backup, namespace, podName, claim } = options;
  const pod = api.store.get('/pods', namespace, podName);
  const { object: created } = api.create(
    api.scope('velero.io/v1', 'PodVolumeRestore', restore.metadata.namespace),
    {
      metadata: {
        generateName: `${restore.metadata.name}-`,
        ownerReferences: ownedBy(restore),
        labels: {
          'velero.io/restore-name': restore.metadata.name!,
          'velero.io/restore-uid': restore.metadata.uid!,
          ...(pod ? { 'velero.io/pod-uid': pod.metadata.uid! } : {}),
        },
      },
      spec: {
        pod: {
          kind: 'Pod',
          namespace,
          name: podName,
          ...(pod ? { uid: pod.metadata.uid } : {}),
        },
        volume: backup.spec.volume,
        backupStorageLocation: backup.spec.backupStorageLocation,
        repoIdentifier: backup.spec.repoIdentifier,
        uploaderType: backup.spec.uploaderType,
        snapshotID: backup.status.snapshotID,
        sourceNamespace: backup.spec.pod.namespace,
      },
      status: { phase: 'New' },
    },
    { fieldManager: MANAGER },
  );
  const totalBytes: number = backup.status.progress?.totalBytes ?? 0;
  const startTimestamp = timestamp();
  const current = writeVeleroStatus(api, created, {
    phase: 'InProgress',
    startTimestamp,
    progress: { totalBytes, bytesDone: 0 },
  });
  const events = DataPathEvents.start(api, current, pod?.spec?.nodeName);
  const prefix = snapshotPrefix(options.backupName, backup.status.snapshotID);
  let bytesDone = 0;
  try {
    for (const key of await options.store.list(prefix)) {
      const content = await options.store.get(key);
      await options.volumes.writeByUid(
        claim.metadata.uid!,
        key.slice(prefix.length),
        content,
      );
      bytesDone += content.length;
    }
  } catch (error) {
    const message = `error running kopia restore: ${(error as Error).message}`;
    events.failed(message);
    return writeVeleroStatus(api, current, {
      phase: 'Failed',
      startTimestamp,
      message,
      completionTimestamp: timestamp(),
      progress: { totalBytes, bytesDone },
    });
  }
  events.progress(totalBytes, bytesDone);
  events.completed({
    target: {
      byPath: `/host_pods/${
        pod?.metadata.uid ?? ''
      }/volumes/kubernetes.io~csi/pvc-${claim.metadata.uid}/mount`,
    },
  });
  return writeVeleroStatus(api, current, {
    phase: 'Completed',
    startTimestamp,
    completionTimestamp: timestamp(),
    progress: { totalBytes, bytesDone },
  });
}
