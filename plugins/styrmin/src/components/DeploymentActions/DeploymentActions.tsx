import { useState } from 'react';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import CodeIcon from '@material-ui/icons/Code';
import DeleteIcon from '@material-ui/icons/Delete';
import PauseIcon from '@material-ui/icons/Pause';
import PlayArrowIcon from '@material-ui/icons/PlayArrow';
import ReplayIcon from '@material-ui/icons/Replay';
import {
  DeploymentState,
  styrminDeploymentDeletePermission,
  styrminDeploymentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import { useNavigate } from 'react-router-dom';
import { styrminApiRef } from '../../api';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import { ComponentsDialog, componentsActions } from './ComponentsDialog';
import { DeleteDeploymentDialog } from './DeleteDeploymentDialog';
import { RunJobDialog } from './RunJobDialog';

/** The states in which the actions on a workload may be taken, as the server checks. */
const WORKLOAD_STATES: readonly DeploymentState[] = ['RUNNING', 'FAILED'];

/** The actions on a deployment's workload, as the sentence that says when they may run. */
const WORKLOAD_ACTIONS = {
  switch: 'Components are stopped, started and restarted',
  runJob: 'A job runs',
} as const;

type Permission = { loading: boolean; allowed: boolean };

/**
 * Why an action may not be taken now, or undefined when it may: the user's permission
 * first, then the deployment's state.
 */
export function actionDisabledReason(options: {
  action: keyof typeof WORKLOAD_ACTIONS | 'delete';
  deployment: Pick<DeploymentWithInstance, 'state'>;
  permission: Permission;
  permissionName: string;
}): string | undefined {
  const { action, deployment, permission, permissionName } = options;
  if (permission.loading) {
    return 'Checking your permissions';
  }
  if (!permission.allowed) {
    return `You lack the permission ${permissionName}`;
  }
  if (deployment.state === 'DELETED') {
    return 'The deployment is deleted';
  }
  if (deployment.state === 'DELETING') {
    return 'The deployment is being deleted';
  }
  if (action !== 'delete' && !WORKLOAD_STATES.includes(deployment.state)) {
    return `${WORKLOAD_ACTIONS[action]} when the deployment is RUNNING or FAILED; it is ${deployment.state}`;
  }
  return undefined;
}

type Dialog = keyof typeof componentsActions | 'runJob' | 'delete';

/** @public */
export interface DeploymentActionsProps {
  deployment: DeploymentWithInstance;
  /** Called after an action changed the deployment, to read it again. */
  onChanged: () => void;
}

/**
 * The actions on a deployment: stop, start and restart components, run a job (then open its task),
 * and delete it (after typing its name). Each is disabled with the reason shown when the
 * user's permission or the deployment's state does not allow it.
 *
 * @public
 */
export const DeploymentActions = ({
  deployment,
  onChanged,
}: DeploymentActionsProps) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const links = useDeploymentLinks();
  const navigate = useNavigate();
  const update = usePermission({
    permission: styrminDeploymentUpdatePermission,
  });
  const remove = usePermission({
    permission: styrminDeploymentDeletePermission,
  });
  const [open, setOpen] = useState<Dialog>();

  const switchReason = actionDisabledReason({
    action: 'switch',
    deployment,
    permission: update,
    permissionName: styrminDeploymentUpdatePermission.name,
  });
  const runJobReason = actionDisabledReason({
    action: 'runJob',
    deployment,
    permission: update,
    permissionName: styrminDeploymentUpdatePermission.name,
  });
  const deleteReason = actionDisabledReason({
    action: 'delete',
    deployment,
    permission: remove,
    permissionName: styrminDeploymentDeletePermission.name,
  });
  const buttons = [
    {
      id: 'stop' as const,
      label: componentsActions.stop.title,
      icon: <PauseIcon />,
      reason: switchReason,
    },
    {
      id: 'start' as const,
      label: componentsActions.start.title,
      icon: <PlayArrowIcon />,
      reason: switchReason,
    },
    {
      id: 'restart' as const,
      label: componentsActions.restart.title,
      icon: <ReplayIcon />,
      reason: switchReason,
    },
    {
      id: 'runJob' as const,
      label: 'Run job',
      icon: <CodeIcon />,
      reason: runJobReason,
    },
    {
      id: 'delete' as const,
      label: 'Delete',
      icon: <DeleteIcon />,
      reason: deleteReason,
    },
  ];
  const done = (message: string) => {
    setOpen(undefined);
    alertApi.post({ message, severity: 'success', display: 'transient' });
    onChanged();
  };

  return (
    <Box>
      <Box display="flex" flexWrap="wrap" gridGap={8} justifyContent="flex-end">
        {buttons.map(button => (
          <Button
            key={button.id}
            variant="outlined"
            color={button.id === 'delete' ? 'secondary' : 'default'}
            startIcon={button.icon}
            disabled={button.reason !== undefined}
            aria-describedby={
              button.reason ? `styrmin-action-reason-${button.id}` : undefined
            }
            onClick={() => setOpen(button.id)}
          >
            {button.label}
          </Button>
        ))}
      </Box>
      {/* The reasons stay visible: a disabled button cannot be focused for a tooltip. */}
      {buttons
        .filter(button => button.reason)
        .map(button => (
          <Typography
            key={button.id}
            id={`styrmin-action-reason-${button.id}`}
            variant="caption"
            color="textSecondary"
            display="block"
            align="right"
          >
            {button.label}: {button.reason}
          </Typography>
        ))}
      {(open === 'stop' || open === 'start' || open === 'restart') && (
        <ComponentsDialog
          action={open}
          deployment={deployment}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={({ task }) =>
            done(`Started task ${task.type} on ${deployment.name}`)
          }
        />
      )}
      {open === 'runJob' && (
        <RunJobDialog
          deployment={deployment}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={({ task }) => {
            done(`Started task ${task.type} on ${deployment.name}`);
            navigate(links.task(deployment.id, task.id));
          }}
        />
      )}
      {open === 'delete' && (
        <DeleteDeploymentDialog
          deployment={deployment}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={() => done(`Deleting ${deployment.name}`)}
        />
      )}
    </Box>
  );
};
