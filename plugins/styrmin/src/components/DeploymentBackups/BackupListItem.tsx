import Box from '@material-ui/core/Box';
import ListItemText from '@material-ui/core/ListItemText';
import type { Backup } from '@styrmin/sdk';
import { QueryLinkListItem } from '../QueryLinkListItem';
import { Timestamp } from '../Timestamp';
import { BackupProgress } from './BackupProgress';
import { VeleroBackupPhaseChip } from '../VeleroPhaseChips';

/** The query parameter of the Backups tab that names the backup it opens. */
export const BACKUP_QUERY_PARAMETER = 'backup';

/** One backup of the history: phase, when and by whom, instance, progress and size, expiry. */
export const BackupListItem = ({
  backup,
  selected,
}: {
  backup: Backup;
  selected: boolean;
}) => (
  <QueryLinkListItem
    parameter={BACKUP_QUERY_PARAMETER}
    value={backup.id}
    selected={selected}
  >
    <ListItemText
      disableTypography
      primary={
        <Box display="flex" alignItems="center" gridGap={8}>
          <VeleroBackupPhaseChip value={backup.phase ?? 'New'} />
          <Timestamp iso={backup.createdAt} />
          <span>instance #{backup.instance.number}</span>
        </Box>
      }
      secondary={
        <Box color="text.secondary" fontSize="body2.fontSize">
          by {backup.createdBy}
          {backup.expiresAt && (
            <>
              , expires <Timestamp iso={backup.expiresAt} />
            </>
          )}
          <BackupProgress backup={backup} />
        </Box>
      }
    />
  </QueryLinkListItem>
);
