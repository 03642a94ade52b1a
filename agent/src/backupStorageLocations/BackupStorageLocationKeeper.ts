import {
  Informer,
  KubeConfig,
  KubernetesObject,
  KubernetesObjectApi,
} from '@kubernetes/client-node';
import {
  AgentBackupStorageLocation,
  AgentBackupStorageLocationStatusReport,
} from '@styrmin/plugin-styrmin-common';
import { WorkQueue } from '@styrmin/workqueue';
import { isDeepStrictEqual } from 'node:util';
import { Controller } from '../controller/Controller';
import { CachingInformer, informerFor } from '../controller/informerFor';
import { Reconciler, ReconcileResult } from '../controller/Reconciler';
import { Logger } from '../logging/Logger';
import { desiredBackupStorageLocation } from '../velero/desired/backupStorageLocation';
import { isStyrmins } from '../velero/labels';
import {
  VELERO_API_VERSION,
  VeleroBackupStorageLocation,
} from '../velero/velero';
import { VeleroClient } from '../velero/VeleroClient';

/** What the keeper asks of the agent protocol. */
export interface BackupStorageLocationsProtocol {
  backupStorageLocations(): Promise<{
    locations: AgentBackupStorageLocation[];
  }>;
  reportBackupStorageLocationStatus(
    report: AgentBackupStorageLocationStatusReport & { id: string },
  ): Promise<unknown>;
}

/** @public */
export interface BackupStorageLocationKeeperOptions {
  kubeConfig: KubeConfig;
  /** Velero's namespace, where its BackupStorageLocations are. */
  veleroNamespace: string;
  protocol: BackupStorageLocationsProtocol;
  logger: Logger;
  /** How often the server's list of locations is read again. Default 60 s. */
  resyncIntervalMs?: number;
  now?: () => Date;
}

/** The work-queue key of the server's list; every other key is a location's name. */
const LIST_KEY = '';

type Report = Omit<AgentBackupStorageLocationStatusReport, 'observedAt'>;

/**
 * Keeps the Velero BackupStorageLocation of each location the server lists for the
 * agent's cluster (the locations its environments use) in step, and reports what Velero
 * says of it. The server's list is read every `resyncIntervalMs` (it has no watch); an
 * informer watches the BackupStorageLocations of Velero's namespace, so that Velero's
 * validations (phase, message, `lastValidationTime`) are reported as they happen, and an
 * object changed or deleted by hand is put back. A location is applied server-side when
 * the cached object differs from what it should be; a location the server no longer lists
 * (or that lost its bucket or credentials) loses the object Styrmin made for it, found by
 * its label. A BackupStorageLocation of the same name that Styrmin did not make is left
 * alone, and the location reported Unavailable with the reason. Reports go only when
 * they changed.
 *
 * @public
 */
export class BackupStorageLocationKeeper implements Reconciler {
  readonly #options: BackupStorageLocationKeeperOptions;
  readonly #velero: VeleroClient;
  readonly #informer: CachingInformer<VeleroBackupStorageLocation>;
  readonly #queue = WorkQueue.create({
    baseDelayMs: 1_000,
    maxDelayMs: 60_000,
  });
  readonly #controller: Controller;
  readonly #logger: Logger;
  /** The server's locations by name, once read. */
  #listed?: Map<string, AgentBackupStorageLocation>;
  /** What was last reported of each location, by id. */
  readonly #reported = new Map<string, Report>();

  private constructor(options: BackupStorageLocationKeeperOptions) {
    this.#options = options;
    this.#logger = options.logger.child({
      controller: 'backupstoragelocation',
    });
    this.#velero = VeleroClient.create({
      kubeConfig: options.kubeConfig,
      namespace: options.veleroNamespace,
    });
    this.#informer = informerFor<VeleroBackupStorageLocation>(
      options.kubeConfig,
      KubernetesObjectApi.makeApiClient(options.kubeConfig),
      {
        apiVersion: VELERO_API_VERSION,
        kind: 'BackupStorageLocation',
        plural: 'backupstoragelocations',
        namespace: options.veleroNamespace,
      },
    );
    this.#controller = Controller.create({
      name: 'backupstoragelocation',
      sources: [
        {
          kind: 'BackupStorageLocation',
          informer: this.#informer as Informer<KubernetesObject>,
          keysFor: object => [object.metadata!.name!],
        },
      ],
      reconciler: this,
      logger: options.logger,
      queue: this.#queue,
    });
  }

  static create(
    options: BackupStorageLocationKeeperOptions,
  ): BackupStorageLocationKeeper {
    return new BackupStorageLocationKeeper(options);
  }

  /**
   * Starts the informer and the keeping; resolves once Velero's BackupStorageLocations
   * are listed. On a cluster without Velero, it keeps trying (with backoff) to list them.
   */
  start(): Promise<void> {
    this.#queue.add(LIST_KEY);
    return this.#controller.start();
  }

  stop(): Promise<void> {
    return this.#controller.stop();
  }

  /** Reads the server's list again now, as when a backup names a location not kept yet. */
  resync(): void {
    this.#queue.add(LIST_KEY);
  }

  async reconcile(key: string): Promise<ReconcileResult> {
    if (key === LIST_KEY) {
      return this.#readList();
    }
    if (!this.#listed) {
      return {}; // the list's reconcile enqueues every name
    }
    await this.#keep(key, this.#listed.get(key));
    return {};
  }

  async #readList(): Promise<ReconcileResult> {
    const { locations } = await this.#options.protocol.backupStorageLocations();
    const listed = new Map(locations.map(l => [l.name, l] as const));
    const before = this.#listed;
    this.#listed = listed;
    const names = new Set([
      ...listed.keys(),
      ...(before?.keys() ?? []),
      ...this.#informer
        .list(this.#options.veleroNamespace)
        .filter(isStyrmins)
        .map(l => l.metadata!.name!),
    ]);
    names.forEach(name => this.#queue.add(name));
    return { requeueAfterMs: this.#options.resyncIntervalMs ?? 60_000 };
  }

  async #keep(
    name: string,
    location: AgentBackupStorageLocation | undefined,
  ): Promise<void> {
    const namespace = this.#options.veleroNamespace;
    const cached = this.#informer.get(name, namespace);
    const desired = location
      ? desiredBackupStorageLocation(location, namespace)
      : undefined;
    if (!desired) {
      if (cached && isStyrmins(cached)) {
        await this.#velero.delete('BackupStorageLocation', name);
        this.#logger.info('Deleted BackupStorageLocation', {
          BackupStorageLocation: `${namespace}/${name}`,
        });
      }
      if (location) {
        await this.#report(location, {
          phase: 'Unavailable',
          message:
            'The location has no bucket or no credentials: Styrmin writes no Velero BackupStorageLocation for it',
        });
      }
      return;
    }
    if (cached && !isStyrmins(cached)) {
      await this.#report(location!, {
        phase: 'Unavailable',
        message: `A BackupStorageLocation ${namespace}/${name} exists that Styrmin did not make: Styrmin leaves it alone. Give the location another name, or delete that BackupStorageLocation`,
      });
      return;
    }
    const inStep = cached !== undefined && isInStep(cached, desired);
    if (!inStep) {
      await this.#velero.apply(desired);
      this.#logger.info(
        cached
          ? 'Updated BackupStorageLocation'
          : 'Created BackupStorageLocation',
        { BackupStorageLocation: `${namespace}/${name}` },
      );
    }
    // Reported from the cache: the informer brings each validation Velero writes.
    const phase = cached?.status?.phase;
    if (inStep && phase) {
      await this.#report(location!, {
        phase,
        message: cached.status?.message ?? null,
        lastValidationTime: cached.status?.lastValidationTime
          ? new Date(cached.status.lastValidationTime).toISOString()
          : null,
      });
    }
  }

  async #report(
    location: AgentBackupStorageLocation,
    report: Report,
  ): Promise<void> {
    if (isDeepStrictEqual(this.#reported.get(location.id), report)) {
      return;
    }
    await this.#options.protocol.reportBackupStorageLocationStatus({
      id: location.id,
      ...report,
      observedAt: (this.#options.now?.() ?? new Date()).toISOString(),
    });
    this.#reported.set(location.id, report);
  }
}

/**
 * Whether the object says what Styrmin states: every field of the spec it sets (an API
 * server or Velero may default others) and its labels.
 */
function isInStep(
  cached: VeleroBackupStorageLocation,
  desired: VeleroBackupStorageLocation,
): boolean {
  return (
    Object.entries(desired.spec).every(([field, value]) =>
      isDeepStrictEqual(
        (cached.spec as Record<string, unknown> | undefined)?.[field],
        value,
      ),
    ) &&
    Object.entries(desired.metadata!.labels!).every(
      ([label, value]) => cached.metadata?.labels?.[label] === value,
    )
  );
}
