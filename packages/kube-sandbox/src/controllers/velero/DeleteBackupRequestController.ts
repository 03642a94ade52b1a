import { SandboxApi } from '../../api/SandboxApi';
import { StoreEvent } from '../../store/types';
import { Reconciler } from '../Controller';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import { BackupStore } from './BackupStore';
import {
  BACKUPS,
  DELETE_REQUESTS,
  findLocation,
  RESTORES,
  writeVeleroStatus,
} from './locations';

/**
 * Velero's backup deletion: a DeleteBackupRequest marks the Backup Deleting, removes its data
 * from its storage location (the volumes' files included), then the Restores made from it
 * and the Backup object (its PodVolumeBackups go with it), going New → InProgress →
 * Processed (with errors, if any). Deleting only the Backup object would leave the data, and backup sync would bring the
 * object back.
 */
export class DeleteBackupRequestController implements Reconciler {
  readonly name = 'velero-delete-backup-requests';
  readonly #api: SandboxApi;

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): DeleteBackupRequestController {
    return new DeleteBackupRequestController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    const phase = event.object.status?.phase;
    return event.resourceKey === DELETE_REQUESTS &&
      event.type !== 'DELETED' &&
      (!phase || phase === 'New')
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(DELETE_REQUESTS)
      .filter(r => r.status?.phase !== 'Processed')
      .map(r => objectKey(r.metadata.namespace, r.metadata.name!));
  }

  async reconcile(key: string): Promise<void> {
    const { namespace, name } = splitObjectKey(key);
    const request = this.#api.store.get(DELETE_REQUESTS, namespace, name);
    if (!request || request.status?.phase === 'Processed') {
      return;
    }
    const backupName: string = request.spec?.backupName;
    const backup = this.#api.store.get(BACKUPS, namespace, backupName);
    const labelled = this.#api.update(
      this.#api.scope('velero.io/v1', 'DeleteBackupRequest', namespace),
      name,
      {
        ...request,
        metadata: {
          ...request.metadata,
          labels: {
            ...request.metadata.labels,
            'velero.io/backup-name': backupName,
            ...(backup ? { 'velero.io/backup-uid': backup.metadata.uid! } : {}),
          },
        },
        status: { phase: 'InProgress' },
      },
      { fieldManager: 'velero' },
    ).object;
    const errors: string[] = [];
    if (!backup) {
      errors.push(`backup "${backupName}" not found`);
    } else {
      writeVeleroStatus(this.#api, backup, {
        ...backup.status,
        phase: 'Deleting',
      });
      const location = findLocation(
        this.#api,
        namespace,
        backup.spec?.storageLocation,
      );
      if (location) {
        const store = BackupStore.forLocation(this.#api, location);
        try {
          await store.deletePrefix(`backups/${backupName}/`);
        } catch (error) {
          errors.push((error as Error).message || (error as Error).name);
        } finally {
          store.close();
        }
      }
      if (errors.length === 0) {
        for (const restore of this.#api.store.list(RESTORES, namespace)) {
          if (restore.spec?.backupName === backupName) {
            this.#api.delete(
              this.#api.scope('velero.io/v1', 'Restore', namespace),
              restore.metadata.name!,
            );
          }
        }
        this.#api.delete(
          this.#api.scope('velero.io/v1', 'Backup', namespace),
          backupName,
        );
      }
    }
    writeVeleroStatus(this.#api, labelled, {
      phase: 'Processed',
      ...(errors.length ? { errors } : {}),
    });
  }
}
