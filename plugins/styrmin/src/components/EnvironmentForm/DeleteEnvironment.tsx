import { useState } from 'react';
import { alertApiRef, useApi, useRouteRef } from '@backstage/core-plugin-api';
import DialogContentText from '@material-ui/core/DialogContentText';
import TextField from '@material-ui/core/TextField';
import { styrminEnvironmentDeletePermission } from '@styrmin/plugin-styrmin-common';
import type { EnvironmentWithDeployments } from '@styrmin/sdk';
import { useNavigate } from 'react-router-dom';
import { styrminApiRef } from '../../api';
import { plural } from '../../plural';
import { rootRouteRef } from '../../routes';
import { AdminActionButton } from '../AdminAction';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';

const DeleteDialog = ({
  environment,
  onClose,
}: {
  environment: EnvironmentWithDeployments;
  onClose: () => void;
}) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const navigate = useNavigate();
  const home = useRouteRef(rootRouteRef)();
  const [typed, setTyped] = useState('');
  const call = useActionCall(
    () =>
      api.deleteEnvironment({
        id: environment.id,
        expectedVersion: environment.version,
      }),
    () => {
      alertApi.post({
        message: `Deleted environment ${environment.name}`,
        severity: 'success',
        display: 'transient',
      });
      navigate(home);
    },
  );
  return (
    <ActionDialog
      id="styrmin-delete-environment-title"
      title={`Delete environment ${environment.name}?`}
      verb="Delete"
      color="secondary"
      ready={typed === environment.name}
      call={call}
      onClose={onClose}
    >
      <DialogContentText>
        Its name becomes free for a new environment; its deployments' tombstones
        keep their records.
      </DialogContentText>
      <TextField
        id="styrmin-delete-environment-name"
        fullWidth
        margin="dense"
        label="Type the environment's name to confirm"
        value={typed}
        onChange={event => setTyped(event.target.value)}
        inputProps={{ autoComplete: 'off', spellCheck: false }}
      />
    </ActionDialog>
  );
};

/** @public */
export interface DeleteEnvironmentProps {
  environment: EnvironmentWithDeployments;
}

/**
 * Deletes an environment that has no deployments left (`styrmin.environment.delete`, as
 * `styrminctl environments delete`), once its name is typed; then opens the home page.
 *
 * @public
 */
export const DeleteEnvironment = ({ environment }: DeleteEnvironmentProps) => {
  const [open, setOpen] = useState(false);
  // Tombstones stay with the environment's records; the others must go first.
  const live = environment.deployments.filter(
    deployment => deployment.state !== 'DELETED',
  ).length;
  return (
    <>
      <AdminActionButton
        label="Delete environment"
        color="secondary"
        permission={styrminEnvironmentDeletePermission}
        action="Deleting an environment"
        unavailable={
          live
            ? `It has ${plural(live, 'deployment')}: delete them first.`
            : undefined
        }
        onClick={() => setOpen(true)}
      />
      {open && (
        <DeleteDialog
          environment={environment}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
};
