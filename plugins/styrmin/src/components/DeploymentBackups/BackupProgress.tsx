import Box from '@material-ui/core/Box';
import LinearProgress from '@material-ui/core/LinearProgress';
import Typography from '@material-ui/core/Typography';
import { formatByteSize, type Backup } from '@styrmin/sdk';

/**
 * What Velero has done of a backup: the items backed up of the total (a bar while it
 * runs), and its size once known.
 */
export const BackupProgress = ({ backup }: { backup: Backup }) => {
  const { itemsBackedUp, totalItems, sizeBytes } = backup;
  const running = backup.phase === 'InProgress';
  const items =
    totalItems === null
      ? undefined
      : `${itemsBackedUp ?? 0} of ${totalItems} items`;
  return (
    <Box>
      <Typography variant="body2" color="textSecondary" component="span">
        {[items, sizeBytes === null ? undefined : formatByteSize(sizeBytes)]
          .filter(Boolean)
          .join(', ') || 'Nothing backed up yet'}
      </Typography>
      {running && totalItems !== null && totalItems > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, ((itemsBackedUp ?? 0) * 100) / totalItems)}
          aria-label={`Backed up ${itemsBackedUp ?? 0} of ${totalItems} items`}
        />
      )}
    </Box>
  );
};
