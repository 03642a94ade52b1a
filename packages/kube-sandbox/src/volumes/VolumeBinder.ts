import { SandboxApi } from '../api/SandboxApi';
import { Reconciler } from '../controllers/Controller';
import { StoreEvent } from '../store/types';
import { CLAIMS, VolumeContents } from './VolumeContents';

const MANAGER = 'persistentvolume-binder-controller';

/**
 * The storage a cluster's dynamic provisioner and PV controller give claims: every
 * PersistentVolumeClaim is Bound at once (its access modes, its requested size as capacity),
 * and the contents of a claim that is gone are removed, as with the reclaim policy Delete of
 * dynamically provisioned volumes. Keys are claim uids, so that a deletion still names its
 * volume. There are no PersistentVolume objects.
 */
export class VolumeBinder implements Reconciler {
  readonly name = 'persistentvolume-binder';
  readonly #api: SandboxApi;
  readonly #contents: VolumeContents;

  private constructor(api: SandboxApi, contents: VolumeContents) {
    this.#api = api;
    this.#contents = contents;
  }

  static create(options: {
    api: SandboxApi;
    contents: VolumeContents;
  }): VolumeBinder {
    return new VolumeBinder(options.api, options.contents);
  }

  keysFor(event: StoreEvent): string[] {
    return event.resourceKey === CLAIMS && event.object.metadata.uid
      ? [event.object.metadata.uid]
      : [];
  }

  /** Every claim, and every stored volume (its claim may have been deleted while stopped). */
  initialKeys(): string[] {
    const uids = this.#api.store.list(CLAIMS).map(c => c.metadata.uid!);
    return [...new Set([...uids, ...this.#contents.storedUids()])];
  }

  async reconcile(uid: string): Promise<void> {
    const claim = this.#api.store
      .list(CLAIMS)
      .find(c => c.metadata.uid === uid);
    if (!claim) {
      await this.#contents.discard(uid);
      return;
    }
    if (claim.status?.phase === 'Bound' || claim.metadata.deletionTimestamp) {
      return;
    }
    this.#api.update(
      this.#api.scope('v1', 'PersistentVolumeClaim', claim.metadata.namespace),
      claim.metadata.name!,
      {
        ...claim,
        status: {
          phase: 'Bound',
          accessModes: claim.spec?.accessModes ?? ['ReadWriteOnce'],
          capacity: claim.spec?.resources?.requests ?? {},
        },
      },
      { subresource: 'status', fieldManager: MANAGER },
    );
  }
}
