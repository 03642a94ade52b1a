import DialogContentText from '@material-ui/core/DialogContentText';
import Typography from '@material-ui/core/Typography';
import type {
  EnvironmentBackup,
  EnvironmentOperation,
  EnvironmentRestorePlan,
} from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { LoadedContent } from '../LoadedContent';
import { Timestamp } from '../Timestamp';

export interface RestoreEnvironmentDialogProps {
  backup: EnvironmentBackup;
  api: StyrminApi;
  onClose: () => void;
  onDone: (operation: EnvironmentOperation) => void;
}

/** What the restore plan says it will do, and what it cannot restore with why. */
const RestorePreview = ({ plan }: { plan: EnvironmentRestorePlan }) => (
  <>
    <Typography variant="subtitle2" component="h3">
      Will be restored
    </Typography>
    {plan.restores.length === 0 ? (
      <Typography variant="body2" color="textSecondary" paragraph>
        No deployment: nothing of this backup can be restored now.
      </Typography>
    ) : (
      <ul aria-label="Deployments restored">
        {plan.restores.map(constituent => (
          <li key={constituent.deploymentName}>
            <strong>{constituent.deploymentName}</strong>: back to{' '}
            {constituent.driverName} {constituent.driverVersion}, application{' '}
            {constituent.appVersion}, as captured; then its data is restored in
            place
          </li>
        ))}
      </ul>
    )}
    {plan.unrestorable.length > 0 && (
      <>
        <Typography variant="subtitle2" component="h3">
          Cannot be restored
        </Typography>
        <ul aria-label="Deployments not restored">
          {plan.unrestorable.map(refusal => (
            <li key={refusal.deploymentName}>
              <strong>{refusal.deploymentName}</strong> ({refusal.reason}):{' '}
              {refusal.message}
            </li>
          ))}
        </ul>
      </>
    )}
  </>
);

/**
 * Restores an environment from one of its environment backups, once the user has read
 * the plan: the environment's captured configuration applies again, then each deployment
 * the plan names is put back to its captured declared state and restored in place (its
 * components stop, its volume data is replaced by the backup's, they start again); those
 * it cannot restore are named with why. No deployment is created or deleted.
 */
export const RestoreEnvironmentDialog = ({
  backup,
  api,
  onClose,
  onDone,
}: RestoreEnvironmentDialogProps) => {
  const input = { environmentBackup: backup.id };
  const plan = useStyrminApi(
    styrminApi => styrminApi.getEnvironmentRestorePlan(input),
    [backup.id],
  );
  const restore = useActionCall(() => api.restoreEnvironment(input), onDone);
  return (
    <ActionDialog
      id="styrmin-restore-environment-dialog"
      title={`Restore ${backup.environmentName} from an environment backup`}
      verb="Restore"
      color="secondary"
      ready={(plan.value?.restores.length ?? 0) > 0}
      call={restore}
      onClose={onClose}
    >
      <DialogContentText component="div">
        <p>
          The environment backup of <Timestamp iso={backup.createdAt} />{' '}
          replaces what {backup.environmentName} holds now: its configuration as
          captured applies again, then each deployment below stops, has the data
          of its volume claims replaced by its constituent backup's (what was
          written since is lost) and starts again. No deployment is created or
          deleted.
        </p>
      </DialogContentText>
      <LoadedContent state={plan} missing={null}>
        {value => <RestorePreview plan={value} />}
      </LoadedContent>
    </ActionDialog>
  );
};
