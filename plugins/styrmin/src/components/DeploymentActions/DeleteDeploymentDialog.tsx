import { useState } from 'react';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import DialogTitle from '@material-ui/core/DialogTitle';
import TextField from '@material-ui/core/TextField';
import type {
  DeploymentChangeResult,
  DeploymentWithInstance,
} from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(
        await api.deleteDeployment({
          id: deployment.id,
          expectedVersion: deployment.version,
        }),
      );
    } catch (e) {
      setError(e as Error);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="styrmin-delete-dialog">
      <DialogTitle id="styrmin-delete-dialog">
        Delete {deployment.name}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          Its workload and namespace are removed from the cluster, and the other
          deployments of {deployment.environment.name} are redeployed without
          it. Its record, timeline and tasks stay as a tombstone.
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
        {error && <StyrminErrorPanel error={error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="secondary"
          disabled={busy || typed !== deployment.name}
          onClick={submit}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
};
