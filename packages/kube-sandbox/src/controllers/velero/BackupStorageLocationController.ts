import { createHash } from 'node:crypto';
import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject, StoreEvent } from '../../store/types';
import { goDurationMs } from '../../util/goDuration';
import { timestamp } from '../../util/json';
import { Reconciler, ReconcileResult } from '../Controller';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import { BackupStore } from './BackupStore';
import { BACKUPS, LOCATIONS, MANAGER, writeVeleroStatus } from './locations';

/**
 * Velero's BackupStorageLocation controller: a location is Available when its bucket answers
 * with its credentials, Unavailable (with the reason) otherwise; it is checked again on a spec
 * change and every `validationFrequency` (default 1m). An Available location's backups are
 * synced in: backups in the store without a Backup object get one again, as Velero's backup
 * sync does.
 */
export class BackupStorageLocationController implements Reconciler {
  readonly name = 'velero-backup-storage-locations';
  readonly #api: SandboxApi;
  /** The spec each location was last checked with. */
  readonly #checked = new Map<string, { spec: string; at: number }>();

  private constructor(api: SandboxApi) {
    this.#api = api;
  }

  static create(options: { api: SandboxApi }): BackupStorageLocationController {
    return new BackupStorageLocationController(options.api);
  }

  keysFor(event: StoreEvent): string[] {
    return event.resourceKey === LOCATIONS && event.type !== 'DELETED'
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(LOCATIONS)
      .map(l => objectKey(l.metadata.namespace, l.metadata.name!));
  }

  async reconcile(key: string): Promise<ReconcileResult | void> {
    const { namespace, name } = splitObjectKey(key);
    const location = this.#api.store.get(LOCATIONS, namespace, name);
    if (!location) {
      this.#checked.delete(key);
      return undefined;
    }
    const spec = createHash('sha256')
      .update(JSON.stringify(location.spec ?? {}))
      .digest('hex');
    const every = goDurationMs(location.spec?.validationFrequency, 60_000);
    const last = this.#checked.get(key);
    if (last && last.spec === spec && Date.now() < last.at + every) {
      return { requeueAfterMs: last.at + every - Date.now() };
    }
    this.#checked.set(key, { spec, at: Date.now() });
    let store: BackupStore | undefined;
    let message: string | undefined;
    try {
      store = BackupStore.forLocation(this.#api, location);
      await store.check();
      await this.#syncBackups(location, store);
    } catch (error) {
      message = `BackupStorageLocation "${name}" is unavailable: ${
        (error as Error).message || (error as Error).name
      }`;
    } finally {
      store?.close();
    }
    const current = this.#api.store.get(LOCATIONS, namespace, name);
    if (current) {
      const { message: _previous, ...status } = current.status ?? {};
      writeVeleroStatus(this.#api, current, {
        ...status,
        phase: message ? 'Unavailable' : 'Available',
        ...(message ? { message } : { lastSyncedTime: timestamp() }),
        lastValidationTime: timestamp(),
      });
    }
    return { requeueAfterMs: every };
  }

  async #syncBackups(location: KubeObject, store: BackupStore): Promise<void> {
    const namespace = location.metadata.namespace!;
    const keys = await store.list('backups/');
    for (const key of keys.filter(k => k.endsWith('/velero-backup.json'))) {
      const name = key.split('/')[1];
      if (this.#api.store.get(BACKUPS, namespace, name)) {
        continue;
      }
      const stored: KubeObject = JSON.parse(
        (await store.get(key)).toString('utf8'),
      );
      this.#api.create(
        this.#api.scope('velero.io/v1', 'Backup', namespace),
        {
          metadata: {
            name,
            labels: {
              ...stored.metadata.labels,
              'velero.io/storage-location': location.metadata.name!,
            },
          },
          spec: stored.spec,
          status: stored.status,
        },
        { fieldManager: MANAGER },
      );
    }
  }
}
