import { useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import TextField from '@material-ui/core/TextField';
import { styrminEnvironmentCreatePermission } from '@styrmin/plugin-styrmin-common';
import type { Cluster, Environment } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { AdminActionButton, fieldErrorsOf, helperTextOf } from '../AdminAction';
import { draftOf, settingsOf } from '../ClusterSettings/settingsDraft';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { SettingsFields, settingsFieldNames } from '../SettingsFields';
import { BackupStorageLocationSelect } from './BackupStorageLocationSelect';

const FIELDS = [
  'name',
  'backupStorageLocation',
  ...settingsFieldNames('overrides'),
];

const CreateDialog = ({
  cluster,
  onClose,
  onCreated,
}: {
  cluster: Pick<Cluster, 'id' | 'name'>;
  onClose: () => void;
  onCreated: (environment: Environment) => void;
}) => {
  const api = useApi(styrminApiRef);
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [draft, setDraft] = useState(draftOf({}));
  const read = settingsOf(draft);
  const call = useActionCall(
    () =>
      api.createEnvironment({
        name: name.trim(),
        cluster: cluster.id,
        overrides: 'settings' in read ? read.settings : undefined,
        backupStorageLocation: location || undefined,
      }),
    onCreated,
  );
  const problems = fieldErrorsOf(call.error, FIELDS);
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      call.dismiss();
    };
  return (
    <ActionDialog
      id="styrmin-create-environment-title"
      title={`Create an environment in ${cluster.name}`}
      verb="Create"
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
        id="styrmin-environment-name"
        label="Name"
        value={name}
        onChange={event => edited(setName)(event.target.value)}
        error={!!problems.name}
        helperText={helperTextOf(
          problems,
          'name',
          'A DNS label, unique among the environments',
        )}
      />
      <BackupStorageLocationSelect
        value={location}
        onChange={edited(setLocation)}
        problem={helperTextOf(problems, 'backupStorageLocation')}
      />
      <SettingsFields
        input="overrides"
        draft={draft}
        problems={problems}
        onChange={edited(setDraft)}
      />
    </ActionDialog>
  );
};

/** @public */
export interface CreateEnvironmentProps {
  cluster: Pick<Cluster, 'id' | 'name'>;
  /** Called once the environment is created, to read the environments again. */
  onCreated: (environment: Environment) => void;
}

/**
 * Creates an environment in a cluster (`styrmin.environment.create`, as `styrminctl
 * environments create`): its name, backup storage location and overrides of the
 * cluster's settings.
 *
 * @public
 */
export const CreateEnvironment = ({
  cluster,
  onCreated,
}: CreateEnvironmentProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <AdminActionButton
        label="Create environment"
        permission={styrminEnvironmentCreatePermission}
        action="Creating an environment"
        onClick={() => setOpen(true)}
      />
      {open && (
        <CreateDialog
          cluster={cluster}
          onClose={() => setOpen(false)}
          onCreated={environment => {
            setOpen(false);
            onCreated(environment);
          }}
        />
      )}
    </>
  );
};
