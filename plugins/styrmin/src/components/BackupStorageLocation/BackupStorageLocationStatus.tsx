import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { useStyrminApi } from '../../hooks/useStyrminApi';
import { Timestamp } from '../Timestamp';
import { BackupStorageLocationPhaseChip } from './BackupStorageLocationPhaseChip';

/** @public */
export interface BackupStorageLocationStatusProps {
  /** The location's name, as its environment names it. */
  name: string;
}

/**
 * A backup storage location by name, with the phase the Velero of each cluster that uses
 * it reports (Unavailable with Velero's message), or why it cannot be used yet.
 *
 * @public
 */
export const BackupStorageLocationStatus = ({
  name,
}: BackupStorageLocationStatusProps) => {
  const { value: location, error } = useStyrminApi(
    api => api.getBackupStorageLocation(name),
    [name],
  );
  return (
    <Box>
      <Typography variant="body2" component="span">
        {name}
      </Typography>
      {error && (
        <Typography variant="body2" color="textSecondary">
          Its phase could not be read: {error.message}
        </Typography>
      )}
      {location && !location.configured && (
        <Typography variant="body2" color="textSecondary">
          Not configured: it needs a bucket and the Secret of its credentials
          before backups can be taken
        </Typography>
      )}
      {location?.configured && location.clusters.length === 0 && (
        <Typography variant="body2" color="textSecondary">
          No agent has reported it yet
        </Typography>
      )}
      {location?.clusters.map(status => (
        <Box
          key={status.cluster.id}
          display="flex"
          alignItems="center"
          flexWrap="wrap"
          gridGap={8}
          mt={1}
          role="group"
          aria-label={`${name} in cluster ${status.cluster.name}`}
        >
          <BackupStorageLocationPhaseChip value={status.phase} />
          <Typography variant="body2" component="span">
            in {status.cluster.name}
            {status.lastValidationTime && (
              <>
                , validated <Timestamp iso={status.lastValidationTime} />
              </>
            )}
          </Typography>
          {status.message && (
            <Typography
              variant="body2"
              color={status.phase === 'Unavailable' ? 'error' : 'textSecondary'}
              component="span"
            >
              {status.message}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
};
