import { useState } from 'react';
import Checkbox from '@material-ui/core/Checkbox';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormGroup from '@material-ui/core/FormGroup';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import useAsync from 'react-use/esm/useAsync';
import {
  ComponentsChange,
  ComponentsChangeResult,
  StyrminApi,
} from '../../api';
import { ActionDialog } from './ActionDialog';
import { useActionCall } from './useActionCall';

/** Stopping, starting and restarting: the same choice, another verb and mutation. */
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
  restart: {
    title: 'Restart components',
    verb: 'Restart',
    explanation:
      'A restarted component replaces its pods one by one, as kubectl rollout restart does; a stopped one stays stopped.',
    call: (api: StyrminApi, change: ComponentsChange) =>
      api.restartComponents(change),
  },
} as const;

export interface ComponentsDialogProps {
  action: keyof typeof componentsActions;
  deployment: DeploymentWithInstance;
  api: StyrminApi;
  onClose: () => void;
  onDone: (result: ComponentsChangeResult) => void;
}

/**
 * Chooses components of a deployment to stop, start or restart, and does it. The stopped ones (as
 * the agent last reported them) say so, and starting offers them chosen.
 */
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
  // Not knowing which are stopped (still loading, or unreadable) only means no hint.
  const { value: observed } = useAsync(
    () => api.getDeploymentObservedState(deployment.id),
    [api, deployment.id],
  );
  const stopped = (observed?.components ?? [])
    .filter(component => component.stopped)
    .map(component => component.name);
  // Undefined until the user chooses: the preselection follows the stopped ones as they load.
  const [choice, setChoice] = useState<string[]>();
  const chosen =
    choice ??
    (action === 'start' ? components.filter(c => stopped.includes(c)) : []);
  const change = useActionCall(
    () =>
      call(api, {
        id: deployment.id,
        components: chosen,
        // A change made meanwhile (by someone else) is refused as CONFLICT, not overrun.
        expectedVersion: deployment.version,
      }),
    onDone,
  );
  const toggle = (component: string) =>
    setChoice(
      chosen.includes(component)
        ? chosen.filter(c => c !== component)
        : [...chosen, component],
    );
  return (
    <ActionDialog
      id="styrmin-components-dialog"
      title={`${title} of ${deployment.name}`}
      verb={verb}
      ready={chosen.length > 0}
      call={change}
      onClose={onClose}
    >
      <DialogContentText>{explanation}</DialogContentText>
      <FormGroup>
        {components.map(component => (
          <FormControlLabel
            key={component}
            label={
              stopped.includes(component) ? `${component} (stopped)` : component
            }
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
    </ActionDialog>
  );
};
