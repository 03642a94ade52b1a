import { Link, LogViewer } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Paper from '@material-ui/core/Paper';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import type { StepAttemptError, TaskTree } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import { StepStatusChip, TaskResultChip } from '../StateChip';
import { Timestamp } from '../Timestamp';
import { formatDuration, formatStepTime } from './stepTimes';

type TreeStep = TaskTree['steps'][number];

const useStyles = makeStyles(theme => ({
  steps: { listStyle: 'none', margin: 0, padding: 0 },
  step: {
    padding: theme.spacing(1, 0),
    borderBottom: `1px solid ${theme.palette.divider}`,
    '&:last-child': { borderBottom: 'none' },
  },
  // A started task sits under its step, indented and ruled, as `styrminctl tasks show`
  // prints the tree.
  startedTask: {
    marginTop: theme.spacing(1),
    marginLeft: theme.spacing(3),
    paddingLeft: theme.spacing(2),
    borderLeft: `2px solid ${theme.palette.divider}`,
  },
  logs: { height: 240, marginTop: theme.spacing(1) },
  // What the step did, in the agent's words: short lines, read as a list.
  lines: {
    margin: theme.spacing(0.5, 0, 0),
    paddingLeft: theme.spacing(3),
  },
}));

/** A time as people read it, the ISO timestamp for machines and as the tooltip. */
const StepTime = ({ iso, sameDayAs }: { iso: string; sameDayAs?: string }) => (
  <time dateTime={iso} title={iso}>
    {formatStepTime(iso, sameDayAs)}
  </time>
);

/** The end of a command's output, in a log viewer of its own. */
const CommandOutput = ({ text, label }: { text: string; label: string }) => {
  const classes = useStyles();
  return (
    <Paper
      variant="outlined"
      className={classes.logs}
      role="region"
      aria-label={label}
    >
      <LogViewer text={text} />
    </Paper>
  );
};

const AttemptError = ({
  error,
  stepName,
}: {
  error: StepAttemptError;
  stepName: string;
}) => {
  return (
    <Box mt={1}>
      <Typography variant="body2" color="error">
        Attempt {error.attempt} failed <StepTime iso={error.occurredAt} />:{' '}
        {error.message}
      </Typography>
      {error.outputTail && (
        <CommandOutput
          text={error.outputTail}
          label={`Output of attempt ${error.attempt} of ${stepName}`}
        />
      )}
    </Box>
  );
};

/**
 * A task's type, result and who started it when.
 *
 * @public
 */
export const TaskHeading = ({ task }: { task: TaskTree }) => (
  <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
    <TaskResultChip value={task.result} />
    <Typography variant="h6" component="h4">
      {task.type}
    </Typography>
    <Typography variant="body2" color="textSecondary" component="span">
      by {task.createdBy}, <Timestamp iso={task.createdAt} />; flow run{' '}
      {task.flowRun.state}, attempt {task.flowRun.attempts} of{' '}
      {task.flowRun.maxAttempts}
    </Typography>
  </Box>
);

/** When a step started and ended, to the second, and how long it took. */
const StepTimes = ({ step }: { step: TreeStep }) => {
  const { startedAt, endedAt } = step;
  if (!startedAt) {
    return null;
  }
  return (
    <>
      , started <StepTime iso={startedAt} />
      {endedAt && (
        <>
          , ended <StepTime iso={endedAt} sameDayAs={startedAt} />, took{' '}
          {formatDuration(Date.parse(endedAt) - Date.parse(startedAt))}
        </>
      )}
    </>
  );
};

/** One step: status, attempts and times, its lines, each failed attempt, and what it started. */
const StepItem = ({ task, step }: { task: TaskTree; step: TreeStep }) => {
  const classes = useStyles();
  const links = useDeploymentLinks();
  return (
    <li className={classes.step} aria-label={step.name}>
      <Box display="flex" alignItems="center" flexWrap="wrap" gridGap={8}>
        <StepStatusChip value={step.status} />
        <Typography variant="subtitle2" component="span">
          {step.name}
        </Typography>
        <Typography variant="body2" color="textSecondary" component="span">
          {step.attempts === 1 ? '1 attempt' : `${step.attempts} attempts`}
          <StepTimes step={step} />
        </Typography>
      </Box>
      {/* Only a deployment's task is superseded; an environment task has no deployment. */}
      {step.supersededBy && task.deployment && (
        <Typography variant="body2" color="textSecondary">
          Superseded by{' '}
          <Link to={links.task(task.deployment.id, step.supersededBy.id)}>
            {step.supersededBy.type}
          </Link>
        </Typography>
      )}
      {step.lines.length > 0 && (
        <ul className={classes.lines} aria-label={`Lines of ${step.name}`}>
          {step.lines.map((line, index) => (
            <Typography key={index} component="li" variant="body2">
              {line}
            </Typography>
          ))}
        </ul>
      )}
      {step.errors.map(error => (
        <AttemptError key={error.attempt} error={error} stepName={step.name} />
      ))}
      {step.outputTail && (
        <CommandOutput
          text={step.outputTail}
          label={`Output of ${step.name}`}
        />
      )}
      {step.startedTasks.map(started => (
        <div
          key={started.id}
          className={classes.startedTask}
          role="group"
          aria-label={`${started.type}, started by ${step.name}`}
        >
          <TaskHeading task={started} />
          {/* A step's tree holds the trees of the tasks it started: the two recurse. */}
          {/* eslint-disable-next-line @typescript-eslint/no-use-before-define */}
          <TaskStepTree task={started} />
        </div>
      ))}
    </li>
  );
};

/** @public */
export interface TaskStepTreeProps {
  /** A task with the tasks its steps started, at any depth. */
  task: TaskTree;
}

/**
 * The steps of a task in the order they run, each with its status, attempts and the error
 * of each failed attempt with the end of the failed command's output (and the end of the
 * output of a step that ran a command and succeeded, a run_job task's); the tasks a hook
 * step started (stop_components, ...) are nested under it with their own steps.
 *
 * @public
 */
export const TaskStepTree = ({ task }: TaskStepTreeProps) => {
  const classes = useStyles();
  if (task.steps.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        This task has no steps: its result is its flow run's.
      </Typography>
    );
  }
  return (
    <ol className={classes.steps} aria-label={`Steps of ${task.type}`}>
      {task.steps.map(step => (
        <StepItem key={step.id} task={task} step={step} />
      ))}
    </ol>
  );
};
