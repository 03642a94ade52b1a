import { SandboxApi } from '../../api/SandboxApi';
import { KubeObject } from '../../store/types';
import { EventRecorder } from '../EventRecorder';

/**
 * The reasons of Velero's data path (pkg/datapath), which its micro-service records on the
 * PodVolumeBackup or PodVolumeRestore it runs.
 */
export const DATA_PATH_REASONS = {
  started: 'Data-Path-Started',
  progress: 'Data-Path-Progress',
  completed: 'Data-Path-Completed',
  failed: 'Data-Path-Failed',
  stopped: 'Data-Path-Stopped',
} as const;

/**
 * The Events of one run of Velero's data path, as its BackupMicroService and
 * RestoreMicroService record them: all of type Normal (the node-agent reads them to follow
 * the run, and a failure shows in the object's phase), from a recorder named after the run
 * on its node; progress and results as JSON, the way the uploader reports them.
 */
export class DataPathEvents {
  readonly #events: EventRecorder;
  readonly #object: KubeObject;
  readonly #kind: 'PVB' | 'PVR';

  private constructor(api: SandboxApi, object: KubeObject, node?: string) {
    this.#object = object;
    this.#kind = object.kind === 'PodVolumeBackup' ? 'PVB' : 'PVR';
    this.#events = EventRecorder.create({
      api,
      component: object.metadata.name!,
      host: node || undefined,
    });
  }

  /** Starts the run's Events on its PodVolumeBackup or PodVolumeRestore. */
  static start(
    api: SandboxApi,
    object: KubeObject,
    node?: string,
  ): DataPathEvents {
    const events = new DataPathEvents(api, object, node);
    events.#record(
      DATA_PATH_REASONS.started,
      `Data path for ${object.metadata.name} started`,
    );
    return events;
  }

  progress(totalBytes: number, doneBytes: number): void {
    this.#record(
      DATA_PATH_REASONS.progress,
      JSON.stringify({ totalBytes, doneBytes }),
    );
  }

  /** The run's result (Velero's datapath.BackupResult or RestoreResult), then its end. */
  completed(result: object): void {
    this.#record(DATA_PATH_REASONS.completed, JSON.stringify(result));
    this.#stopped();
  }

  failed(error: string): void {
    this.#record(
      DATA_PATH_REASONS.failed,
      `Data path for ${this.#kind} ${
        this.#object.metadata.name
      } failed, error ${error}`,
    );
    this.#stopped();
  }

  #stopped(): void {
    this.#record(
      DATA_PATH_REASONS.stopped,
      `Data path for ${this.#object.metadata.name} stopped`,
    );
  }

  #record(reason: string, message: string): void {
    this.#events.normal(this.#object, reason, message);
  }
}
