import { useState } from 'react';
import Checkbox from '@material-ui/core/Checkbox';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import TextField from '@material-ui/core/TextField';
import type { BackupSchedule, DeploymentWithInstance } from '@styrmin/sdk';
import { StyrminApi } from '../../api';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';

export interface BackupScheduleDialogProps {
  deployment: DeploymentWithInstance;
  /** The schedule that applies now, the form's start; null for none. */
  schedule: BackupSchedule | null;
  api: StyrminApi;
  onClose: () => void;
  onDone: (schedule: BackupSchedule) => void;
}

/**
 * Sets the deployment's own backup schedule: a cron expression (UTC), the TTL of each
 * backup and whether it is paused. It starts from the schedule that applies, so that
 * pausing an inherited one gives the deployment its own, paused.
 */
export const BackupScheduleDialog = ({
  deployment,
  schedule,
  api,
  onClose,
  onDone,
}: BackupScheduleDialogProps) => {
  const [cron, setCron] = useState(schedule?.cron ?? '');
  const [ttl, setTtl] = useState(schedule?.ttl ?? '');
  const [paused, setPaused] = useState(schedule?.paused ?? false);
  const save = useActionCall(
    () =>
      api.setBackupSchedule({
        deployment: deployment.id,
        cron: cron.trim(),
        ttl: ttl.trim() || undefined,
        paused,
      }),
    onDone,
  );
  return (
    <ActionDialog
      id="styrmin-backup-schedule-dialog"
      title={`Backup schedule of ${deployment.name}`}
      verb="Save"
      ready={cron.trim() !== ''}
      call={save}
      onClose={onClose}
    >
      <TextField
        id="styrmin-backup-schedule-cron"
        label="Cron expression"
        value={cron}
        onChange={event => {
          setCron(event.target.value);
          save.dismiss();
        }}
        helperText="Five fields, UTC (minute hour day-of-month month day-of-week), or @daily, @hourly, ..."
        fullWidth
        margin="normal"
        required
      />
      <TextField
        id="styrmin-backup-schedule-ttl"
        label="TTL"
        value={ttl}
        onChange={event => {
          setTtl(event.target.value);
          save.dismiss();
        }}
        helperText="How long each backup is kept (30d, 720h, 1h30m); 30d when empty"
        fullWidth
        margin="normal"
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={paused}
            onChange={event => setPaused(event.target.checked)}
          />
        }
        label="Paused: take no scheduled backups until it is resumed"
      />
    </ActionDialog>
  );
};
