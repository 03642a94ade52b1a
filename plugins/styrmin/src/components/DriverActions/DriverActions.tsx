import { EmptyState, InfoCard } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import { Hook, Mode } from '@styrmin/plugin-styrmin-common';
import type { DriverVersion, DriverVersionAction } from '@styrmin/sdk';
import { ParametersTable } from '../ParametersTable';

const hookTitles: Record<Hook, string> = {
  setup: 'Setup',
  upgrade: 'Upgrade',
};

const ActionEntry = ({ action }: { action: DriverVersionAction }) => (
  <Box component="li" mb={2}>
    <Typography variant="subtitle1" component="h5">
      {action.name}
    </Typography>
    {action.description && (
      <Typography variant="body2">{action.description}</Typography>
    )}
    <Typography variant="body2" color="textSecondary">
      Runs <code>{action.function.export}</code> of{' '}
      <code>{action.function.module}</code>
    </Typography>
    {action.components.length > 0 && (
      <Box mt={1} display="flex" flexWrap="wrap" gridGap={4}>
        <Typography variant="body2" color="textSecondary" component="span">
          Components:
        </Typography>
        {action.components.map(component => (
          <Chip key={component} label={component} size="small" />
        ))}
      </Box>
    )}
    {action.prompts.length > 0 && (
      <Box mt={1}>
        <ParametersTable
          title={`Prompts of ${action.name}`}
          parameters={action.prompts}
        />
      </Box>
    )}
  </Box>
);

/** @public */
export interface DriverActionsProps {
  driverVersion: DriverVersion;
}

/**
 * The actions of a driver version, in the order they run: by hook, then by mode (pre,
 * core, post). Inside a mode their order is not defined, so they keep the driver's.
 *
 * @public
 */
export const DriverActions = ({ driverVersion }: DriverActionsProps) => {
  const { actions } = driverVersion;
  if (actions.length === 0) {
    return (
      <EmptyState
        missing="field"
        title="No actions"
        description="This driver version runs nothing of its own when a deployment is set up or upgraded: its chart does all of it."
      />
    );
  }
  return (
    <Grid container spacing={3}>
      {Hook.values.map(hook => (
        <Grid item xs={12} key={hook}>
          <InfoCard
            title={`${hookTitles[hook]} hook`}
            subheader={Hook.descriptions[hook]}
          >
            {Mode.values.map((mode, index) => {
              const inMode = actions.filter(
                a => a.hook === hook && a.mode === mode,
              );
              return (
                <Box component="section" key={mode} mb={2}>
                  <Typography variant="h6" component="h4">
                    {index + 1}. {mode}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    {Mode.descriptions[mode]}
                  </Typography>
                  {inMode.length ? (
                    <Box component="ul" pl={2} mt={1}>
                      {inMode.map(action => (
                        <ActionEntry key={action.name} action={action} />
                      ))}
                    </Box>
                  ) : (
                    <Typography variant="body2">No actions.</Typography>
                  )}
                </Box>
              );
            })}
          </InfoCard>
        </Grid>
      ))}
    </Grid>
  );
};
