import { useState } from 'react';
import { configApiRef, useApi } from '@backstage/core-plugin-api';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import TextField from '@material-ui/core/TextField';
import { styrminClusterCreatePermission } from '@styrmin/plugin-styrmin-common';
import type { ClusterWithAgentToken } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { AdminActionButton, fieldErrorsOf, helperTextOf } from '../AdminAction';
import { SettingsFields, settingsFieldNames } from '../SettingsFields';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import {
  draftOf,
  settingsOf,
  SettingsDraft,
} from '../ClusterSettings/settingsDraft';
import { AgentInstallCommands } from './AgentInstallCommands';

/** @public */
export interface ClusterRegistrationProps {
  /** Called once a cluster is registered, to read the clusters again. */
  onRegistered: () => void;
}

const RegisterDialog = ({
  onClose,
  onRegistered,
}: {
  onClose: () => void;
  onRegistered: (result: ClusterWithAgentToken) => void;
}) => {
  const api = useApi(styrminApiRef);
  const [name, setName] = useState('');
  const [draft, setDraft] = useState<SettingsDraft>(draftOf({}));
  const read = settingsOf(draft);
  const call = useActionCall(
    () =>
      api.registerCluster({
        name: name.trim(),
        settings: 'settings' in read ? read.settings : undefined,
      }),
    onRegistered,
  );
  const problems = fieldErrorsOf(call.error, [
    'name',
    ...settingsFieldNames('settings'),
  ]);
  return (
    <ActionDialog
      id="styrmin-register-cluster-title"
      title="Register a cluster"
      verb="Register"
      ready={!!name.trim() && 'settings' in read}
      call={call}
      errorAtField={!!call.error && !problems['']}
      onClose={onClose}
    >
      <TextField
        fullWidth
        required
        margin="normal"
        variant="outlined"
        id="styrmin-cluster-name"
        label="Name"
        value={name}
        onChange={event => {
          setName(event.target.value);
          call.dismiss();
        }}
        error={!!problems.name}
        helperText={helperTextOf(
          problems,
          'name',
          'A DNS label, unique among clusters',
        )}
      />
      <SettingsFields
        input="settings"
        draft={draft}
        problems={problems}
        onChange={next => {
          setDraft(next);
          call.dismiss();
        }}
      />
    </ActionDialog>
  );
};

/**
 * Registers a cluster (`styrmin.cluster.create`, as `styrminctl clusters create`): its
 * name and settings; then the commands that install its agent, with the agent token the
 * server answers this once and never again.
 *
 * @public
 */
export const ClusterRegistration = ({
  onRegistered,
}: ClusterRegistrationProps) => {
  const config = useApi(configApiRef);
  const [step, setStep] = useState<
    | { step: 'idle' }
    | { step: 'form' }
    | ({ step: 'shown' } & ClusterWithAgentToken)
  >({ step: 'idle' });
  const close = () => setStep({ step: 'idle' });
  return (
    <>
      <AdminActionButton
        label="Register cluster"
        permission={styrminClusterCreatePermission}
        action="Registering a cluster"
        onClick={() => setStep({ step: 'form' })}
      />
      {step.step === 'form' && (
        <RegisterDialog
          onClose={close}
          onRegistered={result => {
            setStep({ step: 'shown', ...result });
            onRegistered();
          }}
        />
      )}
      <Dialog
        open={step.step === 'shown'}
        onClose={close}
        aria-labelledby="styrmin-registered-title"
        fullWidth
        maxWidth="md"
      >
        <DialogTitle id="styrmin-registered-title">
          {step.step === 'shown' &&
            `Registered ${step.cluster.name}: install its agent`}
        </DialogTitle>
        {step.step === 'shown' && (
          <DialogContent>
            <AgentInstallCommands
              token={step.agentToken}
              serverUrl={
                config.getOptionalString('backend.baseUrl') ??
                window.location.origin
              }
            />
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
