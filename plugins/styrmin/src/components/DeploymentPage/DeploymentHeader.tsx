import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import type { DeploymentWithInstance } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import { DeploymentActions } from '../DeploymentActions';
import { DeploymentStateChip } from '../StateChip';
import { Timestamp } from '../Timestamp';
import { StoppedComponents } from './StoppedComponents';

export interface DeploymentHeaderProps {
  deployment: DeploymentWithInstance;
  onChanged: () => void;
}

/**
 * The heading of a deployment's page: its name and environment, its state (with the
 * components that are stopped) and why, its application and driver versions, and the
 * actions on it.
 */
export const DeploymentHeader = ({
  deployment,
  onChanged,
}: DeploymentHeaderProps) => {
  const links = useDeploymentLinks();
  const { environment, driverVersion } = deployment;
  return (
    <Box
      display="flex"
      flexWrap="wrap"
      justifyContent="space-between"
      alignItems="flex-start"
      gridGap={16}
      mb={3}
    >
      <Box>
        <Typography variant="h4" component="h2">
          {deployment.name}{' '}
          <Typography variant="h6" component="span" color="textSecondary">
            in{' '}
            <Link to={links.environment(environment.name)}>
              {environment.name}
            </Link>
          </Typography>
        </Typography>
        <Box
          display="flex"
          alignItems="center"
          flexWrap="wrap"
          gridGap={8}
          mt={1}
          aria-label="State"
          role="group"
        >
          <DeploymentStateChip value={deployment.state} />
          <StoppedComponents deployment={deployment} />
          {deployment.stateReason && (
            <Typography variant="body2">{deployment.stateReason}</Typography>
          )}
          {deployment.deletedAt && (
            <Typography variant="body2" color="textSecondary">
              Deleted <Timestamp iso={deployment.deletedAt} />
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="textSecondary">
          Application version {deployment.appVersion}, driver version{' '}
          <Link to={links.driverVersion(driverVersion)}>
            {driverVersion.name} {driverVersion.version}
          </Link>
        </Typography>
      </Box>
      <DeploymentActions deployment={deployment} onChanged={onChanged} />
    </Box>
  );
};
