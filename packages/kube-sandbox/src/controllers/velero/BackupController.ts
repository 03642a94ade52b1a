import { gzipSync } from 'node:zlib';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { goDurationMs } from '../../util/goDuration';
import { JsonMap, timestamp } from '../../util/json';
import { Reconciler } from '../Controller';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import { ArchiveItem, collectBackupItems } from './backupContents';
import { BackupStore } from './BackupStore';
import { BACKUPS, findLocation, writeVeleroStatus } from './locations';
import { packTarGz } from '../../util/tarArchive';
import { VolumeContents } from '../../volumes/VolumeContents';
import {
  backUpPodVolumes,
  podVolumeBackupsKey,
  PodVolumeBackupsResult,
} from './podVolumeBackups';

const DEFAULT_TTL_MS = 720 * 3_600_000;

/**
 * Velero's backup controller: a New Backup is validated (its storage location must exist and be
 * Available, else FailedValidation), then InProgress while the selected objects are read in one
 * consistent pass and written to the location as Velero lays a backup out
 * (`backups/<name>/<name>.tar.gz`, `velero-backup.json`, logs and resource list), then
 * Completed with its progress, or Failed with the reason. With `defaultVolumesToFsBackup` or
 * the pods' `backup.velero.io/backup-volumes` annotation, the claims' contents are copied
 * first, one PodVolumeBackup per volume (podVolumeBackups); a failed one makes the backup
 * PartiallyFailed. Volume snapshots and hooks are not simulated.
 */
export class BackupController implements Reconciler {
  readonly name = 'velero-backups';
  readonly #api: SandboxApi;
  readonly #volumes: VolumeContents;

  private constructor(api: SandboxApi, volumes: VolumeContents) {
    this.#api = api;
    this.#volumes = volumes;
  }

  static create(options: {
    api: SandboxApi;
    volumes: VolumeContents;
  }): BackupController {
    return new BackupController(options.api, options.volumes);
  }

  keysFor(event: StoreEvent): string[] {
    const phase = event.object.status?.phase;
    return event.resourceKey === BACKUPS &&
      event.type !== 'DELETED' &&
      (!phase || phase === 'New')
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(BACKUPS)
      .filter(
        b =>
          !b.status?.phase ||
          b.status.phase === 'New' ||
          b.status.phase === 'InProgress',
      )
      .map(b => objectKey(b.metadata.namespace, b.metadata.name!));
  }

  async reconcile(key: string): Promise<void> {
    const { namespace, name } = splitObjectKey(key);
    const backup = this.#api.store.get(BACKUPS, namespace, name);
    const phase = backup?.status?.phase;
    if (!backup || (phase && phase !== 'New' && phase !== 'InProgress')) {
      return;
    }
    const location = findLocation(
      this.#api,
      namespace,
      backup.spec?.storageLocation,
    );
    // Set at validation, so that a backup that fails it expires too.
    const expiration = timestamp(
      new Date(Date.now() + goDurationMs(backup.spec?.ttl, DEFAULT_TTL_MS)),
    );
    const errors: string[] = [];
    if (!location) {
      errors.push(
        backup.spec?.storageLocation
          ? `an existing backup storage location wasn't specified at backup creation time and the default '${backup.spec.storageLocation}' wasn't found. Please address this issue (see \`velero backup-location -h\` for options) and create a new backup. Error: backupstoragelocations.velero.io "${backup.spec.storageLocation}" not found`
          : "an existing backup storage location wasn't specified at backup creation time and the default 'default' wasn't found. Please address this issue (see `velero backup-location -h` for options) and create a new backup. Error: backupstoragelocations.velero.io \"default\" not found",
      );
    } else if (location.status?.phase !== 'Available') {
      errors.push(
        `backup can't be created because BackupStorageLocation ${location.metadata.name} is in Unavailable status.`,
      );
    }
    if (errors.length) {
      writeVeleroStatus(this.#api, backup, {
        phase: 'FailedValidation',
        validationErrors: errors,
        version: 1,
        formatVersion: '1.1.0',
        expiration,
      });
      return;
    }
    const started = timestamp();
    const items = collectBackupItems(this.#api, backup.spec ?? {});
    const inProgress = writeVeleroStatus(this.#api, backup, {
      phase: 'InProgress',
      version: 1,
      formatVersion: '1.1.0',
      startTimestamp: started,
      expiration,
      progress: { totalItems: items.length, itemsBackedUp: 0 },
    });
    const labelled = this.#label(inProgress, location!.metadata.name!);
    let status: JsonMap;
    let store: BackupStore | undefined;
    try {
      store = BackupStore.forLocation(this.#api, location!);
      const prefix = `backups/${name}/`;
      const volumes = await backUpPodVolumes({
        api: this.#api,
        volumes: this.#volumes,
        store,
        backup: labelled,
        pods: items
          .filter(i => i.path.startsWith('resources/pods/'))
          .map(i => i.object),
        repoIdentifier: repoIdentifier(location!),
      });
      await store.put(
        `${prefix}${name}.tar.gz`,
        packTarGz(
          new Map([
            ['metadata/version', Buffer.from('1.1.0')],
            ...items.map(
              i => [i.path, Buffer.from(JSON.stringify(i.object))] as const,
            ),
          ]),
        ),
      );
      await store.put(
        `${prefix}${name}-logs.gz`,
        gzipSync(backupLog(labelled, items, volumes)),
      );
      await store.put(
        `${prefix}${name}-resource-list.json.gz`,
        gzipSync(JSON.stringify(resourceList(items))),
      );
      if (volumes.podVolumeBackups.length) {
        await store.put(
          podVolumeBackupsKey(name),
          gzipSync(JSON.stringify(volumes.podVolumeBackups)),
        );
      }
      status = {
        ...labelled.status,
        phase: volumes.errors.length ? 'PartiallyFailed' : 'Completed',
        completionTimestamp: timestamp(),
        progress: { totalItems: items.length, itemsBackedUp: items.length },
        ...(volumes.errors.length ? { errors: volumes.errors.length } : {}),
        ...(volumes.warnings.length
          ? { warnings: volumes.warnings.length }
          : {}),
      };
      await store.put(
        `${prefix}velero-backup.json`,
        JSON.stringify({ ...labelled, status }),
      );
    } catch (error) {
      status = {
        ...labelled.status,
        phase: 'Failed',
        failureReason: (error as Error).message || (error as Error).name,
        completionTimestamp: timestamp(),
      };
    } finally {
      store?.close();
    }
    const current = this.#api.store.get(BACKUPS, namespace, name);
    if (current) {
      writeVeleroStatus(this.#api, current, status);
    }
  }

  #label(backup: KubeObject, location: string): KubeObject {
    if (
      backup.metadata.labels?.['velero.io/storage-location'] === location &&
      backup.spec?.storageLocation === location
    ) {
      return backup;
    }
    return this.#api.update(
      this.#api.scope('velero.io/v1', 'Backup', backup.metadata.namespace),
      backup.metadata.name!,
      {
        ...backup,
        metadata: {
          ...backup.metadata,
          labels: {
            ...backup.metadata.labels,
            'velero.io/storage-location': location,
          },
        },
        spec: { ...backup.spec, storageLocation: location },
      },
      { fieldManager: 'velero' },
    ).object;
  }
}

/** The repository Velero's node-agent keeps a location's file-system backups in. */
function repoIdentifier(location: KubeObject): string {
  const spec = location.spec ?? {};
  const prefix = spec.objectStorage?.prefix
    ? `/${String(spec.objectStorage.prefix).replace(/\/+$/, '')}`
    : '';
  return `s3:${spec.config?.s3Url}/${spec.objectStorage?.bucket}${prefix}/kopia`;
}

function resourceList(items: ArchiveItem[]): Record<string, string[]> {
  const list: Record<string, string[]> = {};
  for (const item of items) {
    const resource = item.path.split('/')[1];
    (list[resource] ??= []).push(
      item.object.metadata.namespace
        ? `${item.object.metadata.namespace}/${item.object.metadata.name}`
        : item.object.metadata.name!,
    );
  }
  return list;
}

/** The backup's log as Velero writes it: an info line per item, then the volumes' problems. */
function backupLog(
  backup: KubeObject,
  items: ArchiveItem[],
  volumes: PodVolumeBackupsResult,
): string {
  const at = backup.status?.startTimestamp;
  const ref = `backup=${backup.metadata.namespace}/${backup.metadata.name}`;
  const lines = [
    ...items.map(
      i =>
        `time="${at}" level=info msg="Backed up item" ${ref} name=${
          i.object.metadata.name
        } namespace=${i.object.metadata.namespace ?? ''} resource=${
          i.path.split('/')[1]
        }`,
    ),
    ...volumes.warnings.map(
      w => `time="${at}" level=warning msg=${JSON.stringify(w)} ${ref}`,
    ),
    ...volumes.errors.map(
      e => `time="${at}" level=error msg=${JSON.stringify(e)} ${ref}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
