import { CodeSnippet, WarningPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import DialogContentText from '@material-ui/core/DialogContentText';
import { AgentToken } from '../AgentToken';

/** @public */
export interface AgentInstallCommandsProps {
  /** The agent token, as the server answered it this once. */
  token: string;
  /** Where the agent reaches the portal: this window's origin. */
  serverUrl: string;
}

/**
 * The commands that install a cluster's agent with its token (the agent's README: the
 * token in a Secret, then the chart), and the token itself with a copy button. The token
 * is shown this once: it lives only in the dialog's state, and the server keeps its hash.
 *
 * @public
 */
export const AgentInstallCommands = ({
  token,
  serverUrl,
}: AgentInstallCommandsProps) => (
  <>
    <WarningPanel
      severity="warning"
      title="The agent token is shown this once: give it to the cluster’s agent now."
    />
    <Box my={2}>
      <AgentToken token={token} label="Agent token" />
    </Box>
    <DialogContentText>
      In the cluster, with Flux installed, put the token in a Secret and install
      the agent's chart:
    </DialogContentText>
    <CodeSnippet
      language="shell"
      showCopyCodeButton
      text={[
        'kubectl create namespace styrmin-system',
        `kubectl -n styrmin-system create secret generic styrmin-agent-token --from-literal=token='${token}'`,
        `helm install styrmin-agent agent/chart -n styrmin-system --set server.url=${serverUrl}`,
      ].join('\n')}
    />
  </>
);
