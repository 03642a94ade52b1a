import { NotFoundError } from '@backstage/errors';
import {
  AgentBackupReportResponse,
  AgentBackupStorageLocationStatusReport,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';

/** @internal */
export type ReportBackupStorageLocationStatusOptions = z.output<
  typeof AgentBackupStorageLocationStatusReport
> & { caller: AgentCaller; id: string };

/**
 * `POST /backup-storage-locations/:id/status`: records the phase of the Velero
 * BackupStorageLocation that the agent keeps for a location its cluster's environments
 * use (another location is NOT_FOUND, as one that does not exist). Only a change is
 * written, and nothing for a report older than the stored one.
 *
 * @internal
 */
export async function reportBackupStorageLocationStatus(
  deps: AgentProtocolDeps,
  options: ReportBackupStorageLocationStatusOptions,
): Promise<AgentBackupReportResponse> {
  const { caller, id } = options;
  const used = await deps.backupStorageLocations.listBackupStorageLocations({
    clusterId: caller.cluster.id,
  });
  if (!used.some(location => location.id === id)) {
    throw new NotFoundError(`No backup storage location ${id}`);
  }
  const changed = await deps.backupStorageLocations.recordObservedState({
    backupStorageLocationId: id,
    clusterId: caller.cluster.id,
    phase: options.phase,
    message: options.message ?? undefined,
    lastValidatedAt: options.lastValidationTime
      ? new Date(options.lastValidationTime)
      : undefined,
    observedAt: new Date(options.observedAt),
  });
  return { changed };
}
