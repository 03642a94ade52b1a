import { useState } from 'react';
import {
  EmptyState,
  InfoCard,
  StructuredMetadataTable,
} from '@backstage/core-components';
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
import { useLiveStyrminApi } from '../../hooks/useLiveStyrminApi';
import { ActionButtons } from '../ActionButtons';
import { RestoreEnvironmentDialog } from '../EnvironmentRestore';
import { LoadedContent } from '../LoadedContent';
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
const EnvironmentBackupCard = ({
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

/**
 * The environment backup the tab opened, read on its own (in full, with each
 * constituent's backup) and again on each change announced on `channel`.
 */
export const SelectedEnvironmentBackup = ({
  backupId,
  channel,
  onDeleted,
  onRestoring,
}: {
  backupId: string;
  /** The environment's channel, which its deployments' changes reach too. */
  channel: string;
  onDeleted: () => void;
  onRestoring: (taskId: string) => void;
}) => {
  const state = useLiveStyrminApi(
    channel,
    api => api.getEnvironmentBackup(backupId),
    [backupId],
  );
  return (
    <LoadedContent
      state={state}
      missing={
        <EmptyState
          missing="data"
          title="There is no such environment backup"
          description="It may have been deleted."
        />
      }
    >
      {backup => (
        <EnvironmentBackupCard
          backup={backup}
          onDeleted={onDeleted}
          onRestoring={onRestoring}
        />
      )}
    </LoadedContent>
  );
};
