import { useState } from 'react';
import { CopyTextButton } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import DialogTitle from '@material-ui/core/DialogTitle';
import Typography from '@material-ui/core/Typography';
import { styrminClusterUpdatePermission } from '@styrmin/plugin-styrmin-common';
import type { Cluster } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
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
  const update = usePermission({ permission: styrminClusterUpdatePermission });
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
      <Box display="flex" alignItems="center" gridGap={8}>
        <Button
          variant="outlined"
          color="secondary"
          disabled={!update.allowed}
          onClick={() => setState({ step: 'confirm' })}
        >
          Rotate agent token
        </Button>
        {!update.loading && !update.allowed && (
          <Typography variant="body2" color="textSecondary">
            Rotating the agent token needs {styrminClusterUpdatePermission.name}
            , which administrators have.
          </Typography>
        )}
      </Box>
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
            <Box display="flex" alignItems="center" gridGap={8}>
              <Typography
                component="code"
                aria-label="New agent token"
                style={{ wordBreak: 'break-all' }}
              >
                {state.token}
              </Typography>
              <CopyTextButton
                text={state.token}
                tooltipText="Copied"
                aria-label="Copy the agent token"
              />
            </Box>
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
