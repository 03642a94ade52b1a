import { useState } from 'react';
import { InfoCard, StructuredMetadataTable } from '@backstage/core-components';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import DeleteIcon from '@material-ui/icons/Delete';
import RestoreIcon from '@material-ui/icons/Restore';
import {
  EnvironmentBackupStatus,
  styrminEnvironmentBackupDeletePermission,
  styrminEnvironmentRestorePermission,
} from '@styrmin/plugin-styrmin-common';
import type { EnvironmentBackup } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { ActionButtons } from '../ActionButtons';
import { RestoreEnvironmentDialog } from '../EnvironmentRestore';
import { Timestamp } from '../Timestamp';
import { ConstituentsTable } from './ConstituentsTable';
import { DeleteEnvironmentBackupDialog } from './DeleteEnvironmentBackupDialog';
import { EnvironmentBackupStatusChip } from './EnvironmentBackupStatusChip';
import {
  deleteEnvironmentBackupReason,
  restoreEnvironmentReason,
} from './environmentBackupActionReasons';

/** The keys below are the labels as written; the default would start-case them. */
const tableOptions = { titleFormat: (key: string) => key };

/**
 * One environment backup: its status in words, who took it and where it is stored, its
 * constituents, and Restore (administrators, after a preview of what it restores) and
 * Delete, each disabled with the reason.
 */
export const SelectedEnvironmentBackup = ({
  backup,
  onDeleted,
  onRestoring,
}: {
  backup: EnvironmentBackup;
  /** Once its deletion started. */
  onDeleted: () => void;
  /** Once a restore started, with its parent task's id. */
  onRestoring: (taskId: string) => void;
}) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const restorePermission = usePermission({
    permission: styrminEnvironmentRestorePermission,
  });
  const deletePermission = usePermission({
    permission: styrminEnvironmentBackupDeletePermission,
  });
  const [open, setOpen] = useState<'restore' | 'delete'>();
  const done = (message: string) => {
    setOpen(undefined);
    alertApi.post({ message, severity: 'success', display: 'transient' });
  };
  return (
    <InfoCard
      title={
        <Box display="flex" alignItems="center" gridGap={8}>
          <EnvironmentBackupStatusChip value={backup.status} />
          <span>
            Environment backup of <Timestamp iso={backup.createdAt} />
          </span>
        </Box>
      }
    >
      <StructuredMetadataTable
        options={tableOptions}
        metadata={{
          Status: EnvironmentBackupStatus.descriptions[backup.status],
          'Taken by': backup.createdBy,
          'Storage location': backup.backupStorageLocation ?? '—',
        }}
      />
      <Box my={2}>
        <ConstituentsTable backup={backup} />
      </Box>
      <ActionButtons
        align="left"
        buttons={[
          {
            id: 'restore-environment',
            label: 'Restore',
            icon: <RestoreIcon />,
            color: 'secondary',
            reason: restoreEnvironmentReason({
              backup,
              permission: restorePermission,
            }),
            onClick: () => setOpen('restore'),
          },
          {
            id: 'delete-environment-backup',
            label: 'Delete',
            icon: <DeleteIcon />,
            reason: deleteEnvironmentBackupReason({
              backup,
              permission: deletePermission,
            }),
            onClick: () => setOpen('delete'),
          },
        ]}
      />
      {open === 'restore' && (
        <RestoreEnvironmentDialog
          backup={backup}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={operation => {
            done(`Restoring ${backup.environmentName}`);
            onRestoring(operation.task.id);
          }}
        />
      )}
      {open === 'delete' && (
        <DeleteEnvironmentBackupDialog
          backup={backup}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            done(
              `Deleting the environment backup of ${backup.environmentName}`,
            );
            onDeleted();
          }}
        />
      )}
    </InfoCard>
  );
};
