import { useState } from 'react';
import { Progress } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import DialogContentText from '@material-ui/core/DialogContentText';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import {
  RUN_JOB_DEFAULT_TIMEOUT_SECONDS,
  RUN_JOB_MAX_TIMEOUT_SECONDS,
  StyrminError,
  validateRunJob,
} from '@styrmin/plugin-styrmin-common';
import {
  DeploymentTaskResult,
  DeploymentWithInstance,
  StyrminApiError,
} from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import {
  problemsByField,
  problemsOfError,
} from '../DeploymentConfiguration/fieldProblems';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { ActionDialog } from './ActionDialog';
import { commandOfLines } from './commandOfLines';
import { useActionCall } from './useActionCall';

/** The fields of the runJob input that a refusal can name. */
const FIELDS = ['component', 'command', 'timeoutSeconds'] as const;
type Field = (typeof FIELDS)[number];

/** The first rule of a job that the input breaks, as the server would refuse it. */
function jobProblem(
  job: Parameters<typeof validateRunJob>[0],
): { field: Field; message: string } | undefined {
  try {
    validateRunJob(job);
    return undefined;
  } catch (e) {
    if (e instanceof StyrminError) {
      return { field: e.field as Field, message: e.message };
    }
    throw e;
  }
}

export interface RunJobDialogProps {
  deployment: DeploymentWithInstance;
  api: StyrminApi;
  onClose: () => void;
  onDone: (result: DeploymentTaskResult) => void;
}

/**
 * Runs a command in a Job of a deployment: a component, whose container's image and
 * environment the Job runs with, the command one argument per line (no shell), shown as
 * it will run, and a timeout. The job's rules are checked as you type; what the server
 * refuses shows next to the field at fault, with its code.
 */
export const RunJobDialog = ({
  deployment,
  api,
  onClose,
  onDone,
}: RunJobDialogProps) => {
  const { name, version } = deployment.driverVersion;
  const driverVersion = useStyrminApi(
    a => a.getDriverVersion({ name, version }),
    [name, version],
  );
  const components = driverVersion.value?.components ?? [];
  const [component, setComponent] = useState<string>();
  const [lines, setLines] = useState('');
  const [timeout, setTimeoutText] = useState(
    String(RUN_JOB_DEFAULT_TIMEOUT_SECONDS),
  );

  // The Job needs a component container to take its image from: one is chosen for a start.
  const chosen =
    component ?? components.find(c => c.container !== null)?.name ?? '';
  const command = commandOfLines(lines);
  const timeoutSeconds = Number(timeout);
  const local: ReturnType<typeof jobProblem> =
    timeout.trim() === ''
      ? { field: 'timeoutSeconds', message: 'Give the timeout in seconds' }
      : jobProblem({ component: chosen, command, timeoutSeconds });
  const run = useActionCall(
    () =>
      api.runJob({
        id: deployment.id,
        component: chosen,
        command,
        timeoutSeconds,
        expectedVersion: deployment.version,
      }),
    onDone,
  );
  const refused =
    run.error instanceof StyrminApiError
      ? problemsByField(problemsOfError(run.error), FIELDS)
      : undefined;
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      run.dismiss();
    };
  /** What is wrong with a field: the server's refusal, else the rule broken as typed. */
  const problemOf = (field: Field, typed: boolean) =>
    refused?.[field]?.join(' ') ??
    (typed && local?.field === field ? local.message : undefined);
  const commandProblem = problemOf('command', lines !== '');
  const timeoutProblem = problemOf('timeoutSeconds', true);
  const componentProblem = problemOf('component', true);

  let form;
  if (driverVersion.loading) {
    form = <Progress />;
  } else if (driverVersion.error) {
    form = <StyrminErrorPanel error={driverVersion.error} />;
  } else if (!driverVersion.value) {
    form = (
      <Typography>
        Driver version {name} {version} is not loaded: its components are
        unknown.
      </Typography>
    );
  } else {
    form = (
      <>
        <TextField
          select
          fullWidth
          margin="normal"
          id="styrmin-run-job-component"
          label="Component"
          value={chosen}
          onChange={event => edit(setComponent)(event.target.value)}
          error={Boolean(componentProblem)}
          helperText={
            componentProblem ??
            "The Job runs with this component container's image and environment"
          }
        >
          {components.map(c => (
            <MenuItem key={c.name} value={c.name} disabled={!c.container}>
              {c.container
                ? c.name
                : `${c.name} (declares no component container)`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          multiline
          minRows={3}
          margin="normal"
          id="styrmin-run-job-command"
          label="Command, one argument per line"
          value={lines}
          onChange={event => edit(setLines)(event.target.value)}
          error={Boolean(commandProblem)}
          helperText={
            commandProblem ??
            'The program on the first line, then each argument on a line of its own. No shell runs it: for pipes or variables, run sh with -c and the line.'
          }
          inputProps={{ spellCheck: false, autoComplete: 'off' }}
        />
        <Typography
          variant="subtitle2"
          component="h3"
          id="styrmin-run-job-runs"
        >
          What will run
        </Typography>
        <Box
          component="pre"
          aria-labelledby="styrmin-run-job-runs"
          whiteSpace="pre-wrap"
          mt={0}
        >
          {command.length > 0
            ? JSON.stringify(command)
            : 'Nothing yet: type the program on the first line'}
        </Box>
        <TextField
          fullWidth
          margin="normal"
          id="styrmin-run-job-timeout"
          label="Timeout (seconds)"
          type="number"
          value={timeout}
          onChange={event => edit(setTimeoutText)(event.target.value)}
          error={Boolean(timeoutProblem)}
          helperText={
            timeoutProblem ??
            `The Job is stopped after this long: at most ${RUN_JOB_MAX_TIMEOUT_SECONDS} seconds`
          }
          inputProps={{ min: 1, max: RUN_JOB_MAX_TIMEOUT_SECONDS, step: 1 }}
        />
      </>
    );
  }

  return (
    <ActionDialog
      id="styrmin-run-job-dialog"
      title={`Run a job in ${deployment.name}`}
      verb="Run"
      ready={Boolean(driverVersion.value) && chosen !== '' && !local}
      call={run}
      errorAtField={refused !== undefined && !refused['']}
      onClose={onClose}
    >
      <DialogContentText>
        The command runs once in a Job of the deployment&apos;s namespace, as
        the driver&apos;s actions run theirs; when it fails, its task keeps the
        end of its output.
      </DialogContentText>
      {form}
    </ActionDialog>
  );
};
