import { useState } from 'react';
import { Progress } from '@backstage/core-components';
import { useApi, useRouteRef } from '@backstage/core-plugin-api';
import Button from '@material-ui/core/Button';
import Dialog from '@material-ui/core/Dialog';
import DialogActions from '@material-ui/core/DialogActions';
import DialogContent from '@material-ui/core/DialogContent';
import DialogTitle from '@material-ui/core/DialogTitle';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import {
  applicationVersionProblem,
  parseRecordName,
} from '@styrmin/plugin-styrmin-common';
import type { Driver, Environment } from '@styrmin/sdk';
import { useNavigate } from 'react-router-dom';
import { styrminApiRef } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { deploymentRouteRef } from '../../routes';
import { ParametersForm } from '../ParametersForm';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { fieldProblems } from './fieldProblems';

/** @public */
export interface CreateDeploymentDialogProps {
  /** Where the deployment goes. */
  environment: Pick<Environment, 'id' | 'name'>;
  /** Closes the dialog without creating anything. */
  onClose: () => void;
}

/** Why a name is refused as you type: the rule the server applies (a DNS label). */
function nameProblem(name: string): string | undefined {
  const parsed = parseRecordName(name);
  return parsed.success ? undefined : parsed.problems[0].message;
}

/**
 * The form of a new deployment in an environment: driver and driver version, the name
 * (a DNS label, checked as you type), the application version (checked against the
 * driver version's supported versions as you type), and the version's parameters from its
 * JSON Schema, secrets as password fields. The server checks everything again; what it
 * refuses shows next to the field at fault. Created, the page of the new deployment opens.
 *
 * @public
 */
export const CreateDeploymentDialog = ({
  environment,
  onClose,
}: CreateDeploymentDialogProps) => {
  const api = useApi(styrminApiRef);
  const navigate = useNavigate();
  const deploymentLink = useRouteRef(deploymentRouteRef);
  const drivers = useStyrminApi(a => a.getDrivers());
  const [choice, setChoice] = useState<{ driver?: string; version?: string }>(
    {},
  );
  const [name, setName] = useState('');
  const [appVersion, setAppVersion] = useState('');
  const [parameters, setParameters] = useState<Record<string, unknown>>({});
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<Error>();

  const driver: Driver | undefined =
    drivers.value?.find(d => d.name === choice.driver) ?? drivers.value?.[0];
  const version =
    driver?.versions.find(v => v.version === choice.version) ??
    driver?.latestVersion;
  const driverVersion = useStyrminApi(
    a =>
      driver && version
        ? a.getDriverVersion({ name: driver.name, version: version.version })
        : Promise.resolve(undefined),
    [driver?.name, version?.version],
  );

  // The rules as you type; what the server refused, until the next change.
  const nameRule = name ? nameProblem(name) : undefined;
  const appVersionRule =
    appVersion && driver && version
      ? applicationVersionProblem({
          supportedVersions: version.supportedVersions,
          appVersion,
          driverVersion: `${driver.name} ${version.version}`,
        })
      : undefined;
  const byField = fieldProblems(refusal) ?? {};
  const nameError = nameRule ?? byField.name?.[0];
  const appVersionError = appVersionRule ?? byField.app_version?.[0];
  const parameterProblems = Object.fromEntries(
    Object.entries(byField)
      .filter(([field]) => field.startsWith('parameters.'))
      .map(([field, messages]) => [
        field.slice('parameters.'.length),
        messages,
      ]),
  );
  const ready =
    driverVersion.value && name && !nameRule && appVersion && !appVersionRule;
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setRefusal(undefined);
    };

  const create = async () => {
    setSubmitting(true);
    setRefusal(undefined);
    try {
      const result = await api.createDeployment({
        environment: environment.id,
        name,
        driver: driver!.name,
        driverVersion: version!.version,
        configuration: { app_version: appVersion, parameters },
      });
      navigate(deploymentLink({ id: result.deployment.id }));
    } catch (error) {
      setRefusal(error as Error);
      setSubmitting(false);
    }
  };

  const chooseDriver = (driverName: string) => {
    setChoice({ driver: driverName });
    setParameters({});
  };
  const chooseVersion = (versionName: string) => {
    setChoice({ driver: driver?.name, version: versionName });
  };

  let form;
  if (drivers.loading) {
    form = <Progress />;
  } else if (drivers.error) {
    form = <StyrminErrorPanel error={drivers.error} />;
  } else if (!driver || !version) {
    form = (
      <Typography>
        No drivers are loaded yet: an administrator loads one with styrminctl
        drivers load.
      </Typography>
    );
  } else {
    form = (
      <>
        <TextField
          select
          fullWidth
          margin="normal"
          id="styrmin-create-driver"
          label="Driver"
          value={driver.name}
          onChange={event => chooseDriver(event.target.value)}
        >
          {drivers.value!.map(d => (
            <MenuItem key={d.name} value={d.name}>
              {d.title} ({d.name})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          margin="normal"
          id="styrmin-create-driver-version"
          label="Driver version"
          value={version.version}
          onChange={event => chooseVersion(event.target.value)}
        >
          {driver.versions.map(v => (
            <MenuItem key={v.version} value={v.version}>
              {v.version}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          required
          margin="normal"
          id="styrmin-create-name"
          label="Name"
          value={name}
          onChange={event => edit(setName)(event.target.value)}
          error={Boolean(nameError)}
          helperText={
            nameError ??
            `Lower-case letters, digits and dashes, unique in ${environment.name}`
          }
        />
        <TextField
          fullWidth
          required
          margin="normal"
          id="styrmin-create-app-version"
          label="Application version"
          value={appVersion}
          onChange={event => edit(setAppVersion)(event.target.value)}
          error={Boolean(appVersionError)}
          helperText={
            appVersionError ??
            `${driver.title} ${version.version} deploys ${version.supportedVersions}`
          }
        />
        <Typography variant="subtitle2" component="h3">
          Parameters
        </Typography>
        {driverVersion.loading && <Progress />}
        {driverVersion.error && (
          <StyrminErrorPanel error={driverVersion.error} />
        )}
        {driverVersion.value && (
          <ParametersForm
            schema={driverVersion.value.parametersJsonSchema}
            values={parameters}
            onChange={edit(setParameters)}
            disabled={submitting}
            problems={parameterProblems}
          />
        )}
        {refusal && !fieldProblems(refusal) && (
          <StyrminErrorPanel error={refusal} />
        )}
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="styrmin-create-deployment-title"
    >
      <DialogTitle id="styrmin-create-deployment-title">
        New deployment in {environment.name}
      </DialogTitle>
      <DialogContent>{form}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="primary"
          variant="contained"
          disabled={!ready || submitting}
          onClick={create}
        >
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
};
