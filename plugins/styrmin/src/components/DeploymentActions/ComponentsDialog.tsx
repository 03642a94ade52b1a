import { useState } from 'react';
import Button from '@material-ui/core/Button';
import Checkbox from '@material-ui/core/Checkbox';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import DialogTitle from '@material-ui/core/DialogTitle';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormGroup from '@material-ui/core/FormGroup';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import {
  ComponentsChange,
  ComponentsChangeResult,
  StyrminApi,
} from '../../api';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

/** Stopping and starting: the same choice, another verb and mutation. */
export const componentsActions = {
  stop: {
    title: 'Stop components',
    verb: 'Stop',
    explanation:
      'A stopped component runs 0 pods and keeps its replica count, which starting it again restores.',
    call: (api: StyrminApi, change: ComponentsChange) =>
      api.stopComponents(change),
  },
  start: {
    title: 'Start components',
    verb: 'Start',
    explanation:
      'A started component runs its replica count again: its replica override, else the driver default, else the chart.',
    call: (api: StyrminApi, change: ComponentsChange) =>
      api.startComponents(change),
  },
} as const;

export interface ComponentsDialogProps {
  action: keyof typeof componentsActions;
  deployment: DeploymentWithInstance;
  api: StyrminApi;
  onClose: () => void;
  onDone: (result: ComponentsChangeResult) => void;
}

/** Chooses components of a deployment to stop or start, and does it. */
export const ComponentsDialog = ({
  action,
  deployment,
  api,
  onClose,
  onDone,
}: ComponentsDialogProps) => {
  const { title, verb, explanation, call } = componentsActions[action];
  const components = Object.keys(
    deployment.activeInstance?.context.components ?? {},
  ).sort();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const toggle = (component: string) =>
    setChosen(
      chosen.includes(component)
        ? chosen.filter(c => c !== component)
        : [...chosen, component],
    );
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(
        await call(api, {
          id: deployment.id,
          components: chosen,
          // A change made meanwhile (by someone else) is refused as CONFLICT, not overrun.
          expectedVersion: deployment.version,
        }),
      );
    } catch (e) {
      setError(e as Error);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="styrmin-components-dialog">
      <DialogTitle id="styrmin-components-dialog">
        {title} of {deployment.name}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{explanation}</DialogContentText>
        <FormGroup>
          {components.map(component => (
            <FormControlLabel
              key={component}
              label={component}
              control={
                <Checkbox
                  checked={chosen.includes(component)}
                  onChange={() => toggle(component)}
                  color="primary"
                />
              }
            />
          ))}
        </FormGroup>
        {error && <StyrminErrorPanel error={error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="primary"
          variant="contained"
          disabled={busy || chosen.length === 0}
          onClick={submit}
        >
          {verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
