import { useEffect, useRef, useState } from 'react';
import { Progress, WarningPanel } from '@backstage/core-components';
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
  validateParameters,
} from '@styrmin/plugin-styrmin-common';
import type { Driver, Environment } from '@styrmin/sdk';
import { useNavigate } from 'react-router-dom';
import { styrminApiRef } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { deploymentRouteRef } from '../../routes';
import { useDeploymentNameProblem } from '../../scaffolder';
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

/**
 * The problems of the parameters, by name, as the server would find them: those of the
 * fields the user has changed, so that an untouched form is not all red (a required
 * parameter left untouched is the server's to refuse).
 */
function parameterRuleProblems(
  spec: Parameters<typeof validateParameters>[0]['driver'] | undefined,
  parameters: Record<string, unknown>,
): Record<string, string[]> {
  // The page fixtures' driver versions have no specification: nothing to check.
  if (!spec?.spec) {
    return {};
  }
  const problems = validateParameters({
    driver: spec,
    parameters: Object.fromEntries(
      Object.entries(parameters).filter(([, value]) => value !== undefined),
    ) as Parameters<typeof validateParameters>[0]['parameters'],
  });
  const touched: Record<string, string[]> = {};
  for (const { field, message } of problems) {
    const name = field.replace(/^parameters\./, '');
    if (Object.hasOwn(parameters, name)) {
      (touched[name] ??= []).push(message);
    }
  }
  return touched;
}

/**
 * The form of a new deployment in an environment: driver and driver version, the name
 * (a DNS label free in the environment), the application version (within the driver
 * version's supported versions), and the version's parameters from its JSON Schema,
 * secrets as password fields; each checked as you type by the server's rules. The server
 * checks everything again; what it refuses shows at the top of the dialog, scrolled into
 * view, and next to the field at fault. Created, the page of the new deployment opens.
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
  // A refusal shows at the top of the dialog, scrolled to and focused: below the
  // parameters it was out of sight, and Create seemed to do nothing.
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) {
      refusalRef.current?.scrollIntoView?.({ block: 'start' });
      refusalRef.current?.focus();
    }
  }, [refusal]);

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
  // Create does not wait for the name's availability: the server checks it again.
  const { problem: nameRule } = useDeploymentNameProblem(
    environment.name,
    name,
  );
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
  const parameterRules = parameterRuleProblems(
    driverVersion.value?.spec,
    parameters,
  );
  const parameterProblems = {
    ...Object.fromEntries(
      Object.entries(byField)
        .filter(([field]) => field.startsWith('parameters.'))
        .map(([field, messages]) => [
          field.slice('parameters.'.length),
          messages,
        ]),
    ),
    ...parameterRules,
  };
  const ready =
    driverVersion.value &&
    name &&
    !nameRule &&
    appVersion &&
    !appVersionRule &&
    Object.keys(parameterRules).length === 0;
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
      <DialogContent>
        {refusal && (
          <div
            ref={refusalRef}
            tabIndex={-1}
            role="alert"
            aria-label="Styrmin refused the deployment"
          >
            {fieldProblems(refusal) ? (
              <WarningPanel
                severity="error"
                title={`Styrmin refused the deployment: see ${Object.keys(
                  byField,
                ).join(', ')} below`}
              />
            ) : (
              <StyrminErrorPanel error={refusal} />
            )}
          </div>
        )}
        {form}
      </DialogContent>
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
