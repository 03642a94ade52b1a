import Checkbox from '@material-ui/core/Checkbox';
import DialogContentText from '@material-ui/core/DialogContentText';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import type { DeploymentChangeResult, TimelineEntry } from '@styrmin/sdk';
import { useState } from 'react';
import { StyrminApi } from '../../api';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';

export interface RollbackDialogProps {
  deploymentId: string;
  /** The earlier instance rolled back to. */
  target: TimelineEntry;
  /** Whether an upgrade after it took a restore point of it that completed. */
  hasRestorePoint: boolean;
  api: StyrminApi;
  onClose: () => void;
  onDone: (result: DeploymentChangeResult) => void;
}

/**
 * Rolls a deployment back to an earlier instance once the user has read what it does: its
 * driver version and configuration declared again through a new instance (with the
 * upgrade hooks of that version), and with data, its restore point restored in place.
 */
export const RollbackDialog = ({
  deploymentId,
  target,
  hasRestorePoint,
  api,
  onClose,
  onDone,
}: RollbackDialogProps) => {
  const [withData, setWithData] = useState(false);
  const rollback = useActionCall(
    () =>
      api.rollbackDeployment({
        deployment: deploymentId,
        toInstance: target.number,
        withData,
      }),
    onDone,
  );
  return (
    <ActionDialog
      id="styrmin-rollback-dialog"
      title={`Roll back to instance ${target.number}`}
      verb="Roll back"
      color="secondary"
      ready
      call={rollback}
      onClose={onClose}
    >
      <DialogContentText component="div">
        <p>
          A new instance declares instance {target.number}'s state again: driver
          version {target.driverVersion.name} {target.driverVersion.version} and
          the configuration it was generated from, applied with that version's
          upgrade hooks.
        </p>
        {withData && (
          <p>
            Then its restore point replaces the data of the volume claims: the
            deployment is RESTORING, and what was written since the restore
            point is lost.
          </p>
        )}
      </DialogContentText>
      <FormControlLabel
        control={
          <Checkbox
            checked={withData}
            disabled={!hasRestorePoint}
            onChange={event => setWithData(event.target.checked)}
          />
        }
        label={
          hasRestorePoint
            ? 'Restore its data too (its restore point)'
            : 'Restore its data too: no upgrade after it took a restore point'
        }
      />
    </ActionDialog>
  );
};
