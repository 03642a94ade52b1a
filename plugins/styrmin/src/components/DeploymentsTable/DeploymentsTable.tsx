import { Link } from '@backstage/core-components';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import type { DeploymentSummary } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import { DeploymentStateChip, TaskResultChip } from '../StateChip';

/** @public */
export interface DeploymentsTableProps {
  /** What the table lists, for screen readers: `Deployments of dev`. */
  label: string;
  deployments: DeploymentSummary[];
}

/**
 * Deployments at a glance: each one's state (with its reason), what it runs, and how its
 * newest task went, each linking to its page.
 *
 * @public
 */
export const DeploymentsTable = ({
  label,
  deployments,
}: DeploymentsTableProps) => {
  const links = useDeploymentLinks();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Deployment</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Driver version</TableCell>
          <TableCell>Application version</TableCell>
          <TableCell>Latest task</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {deployments.map(deployment => (
          <TableRow key={deployment.id}>
            <TableCell>
              <Link to={links.deployment(deployment.id)}>
                {deployment.name}
              </Link>
            </TableCell>
            <TableCell>
              <DeploymentStateChip value={deployment.state} />
              {deployment.stateReason && (
                <Typography variant="body2" color="textSecondary">
                  {deployment.stateReason}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Link to={links.driverVersion(deployment.driverVersion)}>
                {deployment.driverVersion.name}{' '}
                {deployment.driverVersion.version}
              </Link>
            </TableCell>
            <TableCell>{deployment.appVersion}</TableCell>
            <TableCell>
              {deployment.latestTask ? (
                <Link
                  to={links.task(deployment.id, deployment.latestTask.id)}
                  aria-label={`${deployment.latestTask.type} of ${deployment.name}: ${deployment.latestTask.result}`}
                >
                  <TaskResultChip value={deployment.latestTask.result} />
                </Link>
              ) : (
                <Typography variant="body2" color="textSecondary">
                  None yet
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
