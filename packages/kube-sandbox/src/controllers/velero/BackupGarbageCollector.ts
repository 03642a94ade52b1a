import { SandboxApi } from '../../api/SandboxApi';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import { StoreEvent } from '../../store/types';
import { Reconciler, ReconcileResult } from '../Controller';
import { BACKUPS, DELETE_REQUESTS, findLocation, MANAGER } from './locations';

/** setTimeout's limit; a backup that expires later is looked at again then. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * Velero's garbage collection: a Backup past its `status.expiration` gets a
 * DeleteBackupRequest (`<backup>-` and a suffix, labelled with the backup's name and uid),
 * unless one is already pending, and the deletion controller removes its data and the object.
 * Backups in a ReadOnly location are kept. Velero looks every hour; the stand-in looks at the
 * expiration itself, so that a short TTL expires when a test expects it to.
 */
export class BackupGarbageCollector implements Reconciler {
  readonly name = 'velero-gc';
  readonly #api: SandboxApi;

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): BackupGarbageCollector {
    return new BackupGarbageCollector(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    return event.resourceKey === BACKUPS &&
      event.type !== 'DELETED' &&
      event.object.status?.expiration
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(BACKUPS)
      .filter(b => b.status?.expiration)
      .map(b => objectKey(b.metadata.namespace, b.metadata.name!));
  }

  reconcile(key: string): ReconcileResult | void {
    const { namespace, name } = splitObjectKey(key);
    const backup = this.#api.store.get(BACKUPS, namespace, name);
    const expiration = Date.parse(backup?.status?.expiration ?? '');
    if (
      !backup ||
      Number.isNaN(expiration) ||
      backup.metadata.deletionTimestamp
    ) {
      return undefined;
    }
    const wait = expiration - Date.now();
    if (wait > 0) {
      return { requeueAfterMs: Math.min(wait + 10, MAX_WAIT_MS) };
    }
    const location = findLocation(
      this.#api,
      namespace,
      backup.spec?.storageLocation,
    );
    if (location?.spec?.accessMode === 'ReadOnly') {
      return undefined;
    }
    const pending = this.#api.store
      .list(DELETE_REQUESTS, namespace)
      .some(
        r => r.spec?.backupName === name && r.status?.phase !== 'Processed',
      );
    if (!pending) {
      this.#api.create(
        this.#api.scope('velero.io/v1', 'DeleteBackupRequest', namespace),
        {
          metadata: {
            generateName: `${name}-`,
            labels: {
              'velero.io/backup-name': name,
              'velero.io/backup-uid': backup.metadata.uid!,
            },
          },
          spec: { backupName: name },
        },
        { fieldManager: MANAGER },
      );
    }
    return undefined;
  }
}
