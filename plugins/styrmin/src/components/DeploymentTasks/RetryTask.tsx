import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import Box from '@material-ui/core/Box';
import ReplayIcon from '@material-ui/icons/Replay';
import { retryTaskPermission } from '@styrmin/plugin-styrmin-common';
import type { TaskTree } from '@styrmin/sdk';
import { useSearchParams } from 'react-router-dom';
import { styrminApiRef } from '../../api';
import { TASK_QUERY_PARAMETER } from '../../hooks/useDeploymentLinks';
import {
  ActionButtons,
  permissionReason,
  useButtonCall,
} from '../ActionButtons';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

/**
 * "Retry" for a failed task of a deployment that its author started (a task that a hook's
 * step started is retried with that task): a new task of the same change, which the tab
 * then opens. Disabled, with the reason, without the permission that the task's kind
 * needs; what the server refuses (the deployment moved on) shows under it.
 */
export const RetryTask = ({ task }: { task: TaskTree }) => {
  const api = useApi(styrminApiRef);
  const [, setSearchParams] = useSearchParams();
  const permission = retryTaskPermission(task.type);
  const allowed = usePermission({ permission });
  const retry = useButtonCall(
    () => api.retryTask(task.id),
    result => `Retrying ${task.type} as task ${result.task.id}`,
    result => setSearchParams({ [TASK_QUERY_PARAMETER]: result.task.id }),
  );
  if (task.result !== 'FAILED' || task.cause?.kind === 'HOOK') {
    return null;
  }
  const reason =
    permissionReason(allowed, permission.name) ??
    (retry.busy ? 'Starting the retry' : undefined);
  return (
    <Box mb={1}>
      <ActionButtons
        align="left"
        buttons={[
          {
            id: 'retry-task',
            label: 'Retry',
            icon: <ReplayIcon />,
            color: 'primary',
            reason,
            onClick: retry.start,
          },
        ]}
      />
      {retry.error && <StyrminErrorPanel error={retry.error} />}
    </Box>
  );
};
