import { useState } from 'react';
import {
  EmptyState,
  InfoCard,
  StructuredMetadataTable,
} from '@backstage/core-components';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import DeleteIcon from '@material-ui/icons/Delete';
import RestoreIcon from '@material-ui/icons/Restore';
import {
  styrminBackupDeletePermission,
  styrminBackupRestorePermission,
} from '@styrmin/plugin-styrmin-common';
import type { BackupDetail } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { LoadedContent } from '../LoadedContent';
import { TaskHeading, TaskStepTree } from '../TaskStepTree';
import { Timestamp } from '../Timestamp';
import { ActionButtons } from '../ActionButtons';
import { deleteBackupReason, restoreBackupReason } from './backupActionReasons';
import { BackupProgress } from './BackupProgress';
import { DeleteBackupDialog } from './DeleteBackupDialog';
import { VeleroBackupPhaseChip } from '../VeleroPhaseChips';
import { RestoreBackupDialog } from './RestoreBackupDialog';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

const time = (iso: string | null) => (iso ? <Timestamp iso={iso} /> : '—');

const BackupFacts = ({ backup }: { backup: BackupDetail }) => (
  <StructuredMetadataTable
    options={tableOptions}
    metadata={{
      Instance: `#${backup.instance.number}`,
      'Started by': `${backup.createdBy} (${
        backup.trigger === 'SCHEDULE' ? 'schedule' : 'on demand'
      })`,
      Progress: <BackupProgress backup={backup} />,
      'Storage location': backup.storageLocation.name,
      'Velero backup': backup.veleroName,
      Started: time(backup.startedAt),
      Completed: time(backup.completedAt),
      Expires: time(backup.expiresAt),
      ...(backup.errors + backup.warnings > 0
        ? {
            'Velero reported': `${backup.errors} errors, ${backup.warnings} warnings`,
          }
        : {}),
    }}
  />
);

/**
 * One backup, live: its phase, progress, size, who started it and when it expires, why it
 * failed in words, Restore and Delete (each disabled with the reason), and its task's
 * steps as the Tasks tab shows them.
 */
export const SelectedBackup = ({
  deploymentName,
  deploymentId,
  backupId,
  onChanged,
}: {
  deploymentName: string;
  deploymentId: string;
  backupId: string;
  onChanged: () => void;
}) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const restorePermission = usePermission({
    permission: styrminBackupRestorePermission,
  });
  const deletePermission = usePermission({
    permission: styrminBackupDeletePermission,
  });
  const [open, setOpen] = useState<'restore' | 'delete'>();
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    styrminApi => styrminApi.getBackup(backupId),
    [backupId],
  );
  const done = (message: string) => {
    setOpen(undefined);
    alertApi.post({ message, severity: 'success', display: 'transient' });
    onChanged();
    state.retry();
  };
  return (
    <LoadedContent
      state={state}
      missing={
        <EmptyState
          missing="data"
          title="There is no such backup"
          description="It may have expired or been deleted."
        />
      }
    >
      {backup => (
        <InfoCard
          title={
            <Box display="flex" alignItems="center" gridGap={8}>
              <VeleroBackupPhaseChip value={backup.phase ?? 'New'} />
              <span>
                Backup of <Timestamp iso={backup.createdAt} />
              </span>
            </Box>
          }
        >
          {backup.failureReason && (
            <Typography variant="body2" color="error" paragraph role="alert">
              {backup.failureReason}
            </Typography>
          )}
          <BackupFacts backup={backup} />
          <Box my={2}>
            <ActionButtons
              align="left"
              buttons={[
                {
                  id: 'restore-backup',
                  label: 'Restore',
                  icon: <RestoreIcon />,
                  color: 'secondary',
                  reason: restoreBackupReason({
                    backup,
                    permission: restorePermission,
                    permissionName: styrminBackupRestorePermission.name,
                  }),
                  onClick: () => setOpen('restore'),
                },
                {
                  id: 'delete-backup',
                  label: 'Delete',
                  icon: <DeleteIcon />,
                  reason: deleteBackupReason({
                    backup,
                    permission: deletePermission,
                    permissionName: styrminBackupDeletePermission.name,
                  }),
                  onClick: () => setOpen('delete'),
                },
              ]}
            />
          </Box>
          {backup.task && (
            <section aria-label="Steps of the backup">
              <TaskHeading task={backup.task} />
              <TaskStepTree task={backup.task} />
            </section>
          )}
          {open === 'restore' && (
            <RestoreBackupDialog
              deploymentName={deploymentName}
              backup={backup}
              api={api}
              onClose={() => setOpen(undefined)}
              onDone={() => done(`Restoring ${deploymentName}`)}
            />
          )}
          {open === 'delete' && (
            <DeleteBackupDialog
              backup={backup}
              api={api}
              onClose={() => setOpen(undefined)}
              onDone={() => done(`Deleting backup ${backup.veleroName}`)}
            />
          )}
        </InfoCard>
      )}
    </LoadedContent>
  );
};
