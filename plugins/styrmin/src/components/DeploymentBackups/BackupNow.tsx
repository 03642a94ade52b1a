import { useState } from 'react';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import BackupIcon from '@material-ui/icons/Backup';
import { styrminBackupCreatePermission } from '@styrmin/plugin-styrmin-common';
import type { Backup, DeploymentWithInstance } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { ActionButtons } from './ActionButtons';
import { createBackupReason } from './backupActionReasons';

/**
 * "Back up now": a backup of the deployment's active instance, with the TTL of its
 * schedule; disabled with the reason when the user or the deployment does not allow it,
 * and the server's refusal shown when it refuses (no configured location, say).
 */
export const BackupNow = ({
  deployment,
  onStarted,
}: {
  deployment: DeploymentWithInstance;
  onStarted: (backup: Backup) => void;
}) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const permission = usePermission({
    permission: styrminBackupCreatePermission,
  });
  // Not an action dialog's call: the button stays on the page, ready for the next backup.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const backUp = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const backup = await api.createBackup({ deployment: deployment.id });
      alertApi.post({
        message: `Backing up ${deployment.name}`,
        severity: 'success',
        display: 'transient',
      });
      onStarted(backup);
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const reason =
    createBackupReason({
      deployment,
      permission,
      permissionName: styrminBackupCreatePermission.name,
    }) ?? (busy ? 'Starting the backup' : undefined);
  return (
    <Box>
      <ActionButtons
        buttons={[
          {
            id: 'create-backup',
            label: 'Back up now',
            icon: <BackupIcon />,
            color: 'primary',
            reason,
            onClick: backUp,
          },
        ]}
      />
      {error && <StyrminErrorPanel error={error} />}
    </Box>
  );
};
