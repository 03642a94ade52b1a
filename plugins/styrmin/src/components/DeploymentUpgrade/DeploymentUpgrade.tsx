import {
  EmptyState,
  InfoCard,
  Progress,
  WarningPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormHelperText from '@material-ui/core/FormHelperText';
import Grid from '@material-ui/core/Grid';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import {
  isDowngrade,
  validateApplicationVersion,
} from '@styrmin/plugin-styrmin-common';
import type {
  Deployment,
  Driver,
  DriverVersion,
  DriverVersionParameter,
  Plan,
  UpgradeDeploymentInput,
} from '@styrmin/sdk';
import { useState } from 'react';
import { styrminApiRef } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import {
  ChangeError,
  ChangeReview,
  problemsByField,
  problemsOfValidation,
  useChange,
  useChangeRefusal,
} from '../DeploymentConfiguration';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import {
  parameterPath,
  RetiredParameters,
  retiredParameters,
} from './RetiredParameters';
import { UpgradeNotes } from './UpgradeNotes';
import { UpgradePlan } from './UpgradePlan';

/** @public */
export interface DeploymentUpgradeProps {
  deployment: Deployment;
  /** Called once the upgrade is started, and to reload after a CONFLICT. */
  onChanged: () => void;
}

/** Answers to the prompts of the upgrade hook's actions, as typed. */
type PromptAnswers = Record<string, Record<string, string | boolean>>;

/** An answer as the prompt's type reads it; empty leaves the prompt to its default. */
function answerValue(prompt: DriverVersionParameter, answer: string | boolean) {
  if (typeof answer === 'boolean') {
    return answer;
  }
  return prompt.type === 'integer' || prompt.type === 'number'
    ? Number(answer)
    : answer;
}

/** The prompts' answers that were given, by action then prompt, typed. */
function promptsInput(target: DriverVersion, answers: PromptAnswers) {
  const input: Record<string, Record<string, unknown>> = {};
  for (const action of target.actions) {
    for (const prompt of action.prompts) {
      const answer = answers[action.name]?.[prompt.name];
      if (answer !== undefined && answer !== '') {
        (input[action.name] ??= {})[prompt.name] = answerValue(prompt, answer);
      }
    }
  }
  return input;
}

const UpgradeEditor = ({
  deployment,
  target,
  refusal,
  onChanged,
}: DeploymentUpgradeProps & { target: DriverVersion; refusal?: string }) => {
  const api = useApi(styrminApiRef);
  const change = useChange<Plan>(onChanged);
  const [appVersion, setAppVersion] = useState(deployment.appVersion);
  const [removed, setRemoved] = useState<string[]>([]);
  const [answers, setAnswers] = useState<PromptAnswers>({});
  const [allowDowngrade, setAllowDowngrade] = useState(false);
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      change.reset();
    };
  const retired = retiredParameters(deployment, target);
  const from = deployment.driverVersion.version;
  const downgrade = isDowngrade({ from, to: target.version })
    ? { from, to: target.version }
    : undefined;
  const upgradeActions = target.actions.filter(a => a.hook === 'upgrade');
  const appProblems = validateApplicationVersion({
    driver: target.spec,
    appVersion,
  });
  const problems = problemsByField(
    [...problemsOfValidation(appProblems), ...change.problems],
    ['app_version', 'prompts', 'driverVersion', ...retired.map(parameterPath)],
  );
  const prompts = promptsInput(target, answers);
  const input: UpgradeDeploymentInput = {
    id: deployment.id,
    expectedVersion: deployment.version,
    driverVersion: target.version,
    ...(downgrade && allowDowngrade && { allowDowngrade: true }),
    configuration: {
      ...(appVersion !== deployment.appVersion && { app_version: appVersion }),
      ...(removed.length > 0 && {
        parameters: Object.fromEntries(removed.map(name => [name, null])),
      }),
    },
    ...(Object.keys(prompts).length > 0 && { prompts }),
  };
  const disabled = refusal !== undefined || change.busy;
  const { review } = change;

  return (
    <Grid container spacing={3}>
      <Grid item xs={12} md={6}>
        <InfoCard title="Application version">
          <TextField
            id="upgrade-app-version"
            label="Application version (app_version)"
            value={appVersion}
            onChange={event => edit(setAppVersion)(event.target.value)}
            error={Boolean(problems.app_version)}
            helperText={
              problems.app_version?.join(' ') ??
              `${target.name} ${target.version} deploys ${target.supportedVersions}`
            }
            disabled={disabled}
            fullWidth
            variant="outlined"
            size="small"
          />
        </InfoCard>
      </Grid>
      <Grid item xs={12} md={6}>
        <RetiredParameters
          deployment={deployment}
          target={target}
          removed={removed}
          onRemovedChange={edit(setRemoved)}
          problems={problems}
          disabled={disabled}
        />
      </Grid>
      {upgradeActions.some(action => action.prompts.length > 0) && (
        <Grid item xs={12}>
          <InfoCard
            title="Prompts of the upgrade actions"
            subheader="What the driver's upgrade actions ask for; empty takes the default."
          >
            {problems.prompts?.map(problem => (
              <FormHelperText key={problem} error>
                {problem}
              </FormHelperText>
            ))}
            {upgradeActions.flatMap(action =>
              action.prompts.map(prompt => {
                const id = `prompt-${action.name}-${prompt.name}`;
                const answer = answers[action.name]?.[prompt.name];
                const setAnswer = (value: string | boolean) =>
                  edit(setAnswers)({
                    ...answers,
                    [action.name]: {
                      ...answers[action.name],
                      [prompt.name]: value,
                    },
                  });
                const label = `${prompt.title} (${prompt.name})`;
                return prompt.type === 'boolean' ? (
                  <FormControlLabel
                    key={id}
                    label={label}
                    control={
                      <Checkbox
                        checked={
                          answer === undefined
                            ? prompt.default === true
                            : answer === true
                        }
                        onChange={event => setAnswer(event.target.checked)}
                        disabled={disabled}
                      />
                    }
                  />
                ) : (
                  <Box key={id} marginBottom={2}>
                    <TextField
                      id={id}
                      label={label}
                      type={prompt.type === 'secret' ? 'password' : 'text'}
                      value={answer ?? ''}
                      placeholder={
                        prompt.default === null || prompt.default === undefined
                          ? undefined
                          : String(prompt.default)
                      }
                      helperText={`${action.name}: ${prompt.description}`}
                      onChange={event => setAnswer(event.target.value)}
                      disabled={disabled}
                      fullWidth
                      variant="outlined"
                      size="small"
                    />
                  </Box>
                );
              }),
            )}
          </InfoCard>
        </Grid>
      )}
      {downgrade && (
        <Grid item xs={12}>
          <FormControlLabel
            label={`Downgrade from ${downgrade.from} to ${downgrade.to} (allowDowngrade)`}
            control={
              <Checkbox
                checked={allowDowngrade}
                onChange={event =>
                  edit(setAllowDowngrade)(event.target.checked)
                }
                disabled={disabled}
              />
            }
          />
          {problems.driverVersion?.map(problem => (
            <FormHelperText key={problem} error>
              {problem}
            </FormHelperText>
          ))}
        </Grid>
      )}
      {change.error && (
        <Grid item xs={12}>
          <ChangeError error={change.error} onReload={onChanged} />
        </Grid>
      )}
      <Grid item xs={12}>
        {problems['']?.map(problem => (
          <FormHelperText key={problem} error>
            {problem}
          </FormHelperText>
        ))}
        {review ? (
          <InfoCard
            title={`Review: ${deployment.driverVersion.version} to ${target.version}`}
            subheader="The plan of the upgrade. Nothing changes until you start it."
          >
            <UpgradeNotes review={review} downgrade={downgrade} />
            <UpgradePlan plan={review} />
            <ChangeReview result={review} />
            <Button
              variant="contained"
              color="primary"
              disabled={disabled || !review.changed}
              onClick={() => change.apply(() => api.applyPlan(review.id))}
            >
              Start upgrade
            </Button>
          </InfoCard>
        ) : (
          <Button
            variant="contained"
            color="primary"
            disabled={disabled || appProblems.length > 0}
            onClick={() => change.preview(() => api.planUpgrade(input))}
          >
            Review changes
          </Button>
        )}
      </Grid>
    </Grid>
  );
};

const TargetVersion = ({
  deployment,
  driver,
  refusal,
  onChanged,
}: DeploymentUpgradeProps & { driver: Driver; refusal?: string }) => {
  const current = deployment.driverVersion.version;
  const others = driver.versions.filter(v => v.version !== current);
  // The newest newer version, never a downgrade: that takes a choice of its own.
  const newer = others
    .map(v => v.version)
    .filter(v => isDowngrade({ from: v, to: current }))
    .sort((a, b) => (isDowngrade({ from: a, to: b }) ? -1 : 1));
  const [version, setVersion] = useState(newer[0] ?? '');
  const target = useStyrminApi(
    async api =>
      version === ''
        ? undefined
        : api.getDriverVersion({ name: driver.name, version }),
    [driver.name, version],
  );
  if (others.length === 0) {
    return (
      <EmptyState
        missing="data"
        title="No other version of this driver is loaded"
        description={`This deployment runs ${driver.name} ${current}, the only version loaded. Load another version to upgrade to it.`}
      />
    );
  }
  return (
    <>
      {refusal && (
        <WarningPanel
          severity="info"
          title="You cannot upgrade this deployment"
          message={refusal}
        />
      )}
      <Box marginY={2} maxWidth={360}>
        <TextField
          id="upgrade-driver-version"
          select
          SelectProps={{ native: true }}
          label="Driver version"
          value={version}
          onChange={event => setVersion(event.target.value)}
          helperText={`From ${driver.name} ${current}`}
          disabled={refusal !== undefined}
          fullWidth
          variant="outlined"
          size="small"
        >
          {version === '' && <option value="">Choose a version</option>}
          {others.map(v => (
            <option key={v.version} value={v.version}>
              {v.version}
            </option>
          ))}
        </TextField>
      </Box>
      {version === '' && (
        <Typography variant="body2" color="textSecondary">
          {`${driver.name} ${current} is the newest version loaded: choose an older one to downgrade to it.`}
        </Typography>
      )}
      {target.loading && <Progress />}
      {target.error && <StyrminErrorPanel error={target.error} />}
      {target.value && (
        <UpgradeEditor
          key={`${deployment.version}-${version}`}
          deployment={deployment}
          target={target.value}
          refusal={refusal}
          onChanged={onChanged}
        />
      )}
    </>
  );
};

/**
 * The Upgrade tab of a deployment: choose another version of its driver and an
 * application version within what that version supports (checked as it is typed), answer
 * the prompts of its upgrade actions, and review the upgrade's plan (its dry run, kept: the
 * retired parameters it drops or refuses, the reconciliation diff, the steps, the hooks'
 * actions with their prompts, warnings, whether a backup is taken first) before starting
 * it, which applies that plan (CONFLICT if the deployment changed since).
 *
 * @public
 */
export const DeploymentUpgrade = ({
  deployment,
  onChanged,
}: DeploymentUpgradeProps) => {
  const refusal = useChangeRefusal(deployment);
  const { name } = deployment.driverVersion;
  const driver = useStyrminApi(api => api.getDriver(name), [name]);
  if (driver.loading || refusal.loading) {
    return <Progress />;
  }
  if (driver.error) {
    return <StyrminErrorPanel error={driver.error} />;
  }
  if (!driver.value) {
    return <EmptyState missing="data" title={`Driver ${name} is not loaded`} />;
  }
  return (
    <TargetVersion
      // A new driver version (the upgrade started) is a new choice, not the last one's.
      key={deployment.driverVersion.version}
      deployment={deployment}
      driver={driver.value}
      refusal={refusal.reason}
      onChanged={onChanged}
    />
  );
};
