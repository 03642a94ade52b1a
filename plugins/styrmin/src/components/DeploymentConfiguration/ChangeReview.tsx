import { WarningPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import { Hook, hookStepName, Mode } from '@styrmin/plugin-styrmin-common';
import type { DeploymentChangeResult } from '@styrmin/sdk';
import { ContextDiff } from '../ContextDiff';

/** @public */
export interface ChangeReviewProps {
  /** A dry run's answer (or a plan): what the change would do. */
  result: Pick<
    DeploymentChangeResult,
    | 'changed'
    | 'diff'
    | 'plannedSteps'
    | 'plannedActions'
    | 'droppedParameters'
    | 'siblings'
  >;
}

const Section = ({
  title,
  children,
}: {
  title: string;
  children: React.ReactNode;
}) => (
  <Box component="section" aria-label={title} marginBottom={2}>
    <Typography variant="h6" component="h3" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

const None = ({ children }: { children: string }) => (
  <Typography variant="body2" color="textSecondary">
    {children}
  </Typography>
);

/**
 * What a change would do, from its dry run, before it is applied: the reconciliation
 * diff, the steps of the task that would apply it with the driver actions each runs, the
 * retired parameters it would drop, and the other deployments it would redeploy.
 *
 * @public
 */
export const ChangeReview = ({ result }: ChangeReviewProps) => {
  const { plannedSteps, plannedActions, droppedParameters, siblings } = result;
  if (!result.changed) {
    return (
      <WarningPanel
        severity="info"
        title="Nothing would change"
        message="The instance this change generates equals the active one: applying it stores nothing and starts no task."
      />
    );
  }
  const actionsOf = (step: string) =>
    plannedActions.filter(
      action => hookStepName(action.hook as Hook, action.mode as Mode) === step,
    );
  return (
    <>
      {droppedParameters.length > 0 && (
        <Section title="Parameters dropped">
          <Typography variant="body2">
            The new driver version no longer declares these parameters; their
            values equal their defaults, so they are dropped:{' '}
            {droppedParameters.map((name, index) => (
              <span key={name}>
                {index > 0 && ', '}
                <code>{name}</code>
              </span>
            ))}
          </Typography>
        </Section>
      )}
      <Section title="Reconciliation diff">
        <ContextDiff changes={result.diff} />
      </Section>
      <Section title="Steps that will run">
        <List dense disablePadding>
          {plannedSteps.map((step, index) => (
            <ListItem key={step} disableGutters>
              <ListItemText
                primary={`${index + 1}. ${step}`}
                secondary={actionsOf(step)
                  .map(action =>
                    action.description
                      ? `${action.name}: ${action.description}`
                      : action.name,
                  )
                  .join('; ')}
              />
            </ListItem>
          ))}
        </List>
      </Section>
      <Section title="Other deployments redeployed">
        {siblings.length === 0 ? (
          <None>None: no other deployment of the environment changes.</None>
        ) : (
          <List dense disablePadding>
            {siblings.map(sibling => (
              <ListItem key={sibling.deployment.id} disableGutters>
                <ListItemText
                  primary={`${sibling.deployment.environment.name}/${sibling.deployment.name}`}
                  secondary={`${sibling.flow}: ${sibling.diff.length} ${
                    sibling.diff.length === 1 ? 'change' : 'changes'
                  } to its context`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
    </>
  );
};
