import { ReactNode } from 'react';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { ActionCall } from './useActionCall';

export interface ActionDialogProps {
  /** The id of the title, which names the dialog; unique on the page. */
  id: string;
  title: ReactNode;
  /** The label of the button that takes the action. */
  verb: string;
  /** `secondary` for an action that removes something. */
  color?: 'primary' | 'secondary';
  /** Whether the form holds everything the action needs. */
  ready: boolean;
  call: ActionCall;
  /** True when the form shows the call's failure next to the field at fault instead. */
  errorAtField?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every action on a deployment: a titled form, why the last try failed, and
 * Cancel next to the button that acts, which stays disabled until the form is ready and
 * while the call runs.
 */
export const ActionDialog = ({
  id,
  title,
  verb,
  color = 'primary',
  ready,
  call,
  errorAtField = false,
  onClose,
  children,
}: ActionDialogProps) => (
  <Dialog open onClose={onClose} aria-labelledby={id} fullWidth maxWidth="sm">
    <DialogTitle id={id}>{title}</DialogTitle>
    <DialogContent>
      {children}
      {call.error && !errorAtField && <StyrminErrorPanel error={call.error} />}
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose}>Cancel</Button>
      <Button
        color={color}
        variant="contained"
        disabled={call.busy || !ready}
        onClick={call.submit}
      >
        {verb}
      </Button>
    </DialogActions>
  </Dialog>
);
