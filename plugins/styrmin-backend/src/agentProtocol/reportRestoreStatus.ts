import {
  AgentBackupReportResponse,
  AgentRestoreStatusReport,
} from '@styrmin/plugin-styrmin-common';
import { z } from 'zod/v4';
import { restoreStatusOfReport } from '../backups/veleroReport';
import { AgentProtocolDeps } from './AgentProtocolDeps';
import { AgentCaller } from './authenticateAgent';
import { recordClusterReport } from './recordClusterReport';

/** @internal */
export type ReportRestoreStatusOptions = z.output<
  typeof AgentRestoreStatusReport
> & { caller: AgentCaller; restoreId: string };

/**
 * `POST /restores/:restoreId/status`: records what the agent read of the Velero Restore of
 * a restore into a deployment of its cluster, as `reportBackupStatus` does for a backup.
 *
 * @internal
 */
export function reportRestoreStatus(
  deps: AgentProtocolDeps,
  options: ReportRestoreStatusOptions,
): Promise<AgentBackupReportResponse> {
  const { caller, restoreId } = options;
  return recordClusterReport(deps, {
    caller,
    what: `restore ${restoreId}`,
    find: tx => deps.restores.getRestore({ tx, id: restoreId }),
    record: tx =>
      deps.restores.recordRestoreStatus({
        tx,
        id: restoreId,
        observedAt: new Date(options.observedAt),
        status: restoreStatusOfReport(options),
      }),
  });
}
