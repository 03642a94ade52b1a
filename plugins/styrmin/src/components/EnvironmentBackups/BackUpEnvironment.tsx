import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import BackupIcon from '@material-ui/icons/Backup';
import { styrminEnvironmentBackupCreatePermission } from '@styrmin/plugin-styrmin-common';
import type {
  EnvironmentBackup,
  EnvironmentWithDeployments,
} from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { ActionButtons, useButtonCall } from '../ActionButtons';
import { StyrminErrorPanel } from '../StyrminErrorPanel';
import { backUpEnvironmentReason } from './environmentBackupActionReasons';

/**
 * "Back up": an environment backup now, one constituent per eligible deployment;
 * disabled with the reason when the user or the environment does not allow it, and the
 * server's refusal (a deployment busy, say) shown under it.
 */
export const BackUpEnvironment = ({
  environment,
  onStarted,
}: {
  environment: EnvironmentWithDeployments;
  onStarted: (backup: EnvironmentBackup) => void;
}) => {
  const api = useApi(styrminApiRef);
  const permission = usePermission({
    permission: styrminEnvironmentBackupCreatePermission,
  });
  const backUp = useButtonCall(
    () => api.createEnvironmentBackup({ environment: environment.id }),
    () => `Backing up ${environment.name}`,
    onStarted,
  );
  return (
    <Box>
      <ActionButtons
        buttons={[
          {
            id: 'create-environment-backup',
            label: 'Back up',
            icon: <BackupIcon />,
            color: 'primary',
            reason:
              backUpEnvironmentReason({ environment, permission }) ??
              (backUp.busy ? 'Starting the backup' : undefined),
            onClick: backUp.start,
          },
        ]}
      />
      {backUp.error && <StyrminErrorPanel error={backUp.error} />}
    </Box>
  );
};
