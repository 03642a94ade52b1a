import { InfoCard, Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import type { Restore } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { LoadedContent } from '../LoadedContent';
import { TaskResultChip } from '../StateChip';
import { TaskHeading, TaskStepTree } from '../TaskStepTree';
import { Timestamp } from '../Timestamp';
import { VeleroRestorePhaseChip } from '../VeleroPhaseChips';

/** The steps of a restore's task, live, as the Tasks tab shows a task's. */
const RestoreSteps = ({
  deploymentId,
  taskId,
}: {
  deploymentId: string;
  taskId: string;
}) => {
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api => api.getTaskTree(taskId),
    [taskId],
  );
  return (
    <LoadedContent state={state} missing={null}>
      {tree => (
        <section aria-label="Steps of the restore">
          <TaskHeading task={tree} />
          <TaskStepTree task={tree} />
        </section>
      )}
    </LoadedContent>
  );
};

const RestoreItem = ({
  deploymentId,
  restore,
}: {
  deploymentId: string;
  restore: Restore;
}) => {
  const links = useDeploymentLinks();
  return (
    <ListItem divider>
      <ListItemText
        disableTypography
        primary={
          <Box display="flex" alignItems="center" gridGap={8}>
            <VeleroRestorePhaseChip value={restore.phase ?? 'New'} />
            {restore.task && <TaskResultChip value={restore.task.result} />}
            <Typography variant="body2" component="span">
              {restore.backup
                ? `From the backup of instance #${restore.backup.instance.number}`
                : 'From a backup that has expired or was deleted'}
            </Typography>
          </Box>
        }
        secondary={
          <Typography variant="body2" color="textSecondary">
            <Timestamp iso={restore.createdAt} /> by {restore.createdBy}
            {restore.task && (
              <>
                {' · '}
                <Link to={links.task(deploymentId, restore.task.id)}>
                  its task
                </Link>
              </>
            )}
            {restore.failureReason && (
              <Typography variant="body2" color="error" component="span">
                {' · '}
                {restore.failureReason}
              </Typography>
            )}
          </Typography>
        }
      />
    </ListItem>
  );
};

/**
 * The restores into a deployment, newest first, each with its Velero phase and its task's
 * result; the newest with its task's steps. Live: a restore's progress shows as it goes.
 */
export const DeploymentRestores = ({
  deploymentId,
}: {
  deploymentId: string;
}) => {
  const state = useLiveStyrminApi(
    deploymentChannel(deploymentId),
    api => api.getDeploymentRestores(deploymentId),
    [deploymentId],
  );
  return (
    <LoadedContent state={state} missing={null}>
      {restores =>
        restores.length === 0 ? null : (
          <InfoCard title="Restores" noPadding>
            <List aria-label="Restores, newest first" dense>
              {restores.map(restore => (
                <RestoreItem
                  key={restore.id}
                  deploymentId={deploymentId}
                  restore={restore}
                />
              ))}
            </List>
            {restores[0].task && (
              <Box p={2}>
                <RestoreSteps
                  deploymentId={deploymentId}
                  taskId={restores[0].task.id}
                />
              </Box>
            )}
          </InfoCard>
        )
      }
    </LoadedContent>
  );
};
