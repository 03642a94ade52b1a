import { randomBytes } from 'node:crypto';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject } from '../../store/types';
import { JsonMap, timestamp } from '../../util/json';
import { CLAIMS, VolumeContents } from '../../volumes/VolumeContents';
import { BackupStore } from './BackupStore';
import { DataPathEvents } from './DataPathEvents';
import { MANAGER, ownedBy, writeVeleroStatus } from './locations';

/** Where a snapshot's files are kept in the store, under its backup's folder. */
export function snapshotPrefix(backupName: string, snapshotID: string): string {
  return `backups/${backupName}/podvolumes/${snapshotID}/`;
}

/** The key of the list of a backup's PodVolumeBackups, as Velero uploads it. */
export function podVolumeBackupsKey(backupName: string): string {
  return `backups/${backupName}/${backupName}-podvolumebackups.json.gz`;
}

/** What the file-system backup of a Backup's pods did. */
export interface PodVolumeBackupsResult {
  /** The PodVolumeBackups as they ended (Completed or Failed). */
  podVolumeBackups: KubeObject[];
  errors: string[];
  warnings: string[];
}

/** How often progress is written while files are copied. */
const PROGRESS_INTERVAL_MS = 100;

function names(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map(name => name.trim())
    .filter(Boolean);
}

/**
 * The volumes of a pod that a Backup copies file by file: with `defaultVolumesToFsBackup`
 * all of them but those the annotation `backup.velero.io/backup-volumes-excludes` names,
 * else those the annotation `backup.velero.io/backup-volumes` names. Only volumes backed by
 * a PersistentVolumeClaim have contents in the sandbox.
 */
function volumesToBackUp(pod: KubeObject, backup: KubeObject): JsonMap[] {
  const annotations = pod.metadata.annotations ?? {};
  const claimed: JsonMap[] = (pod.spec?.volumes ?? []).filter(
    (v: JsonMap) => v.persistentVolumeClaim?.claimName,
  );
  if (backup.spec?.defaultVolumesToFsBackup) {
    const excluded = names(
      annotations['backup.velero.io/backup-volumes-excludes'],
    );
    return claimed.filter(v => !excluded.includes(v.name));
  }
  const opted = names(annotations['backup.velero.io/backup-volumes']);
  return claimed.filter(v => opted.includes(v.name));
}

/**
 * Velero's file-system backup as its node-agent does it: one PodVolumeBackup per volume of a
 * running pod that the backup covers (a claim mounted by several pods is copied once; pods
 * that do not run are skipped with a warning), each going New → InProgress (with
 * `progress.totalBytes` and `bytesDone`) → Completed with its `snapshotID`, or Failed with
 * the store's refusal as `message`. The files go to the backup's folder in the store.
 */
export async function backUpPodVolumes(options: {
  api: SandboxApi;
  volumes: VolumeContents;
  store: BackupStore;
  backup: KubeObject;
  pods: KubeObject[];
  repoIdentifier: string;
}): Promise<PodVolumeBackupsResult> {
  const { api, backup, pods } = options;
  const result: PodVolumeBackupsResult = {
    podVolumeBackups: [],
    errors: [],
    warnings: [],
  };
  const copied = new Set<string>();
  for (const pod of pods) {
    const { namespace, name } = pod.metadata;
    const volumes = volumesToBackUp(pod, backup);
    const phase = pod.status?.phase ?? 'Pending';
    if (volumes.length && phase !== 'Running') {
      result.warnings.push(
        ...volumes.map(
          v =>
            `Skip pod volume ${v.name} of pod ${namespace}/${name}: pod is not in the expected status, name=${name}, namespace=${namespace}, phase=${phase}: pod is not running`,
        ),
      );
      continue;
    }
    for (const volume of volumes) {
      const claimName: string = volume.persistentVolumeClaim.claimName;
      const claim = api.store.get(CLAIMS, namespace!, claimName);
      if (!claim) {
        result.errors.push(
          `error getting persistent volume claim for volume ${volume.name} of pod ${namespace}/${name}: persistentvolumeclaims "${claimName}" not found`,
        );
        continue;
      }
      if (copied.has(claim.metadata.uid!)) {
        continue;
      }
      copied.add(claim.metadata.uid!);
      const ended = await runPodVolumeBackup({
        ...options,
        pod,
        volume: volume.name,
        claim,
      });
      result.podVolumeBackups.push(ended);
      if (ended.status.phase === 'Failed') {
        result.errors.push(`pod volume backup failed: ${ended.status.message}`);
      }
    }
  }
  return result;
}

async function runPodVolumeBackup(options: {
  api: SandboxApi;
  volumes: VolumeContents;
  store: BackupStore;
  backup: KubeObject;
  pod: KubeObject;
  volume: string;
  claim: KubeObject;
  repoIdentifier: string;
}): Promise<KubeObject> {
  const { api, backup, pod, volume, claim } = options;
  const backupName = backup.metadata.name!;
  const { object: created } = api.create(
    api.scope('velero.io/v1', 'PodVolumeBackup', backup.metadata.namespace),
    {
      metadata: {
        generateName: `${backupName}-`,
        ownerReferences: ownedBy(backup),
        labels: {
          'velero.io/backup-name': backupName,
          'velero.io/backup-uid': backup.metadata.uid!,
          'velero.io/pvc-uid': claim.metadata.uid!,
        },
      },
      spec: {
        node: pod.spec?.nodeName ?? '',
        pod: {
          kind: 'Pod',
          namespace: pod.metadata.namespace,
          name: pod.metadata.name,
          uid: pod.metadata.uid,
        },
        volume,
        backupStorageLocation: backup.spec?.storageLocation,
        repoIdentifier: `${options.repoIdentifier}/${pod.metadata.namespace}`,
        uploaderType: 'kopia',
        tags: {
          backup: backupName,
          'backup-uid': backup.metadata.uid!,
          pod: pod.metadata.name!,
          'pod-uid': pod.metadata.uid!,
          ns: pod.metadata.namespace!,
          volume,
          'pvc-uid': claim.metadata.uid!,
        },
      },
      status: { phase: 'New' },
    },
    { fieldManager: MANAGER },
  );
  const files = await options.volumes.readAllByUid(claim.metadata.uid!);
  const totalBytes = [...files.values()].reduce((n, f) => n + f.length, 0);
  const started = {
    startTimestamp: timestamp(),
    path: `/host_pods/${pod.metadata.uid}/volumes/kubernetes.io~csi/pvc-${claim.metadata.uid}/mount`,
  };
  let current = writeVeleroStatus(api, created, {
    phase: 'InProgress',
    ...started,
    progress: { totalBytes, bytesDone: 0 },
  });
  const events = DataPathEvents.start(api, current, pod.spec?.nodeName);
  const snapshotID = randomBytes(16).toString('hex');
  const prefix = snapshotPrefix(backupName, snapshotID);
  let bytesDone = 0;
  let reported = Date.now();
  try {
    for (const [file, content] of files) {
      await options.store.put(prefix + file, content);
      bytesDone += content.length;
      if (Date.now() - reported >= PROGRESS_INTERVAL_MS) {
        reported = Date.now();
        current = writeVeleroStatus(api, current, {
          ...current.status,
          progress: { totalBytes, bytesDone },
        });
        events.progress(totalBytes, bytesDone);
      }
    }
  } catch (error) {
    const message = `error running kopia backup: ${(error as Error).message}`;
    events.failed(message);
    return writeVeleroStatus(api, current, {
      phase: 'Failed',
      ...started,
      message,
      completionTimestamp: timestamp(),
      progress: { totalBytes, bytesDone },
    });
  }
  events.progress(totalBytes, totalBytes);
  events.completed({
    snapshotID,
    emptySnapshot: false,
    source: { byPath: started.path },
    totalBytes,
  });
  return writeVeleroStatus(api, current, {
    phase: 'Completed',
    ...started,
    snapshotID,
    completionTimestamp: timestamp(),
    progress: { totalBytes, bytesDone: totalBytes },
  });
}
