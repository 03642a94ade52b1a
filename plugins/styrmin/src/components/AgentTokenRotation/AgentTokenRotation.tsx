import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import DialogTitle from '@material-ui/core/DialogTitle';
import { styrminClusterUpdatePermission } from '@styrmin/plugin-styrmin-common';
import type { Cluster } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { AdminActionButton } from '../AdminAction';
import { AgentToken } from '../AgentToken';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

/** @public */
export interface AgentTokenRotationProps {
  cluster: Pick<Cluster, 'id' | 'name'>;
  /** Called after a rotation, to read the cluster again. */
  onRotated: () => void;
}

type Step =
  | { step: 'idle' }
  | { step: 'confirm'; error?: Error }
  | { step: 'shown'; token: string };

/**
 * Rotates a cluster's agent token, after a confirmation: the old token stops working at
 * once. The new token is shown this once, with a copy button; it lives only in this
 * dialog's state, and is gone when the dialog closes; the server keeps only its hash.
 *
 * @public
 */
export const AgentTokenRotation = ({
  cluster,
  onRotated,
}: AgentTokenRotationProps) => {
  const api = useApi(styrminApiRef);
  const [state, setState] = useState<Step>({ step: 'idle' });
  const [busy, setBusy] = useState(false);

  const rotate = async () => {
    setBusy(true);
    try {
      const { agentToken } = await api.rotateAgentToken(cluster.id);
      setState({ step: 'shown', token: agentToken });
      onRotated();
    } catch (error) {
      setState({ step: 'confirm', error: error as Error });
    } finally {
      setBusy(false);
    }
  };
  const close = () => setState({ step: 'idle' });

  return (
    <>
      <AdminActionButton
        label="Rotate agent token"
        color="secondary"
        permission={styrminClusterUpdatePermission}
        action="Rotating the agent token"
        onClick={() => setState({ step: 'confirm' })}
      />
      <Dialog
        open={state.step === 'confirm'}
        onClose={busy ? undefined : close}
        aria-labelledby="styrmin-rotate-title"
      >
        <DialogTitle id="styrmin-rotate-title">
          Rotate the agent token of {cluster.name}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            The current token stops working at once: the cluster's agent is
            locked out until it is given the new token, which is shown once.
          </DialogContentText>
          {state.step === 'confirm' && state.error && (
            <StyrminErrorPanel error={state.error} />
          )}
        </DialogContent>
        <DialogActions>
          <Button disabled={busy} onClick={close}>
            Cancel
          </Button>
          <Button
            color="secondary"
            variant="contained"
            disabled={busy}
            onClick={rotate}
          >
            Rotate
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={state.step === 'shown'}
        onClose={close}
        aria-labelledby="styrmin-new-token-title"
      >
        <DialogTitle id="styrmin-new-token-title">
          The new agent token of {cluster.name}
        </DialogTitle>
        {state.step === 'shown' && (
          <DialogContent>
            <DialogContentText>
              Copy it now and give it to the cluster's agent (its Helm chart's
              agent token secret): it is shown this once and never again.
            </DialogContentText>
            <AgentToken token={state.token} label="New agent token" />
          </DialogContent>
        )}
        <DialogActions>
          <Button color="primary" variant="contained" onClick={close}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
