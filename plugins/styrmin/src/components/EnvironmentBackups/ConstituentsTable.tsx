import { Link } from '@backstage/core-components';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { formatByteSize, type EnvironmentBackup } from '@styrmin/sdk';
import { useDeploymentLinks } from '../../hooks/useDeploymentLinks';
import { VeleroBackupPhaseChip } from '../VeleroPhaseChips';

type Constituent = EnvironmentBackup['constituents'][number];

/** A constituent's backup: its Velero phase and size, or gone once deleted or expired. */
const ConstituentBackup = ({ constituent }: { constituent: Constituent }) => {
  const links = useDeploymentLinks();
  const { backup } = constituent;
  if (!backup) {
    return (
      <Typography variant="body2" color="textSecondary">
        Gone: deleted or expired
      </Typography>
    );
  }
  return (
    <Link
      to={`${links.tab(
        constituent.deployment.id,
        'backups',
      )}?${new URLSearchParams({ backup: backup.id })}`}
      aria-label={`The backup of ${constituent.deploymentName}: ${
        backup.phase ?? 'New'
      }`}
    >
      <VeleroBackupPhaseChip value={backup.phase ?? 'New'} />
      {backup.sizeBytes !== null && (
        <Typography variant="body2" color="textSecondary" component="span">
          {' '}
          {formatByteSize(backup.sizeBytes)}
        </Typography>
      )}
    </Link>
  );
};

/**
 * The deployments an environment backup captured, each with the versions it ran then and
 * its constituent backup (its Velero phase, linking to it on the deployment's Backups
 * tab), or "gone" once that was deleted or expired.
 */
export const ConstituentsTable = ({
  backup,
}: {
  backup: EnvironmentBackup;
}) => {
  const links = useDeploymentLinks();
  return (
    <Table size="small" aria-label="Constituents">
      <TableHead>
        <TableRow>
          <TableCell>Deployment</TableCell>
          <TableCell>Driver version</TableCell>
          <TableCell>Application version</TableCell>
          <TableCell>Constituent backup</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {backup.constituents.map(constituent => (
          <TableRow key={constituent.deploymentName}>
            <TableCell>
              <Link to={links.deployment(constituent.deployment.id)}>
                {constituent.deploymentName}
              </Link>
              {constituent.deployment.state === 'DELETED' && (
                <Typography variant="body2" color="textSecondary">
                  deleted since
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {constituent.driverName} {constituent.driverVersion}
            </TableCell>
            <TableCell>{constituent.appVersion}</TableCell>
            <TableCell>
              <ConstituentBackup constituent={constituent} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
