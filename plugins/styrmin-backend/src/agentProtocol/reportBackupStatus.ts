import {
  AgentBackupReportResponse,
  AgentBackupStatusReport,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { backupStatusOfReport } from '../backups/veleroReport';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import { recordClusterReport } from './recordClusterReport';

/** @internal */
export type ReportBackupStatusOptions = z.output<
  typeof AgentBackupStatusReport
> & { caller: AgentCaller; backupId: string };

/**
 * `POST /backups/:backupId/status`: records what the agent read of the Velero Backup of a
 * backup of its cluster (another cluster's is NOT_FOUND): phase, progress, size, error and
 * warning counts, the reason of a failure in words, times. Only a change is written, and
 * nothing for a report older than the stored one.
 *
 * @internal
 */
export function reportBackupStatus(
  deps: AgentProtocolDeps,
  options: ReportBackupStatusOptions,
): Promise<AgentBackupReportResponse> {
  const { caller, backupId } = options;
  return recordClusterReport(deps, {
    caller,
    what: `backup ${backupId}`,
    find: tx => deps.backups.getBackup({ tx, id: backupId }),
    record: tx =>
      deps.backups.recordBackupStatus({
        tx,
        id: backupId,
        observedAt: new Date(options.observedAt),
        status: backupStatusOfReport(options),
      }),
  });
}
