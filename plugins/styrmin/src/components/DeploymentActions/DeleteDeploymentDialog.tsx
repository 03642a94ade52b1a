import { useState } from 'react';
import DialogContentText from '@material-ui/core/DialogContentText';
import TextField from '@material-ui/core/TextField';
import type {
  DeploymentChangeResult,
  DeploymentWithInstance,
} from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { ActionDialog } from './ActionDialog';
import { useActionCall } from './useActionCall';

export interface DeleteDeploymentDialogProps {
  deployment: DeploymentWithInstance;
  api: StyrminApi;
  onClose: () => void;
  onDone: (result: DeploymentChangeResult) => void;
}

/**
 * Deletes a deployment once the user has typed its name: the workload goes from the
 * cluster, the record stays as a tombstone.
 */
export const DeleteDeploymentDialog = ({
  deployment,
  api,
  onClose,
  onDone,
}: DeleteDeploymentDialogProps) => {
  const [typed, setTyped] = useState('');
  const remove = useActionCall(
    () =>
      api.deleteDeployment({
        id: deployment.id,
        expectedVersion: deployment.version,
      }),
    onDone,
  );
  return (
    <ActionDialog
      id="styrmin-delete-dialog"
      title={`Delete ${deployment.name}`}
      verb="Delete"
      color="secondary"
      ready={typed === deployment.name}
      call={remove}
      onClose={onClose}
    >
      <DialogContentText>
        Its workload and namespace are removed from the cluster, and the other
        deployments of {deployment.environment.name} are redeployed without it.
        Its record, timeline and tasks stay as a tombstone.
      </DialogContentText>
      <TextField
        id="styrmin-delete-deployment-name"
        fullWidth
        margin="dense"
        label="Type the deployment's name to confirm"
        value={typed}
        onChange={event => setTyped(event.target.value)}
        inputProps={{ autoComplete: 'off', spellCheck: false }}
      />
    </ActionDialog>
  );
};
