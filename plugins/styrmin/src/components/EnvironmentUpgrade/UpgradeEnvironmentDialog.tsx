import { useState } from 'react';
import Checkbox from '@material-ui/core/Checkbox';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import Typography from '@material-ui/core/Typography';
import type {
  EnvironmentOperation,
  EnvironmentUpgradePlan,
  EnvironmentWithDeployments,
} from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { LoadedContent } from '../LoadedContent';
import { PlanProblems } from '../PlanProblems';

export interface UpgradeEnvironmentDialogProps {
  environment: EnvironmentWithDeployments;
  api: StyrminApi;
  onClose: () => void;
  onDone: (operation: EnvironmentOperation) => void;
}

/** The plan: the upgrades in the order they run, what is left out and why. */
const UpgradePreview = ({ plan }: { plan: EnvironmentUpgradePlan }) => (
  <>
    <PlanProblems problems={plan.problems} what="The upgrade cannot start" />
    <Typography variant="subtitle2" component="h3">
      Upgrades, in the order they run
    </Typography>
    {plan.upgrades.length === 0 ? (
      <Typography variant="body2" color="textSecondary" paragraph>
        None: no deployment has a newer driver version to go to.
      </Typography>
    ) : (
      <ol aria-label="Upgrades in order">
        {plan.upgrades.map(upgrade => (
          <li key={upgrade.deployment.id}>
            <strong>{upgrade.deployment.name}</strong>: {upgrade.fromVersion} →{' '}
            {upgrade.toVersion}
            {upgrade.after.length > 0 && (
              <Typography
                variant="body2"
                color="textSecondary"
                component="span"
              >
                {' '}
                (after {upgrade.after.join(', ')}, which it connects to)
              </Typography>
            )}
          </li>
        ))}
      </ol>
    )}
    {plan.skipped.length > 0 && (
      <>
        <Typography variant="subtitle2" component="h3">
          Left out
        </Typography>
        <ul aria-label="Deployments left out">
          {plan.skipped.map(skipped => (
            <li key={skipped.deploymentName}>
              <strong>{skipped.deploymentName}</strong>: {skipped.reason}
            </li>
          ))}
        </ul>
      </>
    )}
  </>
);

/**
 * Upgrades every deployment of an environment whose driver has a newer version, once the
 * user has read the plan: which deployments, from which version to which, in which order
 * (a deployment after those it connects to), what is left out and why, and every problem
 * that refuses the upgrade at once. "Back up first" takes an environment backup before the
 * first upgrade. One parent task runs it; a failed upgrade stops those after it.
 */
export const UpgradeEnvironmentDialog = ({
  environment,
  api,
  onClose,
  onDone,
}: UpgradeEnvironmentDialogProps) => {
  const [backupFirst, setBackupFirst] = useState(false);
  const input = { environment: environment.id, backupFirst };
  const plan = useStyrminApi(
    styrminApi => styrminApi.getEnvironmentUpgradePlan(input),
    [environment.id, backupFirst],
  );
  const upgrade = useActionCall(() => api.upgradeEnvironment(input), onDone);
  const ready =
    !plan.loading &&
    !!plan.value &&
    plan.value.problems.length === 0 &&
    plan.value.upgrades.length > 0;
  return (
    <ActionDialog
      id="styrmin-upgrade-environment-dialog"
      title={`Upgrade ${environment.name}`}
      verb="Start upgrade"
      ready={ready}
      call={upgrade}
      onClose={onClose}
    >
      <DialogContentText>
        Each deployment below moves to the newest version of its driver, with
        its driver's upgrade actions, one after the other; a failed upgrade
        stops those after it.
      </DialogContentText>
      <FormControlLabel
        control={
          <Checkbox
            checked={backupFirst}
            onChange={event => {
              setBackupFirst(event.target.checked);
              upgrade.dismiss();
            }}
          />
        }
        label="Back up first: take an environment backup, and upgrade once every constituent has completed"
      />
      <LoadedContent state={plan} missing={null}>
        {value => <UpgradePreview plan={value} />}
      </LoadedContent>
    </ActionDialog>
  );
};
