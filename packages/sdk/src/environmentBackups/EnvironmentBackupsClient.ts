import { ClientParts } from '../backups/ClientParts';
import {
  createEnvironmentBackupOperation,
  CreateEnvironmentBackupInput,
  deleteEnvironmentBackupOperation,
  EnvironmentBackup,
  environmentBackupOperation,
  EnvironmentBackupPage,
  EnvironmentBackupsOptions,
  environmentBackupsOperation,
  environmentBackupSummariesOperation,
  EnvironmentBackupSummaryPage,
} from '../operations/environmentBackups';

/**
 * The environment backups: `StyrminClient.environmentBackups`. Every failure rejects with
 * a {@link StyrminApiError}.
 *
 * @public
 */
export class EnvironmentBackupsClient {
  readonly #execute: ClientParts['execute'];

  /** @internal */
  static create(parts: ClientParts): EnvironmentBackupsClient {
    return new EnvironmentBackupsClient(parts);
  }

  private constructor(parts: ClientParts) {
    this.#execute = parts.execute;
  }

  /** A page of an environment's environment backups, newest first; undefined for an unknown environment. */
  list(
    options: EnvironmentBackupsOptions,
  ): Promise<EnvironmentBackupPage | undefined> {
    return this.#execute(environmentBackupsOperation, { ...options });
  }

  /**
   * A page of an environment's environment backups in brief (status, who and when, each
   * constituent's deployment and whether its backup is left), newest first, for lists
   * whose page `list` would make cost more than the API allows; undefined for an unknown
   * environment.
   */
  summaries(
    options: EnvironmentBackupsOptions,
  ): Promise<EnvironmentBackupSummaryPage | undefined> {
    return this.#execute(environmentBackupSummariesOperation, { ...options });
  }

  /** One environment backup with its constituents, or undefined when there is none. */
  get(id: string): Promise<EnvironmentBackup | undefined> {
    return this.#execute(environmentBackupOperation, { id });
  }

  /**
   * Backs up an environment now: one constituent backup (a create_backup task) per
   * eligible deployment, each kept for `ttl` (30 days by default).
   */
  create(input: CreateEnvironmentBackupInput): Promise<EnvironmentBackup> {
    return this.#execute(createEnvironmentBackupOperation, { input });
  }

  /** Deletes an environment backup and its constituents (their delete_backup tasks). */
  delete(id: string): Promise<EnvironmentBackup> {
    return this.#execute(deleteEnvironmentBackupOperation, { input: { id } });
  }
}
