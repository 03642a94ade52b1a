import { ApiError } from '../../api/ApiError';
import { SandboxApi } from '../../api/SandboxApi';
import { qualifiedResource } from '../../resources/ResourceType';
import { LabelSelector } from '../../store/LabelSelector';
import { KubeObject, StoreEvent } from '../../store/types';
import { JsonMap, timestamp } from '../../util/json';
import { Reconciler } from '../Controller';
import { objectKey, splitObjectKey } from '../../store/objectKey';
import {
  prepareForRestore,
  readArchiveItem,
  restoreRank,
  skippedOnRestore,
} from './backupContents';
import { BackupStore } from './BackupStore';
import {
  BACKUPS,
  findLocation,
  MANAGER,
  RESTORES,
  writeVeleroStatus,
} from './locations';
import { unpackTarGz } from '../../util/tarArchive';
import { VolumeContents } from '../../volumes/VolumeContents';
import { restorePodVolumes } from './podVolumeRestores';

const POLICIES = ['', 'none', 'update'];

/**
 * Velero's restore controller: a New Restore is validated (exactly one of backupName and
 * scheduleName, the backup found, its location Available, a known existingResourcePolicy),
 * then the backup's archive is read from the store and its objects created again, in Velero's
 * order, in the namespaces `namespaceMapping` gives (namespaces included), without server-set
 * fields. Objects a controller owns are left to their controller; existing objects are kept
 * (a warning) or updated with `existingResourcePolicy: update`. Then the volumes of the
 * backup's PodVolumeBackups are written back into the claims it created (podVolumeRestores).
 * The Restore ends Completed or PartiallyFailed with its progress, warnings and errors.
 */
export class RestoreController implements Reconciler {
  readonly name = 'velero-restores';
  readonly #api: SandboxApi;
  readonly #volumes: VolumeContents;

  private constructor(api: SandboxApi, volumes: VolumeContents) {
    this.#api = api;
    this.#volumes = volumes;
  }

  static create(options: {
    api: SandboxApi;
    volumes: VolumeContents;
  }): RestoreController {
    return new RestoreController(options.api, options.volumes);
  }

  keysFor(event: StoreEvent): string[] {
    const phase = event.object.status?.phase;
    return event.resourceKey === RESTORES &&
      event.type !== 'DELETED' &&
      (!phase || phase === 'New')
      ? [objectKey(event.namespace, event.name)]
      : [];
  }

  initialKeys(): string[] {
    return this.#api.store
      .list(RESTORES)
      .filter(
        r =>
          !r.status?.phase ||
          r.status.phase === 'New' ||
          r.status.phase === 'InProgress',
      )
      .map(r => objectKey(r.metadata.namespace, r.metadata.name!));
  }

  async reconcile(key: string): Promise<void> {
    const { namespace, name } = splitObjectKey(key);
    const restore = this.#api.store.get(RESTORES, namespace, name);
    const phase = restore?.status?.phase;
    if (!restore || (phase && phase !== 'New' && phase !== 'InProgress')) {
      return;
    }
    const spec: JsonMap = restore.spec ?? {};
    const errors: string[] = [];
    if (Boolean(spec.backupName) === Boolean(spec.scheduleName)) {
      errors.push(
        'Either a backup or schedule must be specified as a source for the restore, but not both',
      );
    }
    if (!POLICIES.includes(spec.existingResourcePolicy ?? '')) {
      errors.push(
        `Invalid existingResourcePolicy: ${spec.existingResourcePolicy}`,
      );
    }
    const backup = this.#backup(namespace, spec);
    if (!backup && errors.length === 0) {
      errors.push(
        spec.backupName
          ? `Error retrieving backup: backups.velero.io "${spec.backupName}" not found`
          : `No backups found for schedule ${spec.scheduleName}`,
      );
    }
    const location =
      backup &&
      findLocation(this.#api, namespace, backup.spec?.storageLocation);
    if (backup && location?.status?.phase !== 'Available') {
      errors.push(
        `The BackupStorageLocation ${
          backup.spec?.storageLocation ?? 'default'
        } is not available`,
      );
    }
    if (errors.length) {
      writeVeleroStatus(this.#api, restore, {
        phase: 'FailedValidation',
        validationErrors: errors,
      });
      return;
    }
    const backupName = backup!.metadata.name!;
    const started = timestamp();
    writeVeleroStatus(this.#api, restore, {
      phase: 'InProgress',
      startTimestamp: started,
    });
    let status: JsonMap;
    let store: BackupStore | undefined;
    try {
      store = BackupStore.forLocation(this.#api, location!);
      const archive = unpackTarGz(
        await store.get(`backups/${backupName}/${backupName}.tar.gz`),
      );
      const { status: restored, claims } = this.#restoreItems(
        restore,
        backupName,
        archive,
      );
      const volumes = await restorePodVolumes({
        api: this.#api,
        volumes: this.#volumes,
        store,
        restore,
        backupName,
        archive,
        claims,
      });
      const failures = restored.errors.length + volumes.errors.length;
      const warnings = restored.warnings.length + volumes.warnings.length;
      status = {
        startTimestamp: started,
        phase: failures ? 'PartiallyFailed' : 'Completed',
        progress: restored.progress,
        ...(warnings ? { warnings } : {}),
        ...(failures ? { errors: failures } : {}),
      };
    } catch (error) {
      status = {
        startTimestamp: started,
        phase: 'Failed',
        failureReason: (error as Error).message || (error as Error).name,
      };
    } finally {
      store?.close();
    }
    const current = this.#api.store.get(RESTORES, namespace, name);
    if (current) {
      writeVeleroStatus(this.#api, current, {
        ...status,
        completionTimestamp: timestamp(),
      });
    }
  }

  #backup(namespace: string, spec: JsonMap): KubeObject | undefined {
    if (spec.backupName) {
      return this.#api.store.get(BACKUPS, namespace, spec.backupName);
    }
    return this.#api.store
      .list(BACKUPS, namespace)
      .filter(
        b =>
          b.metadata.labels?.['velero.io/schedule-name'] ===
            spec.scheduleName && b.status?.phase === 'Completed',
      )
      .sort((a, b) =>
        String(b.status.startTimestamp).localeCompare(
          String(a.status.startTimestamp),
        ),
      )[0];
  }

  #restoreItems(
    restore: KubeObject,
    backupName: string,
    files: Map<string, Buffer>,
  ): {
    status: {
      progress: JsonMap;
      errors: string[];
      warnings: string[];
    };
    claims: Map<string, boolean>;
  } {
    const spec: JsonMap = restore.spec ?? {};
    const mapping: Record<string, string> = spec.namespaceMapping ?? {};
    const selector = spec.labelSelector
      ? LabelSelector.fromSpec(spec.labelSelector)
      : undefined;
    const included = (namespace: string | undefined) =>
      !namespace ||
      ((!spec.includedNamespaces?.length ||
        spec.includedNamespaces.includes('*') ||
        spec.includedNamespaces.includes(namespace)) &&
        !(spec.excludedNamespaces ?? []).includes(namespace));
    const items = [...files.entries()]
      .map(([path, content]) => readArchiveItem(this.#api, path, content))
      .filter((item): item is NonNullable<typeof item> => item !== undefined)
      .filter(({ type, object }) => {
        const namespace =
          type.kind === 'Namespace'
            ? object.metadata.name
            : object.metadata.namespace;
        const resources: string[] | undefined = spec.includedResources;
        return (
          included(namespace) &&
          !skippedOnRestore(type, object) &&
          (!selector ||
            type.kind === 'Namespace' ||
            selector.matches(object.metadata.labels)) &&
          (!resources?.length ||
            resources.includes('*') ||
            resources.includes(type.plural) ||
            resources.includes(qualifiedResource(type)))
        );
      })
      .sort((a, b) => restoreRank(a.type) - restoreRank(b.type));
    const warnings: string[] = [];
    const errors: string[] = [];
    let restored = 0;
    const claims = new Map<string, boolean>();
    for (const { type, object } of items) {
      const prepared = prepareForRestore(type, object, {
        namespaceMapping: mapping,
        backupName,
        restoreName: restore.metadata.name!,
      });
      const scope = { type, namespace: prepared.metadata.namespace };
      const claim =
        type.kind === 'PersistentVolumeClaim'
          ? objectKey(prepared.metadata.namespace, prepared.metadata.name!)
          : undefined;
      try {
        this.#api.create(scope, prepared, { fieldManager: MANAGER });
        restored++;
        if (claim) {
          claims.set(claim, true);
        }
      } catch (error) {
        if (!(error instanceof ApiError)) {
          throw error;
        }
        if (claim && error.code === 409) {
          claims.set(claim, false);
        }
        if (error.code !== 409) {
          errors.push(
            `error restoring ${qualifiedResource(type)}/${
              prepared.metadata.name
            }: ${error.message}`,
          );
          continue;
        }
        if (
          spec.existingResourcePolicy === 'update' &&
          type.kind !== 'Namespace'
        ) {
          const { apiVersion: _a, kind: _k, metadata, ...content } = prepared;
          this.#api.patch(
            scope,
            metadata.name!,
            'merge',
            { metadata: { labels: metadata.labels }, ...content },
            { fieldManager: MANAGER },
          );
          restored++;
        } else if (type.kind !== 'Namespace') {
          warnings.push(
            `could not restore, ${type.kind} "${prepared.metadata.name}" already exists. Warning: the in-cluster version is different than the backed-up version`,
          );
        } else {
          restored++;
        }
      }
    }
    return {
      status: {
        progress: { totalItems: items.length, itemsRestored: restored },
        warnings,
        errors,
      },
      claims,
    };
  }
}
