import { RecordRef } from '../operations';
import {
  BackupStorageLocation,
  backupStorageLocationOperation,
  backupStorageLocationsOperation,
  createBackupStorageLocationOperation,
  CreateBackupStorageLocationInput,
  deleteBackupStorageLocationOperation,
  updateBackupStorageLocationOperation,
  UpdateBackupStorageLocationInput,
} from '../operations/backups';
import { ClientParts } from './ClientParts';

/**
 * The backup storage locations (BSLs) administrators register:
 * `StyrminClient.backupStorageLocations`. A location's credentials are named by the
 * Kubernetes Secret that holds them and its key, never sent nor shown.
 *
 * @public
 */
export class BackupStorageLocationsClient {
  readonly #execute: ClientParts['execute'];

  /** @internal */
  static create(parts: ClientParts): BackupStorageLocationsClient {
    return new BackupStorageLocationsClient(parts);
  }

  private constructor(parts: ClientParts) {
    this.#execute = parts.execute;
  }

  /** Every location, by name, with the phase each cluster's agent observes of it. */
  list(): Promise<BackupStorageLocation[]> {
    return this.#execute(backupStorageLocationsOperation);
  }

  /** One location by its id or its name, or undefined when there is none. */
  get(ref: RecordRef): Promise<BackupStorageLocation | undefined> {
    return this.#execute(backupStorageLocationOperation, ref);
  }

  create(
    input: CreateBackupStorageLocationInput,
  ): Promise<BackupStorageLocation> {
    return this.#execute(createBackupStorageLocationOperation, { input });
  }

  /** Changes a location's store; the agents bring their Velero objects in step. */
  update(
    input: UpdateBackupStorageLocationInput,
  ): Promise<BackupStorageLocation> {
    return this.#execute(updateBackupStorageLocationOperation, { input });
  }

  /** Deletes a location that no environment uses and no backup is in. */
  delete(id: string): Promise<BackupStorageLocation> {
    return this.#execute(deleteBackupStorageLocationOperation, {
      input: { id },
    });
  }
}
