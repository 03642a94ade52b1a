import { useState } from 'react';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import ScheduleIcon from '@material-ui/icons/Schedule';
import { styrminBackupScheduleUpdatePermission } from '@styrmin/plugin-styrmin-common';
import type { BackupSchedule, DeploymentWithInstance } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { Timestamp } from '../Timestamp';
import { ActionButtons } from '../ActionButtons';
import { BackupScheduleDialog } from './BackupScheduleDialog';
import { createBackupReason } from './backupActionReasons';

/** The schedule in words: when, how long each backup is kept, paused, whose it is. */
const ScheduleText = ({ schedule }: { schedule: BackupSchedule | null }) => {
  if (!schedule) {
    return <>No backup schedule: backups are taken on demand only.</>;
  }
  return (
    <>
      Scheduled <code>{schedule.cron}</code> (UTC), each backup kept{' '}
      {schedule.ttl}
      {schedule.inherited
        ? ', inherited from the environment'
        : ', set on this deployment'}
      . {schedule.paused && 'Paused: no scheduled backup is taken. '}
      {schedule.nextRunAt && (
        <>
          Next run <Timestamp iso={schedule.nextRunAt} />.
        </>
      )}
    </>
  );
};

/**
 * The backup schedule that applies to the deployment (its own or its environment's, with
 * its next run) and "Edit schedule", which sets the deployment's own: disabled with the
 * reason without styrmin.backup.schedule or for a tombstone.
 */
export const BackupScheduleSummary = ({
  deployment,
}: {
  deployment: DeploymentWithInstance;
}) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const permission = usePermission({
    permission: styrminBackupScheduleUpdatePermission,
  });
  const [editing, setEditing] = useState(false);
  const state = useLiveStyrminApi(
    deploymentChannel(deployment.id),
    styrmin => styrmin.getBackupSchedule(deployment.id),
    [deployment.id],
  );
  if (state.loading && state.value === undefined) {
    return null;
  }
  const schedule = state.value ?? null;
  return (
    <Box
      display="flex"
      alignItems="center"
      gridGap={16}
      role="region"
      aria-label="Backup schedule"
    >
      <Box flexGrow={1}>
        <Typography variant="body2">
          {state.error ? (
            `The schedule could not be read: ${state.error.message}`
          ) : (
            <ScheduleText schedule={schedule} />
          )}
        </Typography>
      </Box>
      <ActionButtons
        buttons={[
          {
            id: 'edit-backup-schedule',
            label: 'Edit schedule',
            icon: <ScheduleIcon />,
            reason: createBackupReason({
              deployment,
              permission,
              permissionName: styrminBackupScheduleUpdatePermission.name,
            }),
            onClick: () => setEditing(true),
          },
        ]}
      />
      {editing && (
        <BackupScheduleDialog
          deployment={deployment}
          schedule={schedule}
          api={api}
          onClose={() => setEditing(false)}
          onDone={saved => {
            setEditing(false);
            alertApi.post({
              message: `Backup schedule of ${deployment.name} ${
                saved.paused ? 'paused' : 'saved'
              }`,
              severity: 'success',
              display: 'transient',
            });
            state.retry();
          }}
        />
      )}
    </Box>
  );
};
