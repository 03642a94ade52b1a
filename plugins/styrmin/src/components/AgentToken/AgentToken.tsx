import { CopyTextButton } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';

/** @public */
export interface AgentTokenProps {
  /** The token, as the server answered it this once. */
  token: string;
  /** What the token is, for assistive technology: "New agent token". */
  label: string;
}

/**
 * An agent token that the server shows once (on registration and rotation), with a copy
 * button. It lives only in the state of the dialog that shows it; the server keeps only
 * its hash.
 *
 * @public
 */
export const AgentToken = ({ token, label }: AgentTokenProps) => (
  <Box display="flex" alignItems="center" gridGap={8}>
    <Typography
      component="code"
      aria-label={label}
      style={{ wordBreak: 'break-all' }}
    >
      {token}
    </Typography>
    <CopyTextButton
      text={token}
      tooltipText="Copied"
      aria-label="Copy the agent token"
    />
  </Box>
);
