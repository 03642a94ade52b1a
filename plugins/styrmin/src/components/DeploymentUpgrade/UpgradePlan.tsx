import { WarningPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import type { Plan } from '@styrmin/sdk';

/**
 * What an upgrade's plan says besides the change review: its warnings, the hooks' actions
 * that will run with the prompts they ask, whether a backup is taken first, and which plan
 * starting the upgrade applies (until when).
 *
 * @internal
 */
export const UpgradePlan = ({ plan }: { plan: Plan }) => (
  <>
    {plan.warnings.map(warning => (
      <WarningPanel
        key={`${warning.code}-${warning.component ?? ''}`}
        severity="warning"
        title={warning.code}
        message={warning.message}
      />
    ))}
    <Box component="section" aria-label="Hooks that will run" marginY={2}>
      <Typography variant="h6" component="h3" gutterBottom>
        Hooks that will run
      </Typography>
      {plan.plannedActions.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          None: this driver version declares no upgrade action.
        </Typography>
      ) : (
        <List dense disablePadding>
          {plan.plannedActions.map(action => (
            <ListItem key={action.name} disableGutters>
              <ListItemText
                primary={`${action.hook} ${action.mode}: ${action.name}`}
                secondary={
                  action.prompts.length === 0
                    ? 'Asks no prompt'
                    : `Prompts: ${action.prompts
                        .map(prompt =>
                          prompt.default === null ||
                          prompt.default === undefined
                            ? prompt.name
                            : `${prompt.name} (default ${String(
                                prompt.default,
                              )})`,
                        )
                        .join(', ')}`
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
    <Box component="section" aria-label="Plan" marginBottom={2}>
      <Typography variant="body2">
        Backup first: {plan.backup.taken ? 'yes' : 'no'} ({plan.backup.reason}).
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Plan <code>{plan.id}</code>, until {plan.expiresAt}: starting the
        upgrade applies it, and is refused if the deployment, its environment,
        its cluster or the driver version changed since.
      </Typography>
    </Box>
  </>
);
