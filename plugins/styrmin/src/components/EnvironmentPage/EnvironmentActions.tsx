import { useState } from 'react';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import {
  styrminEnvironmentClonePermission,
  styrminEnvironmentUpgradePermission,
} from '@styrmin/plugin-styrmin-common';
import type {
  EnvironmentOperation,
  EnvironmentWithDeployments,
} from '@styrmin/sdk';
import { useNavigate } from 'react-router-dom';
import { styrminApiRef } from '../../api';
import { useEnvironmentLinks } from '../../hooks/useEnvironmentLinks';
import { AdminActionButton } from '../AdminAction';
import { CloneEnvironmentDialog } from '../EnvironmentClone';
import { UpgradeEnvironmentDialog } from '../EnvironmentUpgrade';

/**
 * The environment's Upgrade (operators and administrators) and Clone (administrators),
 * each disabled with the reason for a user without its permission, each opening its
 * preview; once started, the Tasks tab opens at the operation's parent task.
 */
export const EnvironmentActions = ({
  environment,
}: {
  environment: EnvironmentWithDeployments;
}) => {
  const api = useApi(styrminApiRef);
  const alertApi = useApi(alertApiRef);
  const navigate = useNavigate();
  const links = useEnvironmentLinks();
  const [open, setOpen] = useState<'upgrade' | 'clone'>();
  const live = environment.deployments.filter(d => d.state !== 'DELETED');
  const started = (message: string) => (operation: EnvironmentOperation) => {
    setOpen(undefined);
    alertApi.post({ message, severity: 'success', display: 'transient' });
    navigate(links.task(operation.environment.name, operation.task.id));
  };
  return (
    <Box display="flex" alignItems="flex-start" gridGap={16}>
      <AdminActionButton
        label="Upgrade"
        permission={styrminEnvironmentUpgradePermission}
        action="Upgrading an environment"
        heldBy="operators and administrators"
        unavailable={
          live.length === 0 ? 'It has no deployment to upgrade.' : undefined
        }
        onClick={() => setOpen('upgrade')}
      />
      <AdminActionButton
        label="Clone"
        permission={styrminEnvironmentClonePermission}
        action="Cloning an environment"
        onClick={() => setOpen('clone')}
      />
      {open === 'upgrade' && (
        <UpgradeEnvironmentDialog
          environment={environment}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={started(`Upgrading ${environment.name}`)}
        />
      )}
      {open === 'clone' && (
        <CloneEnvironmentDialog
          environment={environment}
          api={api}
          onClose={() => setOpen(undefined)}
          onDone={started(`Cloning ${environment.name}`)}
        />
      )}
    </Box>
  );
};
