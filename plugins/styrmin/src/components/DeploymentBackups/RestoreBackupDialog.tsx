import DialogContentText from '@material-ui/core/DialogContentText';
import type { Backup, Restore } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { Timestamp } from '../Timestamp';

export interface RestoreBackupDialogProps {
  /** The deployment's name: the backup is restored into the deployment it was taken of. */
  deploymentName: string;
  backup: Backup;
  api: StyrminApi;
  onClose: () => void;
  onDone: (restore: Restore) => void;
}

/**
 * Restores a backup in place once the user has read what it replaces: the deployment's
 * components stop, the data of its volume claims is replaced by the backup's, the objects
 * the backup holds are updated, and its components start again.
 */
export const RestoreBackupDialog = ({
  deploymentName,
  backup,
  api,
  onClose,
  onDone,
}: RestoreBackupDialogProps) => {
  const restore = useActionCall(() => api.restoreBackup(backup.id), onDone);
  return (
    <ActionDialog
      id="styrmin-restore-backup-dialog"
      title={`Restore ${deploymentName} from a backup`}
      verb="Restore"
      color="secondary"
      ready
      call={restore}
      onClose={onClose}
    >
      <DialogContentText component="div">
        <p>
          The backup {backup.veleroName} of instance #{backup.instance.number}
          {backup.completedAt && (
            <>
              , completed <Timestamp iso={backup.completedAt} />
            </>
          )}
          , replaces what {deploymentName} holds now. The deployment is
          RESTORING while:
        </p>
        <ol aria-label="What the restore replaces">
          <li>its components stop;</li>
          <li>
            the data of its volume claims is replaced by the backup's: what was
            written since the backup is lost;
          </li>
          <li>the objects the backup holds are updated to the backup's;</li>
          <li>its components start again.</li>
        </ol>
        <p>
          Its configuration and its active instance stay as they are: the
          restore replaces data, not the deployment.
        </p>
      </DialogContentText>
    </ActionDialog>
  );
};
