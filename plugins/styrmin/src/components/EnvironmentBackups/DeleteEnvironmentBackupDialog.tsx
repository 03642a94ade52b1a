import DialogContentText from '@material-ui/core/DialogContentText';
import type { EnvironmentBackup } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { Timestamp } from '../Timestamp';

export interface DeleteEnvironmentBackupDialogProps {
  backup: EnvironmentBackup;
  api: StyrminApi;
  onClose: () => void;
  onDone: (backup: EnvironmentBackup) => void;
}

/**
 * Deletes an environment backup once confirmed: the record, and each constituent backup
 * that is left with its data in the storage location.
 */
export const DeleteEnvironmentBackupDialog = ({
  backup,
  api,
  onClose,
  onDone,
}: DeleteEnvironmentBackupDialogProps) => {
  const remove = useActionCall(
    () => api.deleteEnvironmentBackup(backup.id),
    onDone,
  );
  const left = backup.constituents.filter(c => c.backup);
  return (
    <ActionDialog
      id="styrmin-delete-environment-backup-dialog"
      title={`Delete the environment backup of ${backup.environmentName}`}
      verb="Delete"
      color="secondary"
      ready
      call={remove}
      onClose={onClose}
    >
      <DialogContentText component="div">
        <p>
          The environment backup of <Timestamp iso={backup.createdAt} /> is
          removed for good with its constituent backups and their data
          {backup.backupStorageLocation
            ? ` in ${backup.backupStorageLocation}`
            : ''}
          : it can no longer be restored or cloned from.
        </p>
        {left.length > 0 && (
          <ul aria-label="Constituent backups deleted">
            {left.map(c => (
              <li key={c.deploymentName}>
                {c.deploymentName}: {c.backup?.veleroName}
              </li>
            ))}
          </ul>
        )}
      </DialogContentText>
    </ActionDialog>
  );
};
