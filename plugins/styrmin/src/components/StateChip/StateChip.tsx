import Chip from '@material-ui/core/Chip';
import { makeStyles } from '@material-ui/core/styles';
import FiberManualRecord from '@material-ui/icons/FiberManualRecord';
import {
  DeploymentState,
  DomainEnum,
  StepStatus,
  TaskResult,
} from '@styrmin/plugin-styrmin-common';

/** The Backstage status colours, which each theme (light and dark) sets for itself. */
type Tone = 'ok' | 'warning' | 'error' | 'running' | 'pending' | 'aborted';

const useStyles = makeStyles(theme => ({
  chip: { fontWeight: theme.typography.fontWeightMedium as number },
  ok: { color: theme.palette.status.ok, borderColor: theme.palette.status.ok },
  warning: {
    color: theme.palette.status.warning,
    borderColor: theme.palette.status.warning,
  },
  error: {
    color: theme.palette.status.error,
    borderColor: theme.palette.status.error,
  },
  running: {
    color: theme.palette.status.running,
    borderColor: theme.palette.status.running,
  },
  pending: {
    color: theme.palette.status.pending,
    borderColor: theme.palette.status.pending,
  },
  aborted: {
    color: theme.palette.status.aborted,
    borderColor: theme.palette.status.aborted,
  },
}));

/**
 * A value of a glossary enum as a chip: its name as the text (what the API, styrminctl and
 * the documents call it), its colour as a hint, and the glossary's description as the
 * tooltip. The text keeps the theme's text colour, so it reads in the light and the dark
 * theme; only the dot and the border take the status colour.
 */
export function createStateChip<T extends string>(
  domainEnum: DomainEnum<T>,
  tones: Record<T, Tone>,
) {
  return ({ value }: { value: T }) => {
    const classes = useStyles();
    const tone = classes[tones[value]];
    return (
      <Chip
        className={`${classes.chip} ${tone}`}
        classes={{ icon: tone }}
        variant="outlined"
        size="small"
        icon={<FiberManualRecord fontSize="small" />}
        label={value}
        title={domainEnum.descriptions[value]}
      />
    );
  };
}

/**
 * The deployment state: RUNNING is the healthy one.
 *
 * @public
 */
export const DeploymentStateChip = createStateChip(DeploymentState, {
  PENDING: 'pending',
  DEPLOYING: 'running',
  RUNNING: 'ok',
  RESTORING: 'running',
  FAILED: 'error',
  DELETING: 'running',
  DELETED: 'aborted',
});

/**
 * A task result: RUNNING is work in progress.
 *
 * @public
 */
export const TaskResultChip = createStateChip(TaskResult, {
  RUNNING: 'running',
  FAILED: 'error',
  SUPERSEDED: 'aborted',
  SUCCEEDED: 'ok',
});

/**
 * The status of a step.
 *
 * @public
 */
export const StepStatusChip = createStateChip(StepStatus, {
  PENDING: 'pending',
  RUNNING: 'running',
  SUCCEEDED: 'ok',
  FAILED: 'error',
  SUPERSEDED: 'aborted',
});
