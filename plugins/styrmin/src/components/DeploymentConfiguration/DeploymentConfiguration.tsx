import {
  EmptyState,
  InfoCard,
  Progress,
  WarningPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import FormHelperText from '@material-ui/core/FormHelperText';
import Grid from '@material-ui/core/Grid';
import TextField from '@material-ui/core/TextField';
import {
  formatDriverSpecPath,
  styrminDeploymentUpdatePermission,
} from '@styrmin/plugin-styrmin-common';
import type { Deployment, DriverVersion } from '@styrmin/sdk';
import { useMemo, useState } from 'react';
import { styrminApiRef } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { ParametersForm } from '../ParametersForm';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { ChangeError } from './ChangeError';
import { ChangeReview } from './ChangeReview';
import {
  ComponentOverridesForm,
  OVERRIDE_FIELDS,
  overridePath,
} from './ComponentOverridesForm';
import {
  ConfigurationDraft,
  draftOf,
  draftProblems,
  patchOf,
  storedSecrets,
} from './configurationDraft';
import { useChange } from './useChange';
import { problemsByField, problemsOfValidation } from './fieldProblems';

/** @public */
export interface DeploymentConfigurationProps {
  deployment: Deployment;
  /** Called once a change is applied, and to reload after a CONFLICT. */
  onChanged: () => void;
}

/** Why the user cannot change the deployment here, if they cannot. */
export function useChangeRefusal(deployment: Deployment): {
  loading: boolean;
  reason?: string;
} {
  const { loading, allowed } = usePermission({
    permission: styrminDeploymentUpdatePermission,
  });
  if (deployment.deletedAt) {
    return { loading: false, reason: 'A deleted deployment takes no change.' };
  }
  return {
    loading,
    reason: allowed
      ? undefined
      : `Changing a deployment needs the ${styrminDeploymentUpdatePermission.name} permission, which you do not have.`,
  };
}

const parameterPath = (name: string) =>
  formatDriverSpecPath(['parameters', name]);

const ConfigurationEditor = ({
  deployment,
  driverVersion,
  refusal,
  onChanged,
}: DeploymentConfigurationProps & {
  driverVersion: DriverVersion;
  refusal?: string;
}) => {
  const api = useApi(styrminApiRef);
  const { configuration } = deployment;
  const [draft, setDraftState] = useState<ConfigurationDraft>(() =>
    draftOf(configuration, driverVersion),
  );
  const change = useChange(onChanged);
  const patch = useMemo(
    () => patchOf(configuration, draft, driverVersion),
    [configuration, draft, driverVersion],
  );
  const localProblems = useMemo(
    () => draftProblems(configuration, patch, driverVersion),
    [configuration, patch, driverVersion],
  );
  const fields = [
    'app_version',
    ...driverVersion.parameters.map(p => parameterPath(p.name)),
    ...driverVersion.components.flatMap(c => [
      overridePath(c.name),
      ...OVERRIDE_FIELDS.map(field => overridePath(c.name, field)),
    ]),
  ];
  const problems = problemsByField(
    [...problemsOfValidation(localProblems), ...change.problems],
    fields,
  );
  const setDraft = (next: ConfigurationDraft) => {
    setDraftState(next);
    change.reset();
  };
  const disabled = refusal !== undefined || change.busy;
  const unchanged = Object.keys(patch).length === 0;
  const input = {
    id: deployment.id,
    expectedVersion: deployment.version,
    configuration: patch,
  };
  const review = change.review;

  return (
    <Grid container spacing={3}>
      {refusal && (
        <Grid item xs={12}>
          <WarningPanel
            severity="info"
            title="You cannot change this deployment"
            message={refusal}
          />
        </Grid>
      )}
      {change.error && (
        <Grid item xs={12}>
          <ChangeError error={change.error} onReload={onChanged} />
        </Grid>
      )}
      {review ? (
        <Grid item xs={12}>
          <InfoCard
            title="Review"
            subheader="What applying this change does. Nothing is stored until you apply it."
          >
            <ChangeReview result={review} />
            <Box display="flex" marginTop={2}>
              <Button
                variant="contained"
                color="primary"
                disabled={disabled || !review.changed}
                onClick={() => change.apply(() => api.editDeployment(input))}
              >
                Apply
              </Button>
              <Box marginLeft={1}>
                <Button onClick={change.reset} disabled={change.busy}>
                  Back to editing
                </Button>
              </Box>
            </Box>
          </InfoCard>
        </Grid>
      ) : (
        <>
          <Grid item xs={12} lg={6}>
            <InfoCard
              title="Parameters"
              subheader={`As ${driverVersion.name} ${driverVersion.version} declares them. Secrets are never shown: type a new value to replace one.`}
            >
              <Box marginBottom={2}>
                <TextField
                  id="configuration-app-version"
                  label="Application version (app_version)"
                  value={draft.appVersion}
                  onChange={event =>
                    setDraft({ ...draft, appVersion: event.target.value })
                  }
                  error={Boolean(problems.app_version)}
                  helperText={
                    problems.app_version?.join(' ') ??
                    `Within ${driverVersion.supportedVersions}`
                  }
                  disabled={disabled}
                  fullWidth
                  variant="outlined"
                  size="small"
                />
              </Box>
              <ParametersForm
                schema={driverVersion.parametersJsonSchema}
                values={draft.parameters}
                onChange={parameters => setDraft({ ...draft, parameters })}
                storedSecrets={storedSecrets(configuration, driverVersion)}
                problems={Object.fromEntries(
                  driverVersion.parameters.flatMap(p =>
                    problems[parameterPath(p.name)]
                      ? [[p.name, problems[parameterPath(p.name)]]]
                      : [],
                  ),
                )}
                disabled={disabled}
              />
            </InfoCard>
          </Grid>
          <Grid item xs={12} lg={6}>
            <InfoCard
              title="Component overrides"
              subheader="Applied after the Helm chart renders."
            >
              {driverVersion.components.map(component => (
                <ComponentOverridesForm
                  key={component.name}
                  component={component}
                  draft={draft.components[component.name]}
                  onChange={componentDraft =>
                    setDraft({
                      ...draft,
                      components: {
                        ...draft.components,
                        [component.name]: componentDraft,
                      },
                    })
                  }
                  problems={problems}
                  disabled={disabled}
                />
              ))}
            </InfoCard>
          </Grid>
          <Grid item xs={12}>
            {problems['']?.map(problem => (
              <FormHelperText key={problem} error>
                {problem}
              </FormHelperText>
            ))}
            <Button
              variant="contained"
              color="primary"
              disabled={disabled || unchanged || localProblems.length > 0}
              onClick={() =>
                change.preview(() =>
                  api.editDeployment({ ...input, dryRun: true }),
                )
              }
            >
              Review changes
            </Button>
            <FormHelperText>
              {unchanged
                ? 'Nothing changed yet.'
                : 'The review shows what the change does before anything is applied.'}
            </FormHelperText>
          </Grid>
        </>
      )}
    </Grid>
  );
};

/**
 * The Configuration tab of a deployment: its parameters, as a form drawn from the driver
 * version's parameter schema, and its component overrides, both checked as they are typed
 * by the rules the server applies. "Review changes" asks the server what the change would
 * do (a dry run: the reconciliation diff, the steps that would run, the other deployments
 * redeployed); "Apply" then makes it, for the version of the deployment that was shown.
 * The API's errors are shown next to the field at fault; a CONFLICT asks for a reload.
 *
 * @public
 */
export const DeploymentConfiguration = ({
  deployment,
  onChanged,
}: DeploymentConfigurationProps) => {
  const refusal = useChangeRefusal(deployment);
  const { name, version } = deployment.driverVersion;
  const driverVersion = useStyrminApi(
    api => api.getDriverVersion({ name, version }),
    [name, version],
  );
  if (driverVersion.loading || refusal.loading) {
    return <Progress />;
  }
  if (driverVersion.error) {
    return <StyrminErrorPanel error={driverVersion.error} />;
  }
  if (!driverVersion.value) {
    return (
      <EmptyState
        missing="data"
        title={`Driver version ${name} ${version} is not loaded`}
      />
    );
  }
  return (
    <ConfigurationEditor
      // A new version of the deployment starts the form again from what is stored.
      key={deployment.version}
      deployment={deployment}
      driverVersion={driverVersion.value}
      refusal={refusal.reason}
      onChanged={onChanged}
    />
  );
};
