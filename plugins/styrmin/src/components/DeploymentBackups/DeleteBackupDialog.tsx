import DialogContentText from '@material-ui/core/DialogContentText';
import type { Backup } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';

export interface DeleteBackupDialogProps {
  backup: Backup;
  api: StyrminApi;
  onClose: () => void;
  onDone: (backup: Backup) => void;
}

/** Deletes a backup and its data in its storage location, once confirmed. */
export const DeleteBackupDialog = ({
  backup,
  api,
  onClose,
  onDone,
}: DeleteBackupDialogProps) => {
  const remove = useActionCall(() => api.deleteBackup(backup.id), onDone);
  return (
    <ActionDialog
      id="styrmin-delete-backup-dialog"
      title={`Delete backup ${backup.veleroName}`}
      verb="Delete"
      color="secondary"
      ready
      call={remove}
      onClose={onClose}
    >
      <DialogContentText>
        The backup of instance #{backup.instance.number} and its data in{' '}
        {backup.storageLocation.name} are removed for good: it can no longer be
        restored.
      </DialogContentText>
    </ActionDialog>
  );
};
