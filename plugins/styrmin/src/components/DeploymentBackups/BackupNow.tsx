import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import BackupIcon from '@material-ui/icons/Backup';
import { styrminBackupCreatePermission } from '@styrmin/plugin-styrmin-common';
import type { Backup, DeploymentWithInstance } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { ActionButtons, useButtonCall } from '../ActionButtons';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
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
  const permission = usePermission({
    permission: styrminBackupCreatePermission,
  });
  const backUp = useButtonCall(
    () => api.createBackup({ deployment: deployment.id }),
    () => `Backing up ${deployment.name}`,
    onStarted,
  );
  const reason =
    createBackupReason({
      deployment,
      permission,
      permissionName: styrminBackupCreatePermission.name,
    }) ?? (backUp.busy ? 'Starting the backup' : undefined);
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
            onClick: backUp.start,
          },
        ]}
      />
      {backUp.error && <StyrminErrorPanel error={backUp.error} />}
    </Box>
  );
};
