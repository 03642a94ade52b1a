import Typography from '@material-ui/core/Typography';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import {
  deploymentChannel,
  useLiveStyrminApi,
} from '../../hooks/useLiveStyrminApi';
import { plural } from '../../plural';

/**
 * Beside a deployment's state in its page's heading: how many of its components are
 * stopped, and which, so that a deployment whose task workers are stopped does not read
 * as plainly RUNNING ("1 of 3 components stopped: task-worker"). Nothing while none is, and
 * for a tombstone, which runs nothing. Follows the deployment's changes live.
 */
export const StoppedComponents = ({
  deployment,
}: {
  deployment: DeploymentWithInstance;
}) => {
  const { value } = useLiveStyrminApi(
    deploymentChannel(deployment.id),
    api => api.getDeploymentObservedState(deployment.id),
    [deployment.id],
  );
  const components = value?.components ?? [];
  const stopped = components.filter(component => component.stopped);
  if (deployment.deletedAt || stopped.length === 0) {
    return null;
  }
  return (
    <Typography variant="body2" color="textSecondary">
      {stopped.length} of {plural(components.length, 'component')} stopped:{' '}
      {stopped.map(component => component.name).join(', ')}
    </Typography>
  );
};
