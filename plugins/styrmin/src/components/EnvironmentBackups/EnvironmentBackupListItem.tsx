import Box from '@material-ui/core/Box';
import ListItemText from '@material-ui/core/ListItemText';
import type { EnvironmentBackupSummary } from '@styrmin/sdk';
import { plural } from '../../plural';
import { QueryLinkListItem } from '../QueryLinkListItem';
import { Timestamp } from '../Timestamp';
import { EnvironmentBackupStatusChip } from './EnvironmentBackupStatusChip';

/** The query parameter of the Backups tab that names the environment backup it opens. */
export const ENVIRONMENT_BACKUP_QUERY_PARAMETER = 'backup';

/** One environment backup of the list: status, when and by whom, how many constituents. */
export const EnvironmentBackupListItem = ({
  backup,
  selected,
}: {
  backup: EnvironmentBackupSummary;
  selected: boolean;
}) => {
  const left = backup.constituents.filter(c => c.backup).length;
  const total = backup.constituents.length;
  return (
    <QueryLinkListItem
      parameter={ENVIRONMENT_BACKUP_QUERY_PARAMETER}
      value={backup.id}
      selected={selected}
    >
      <ListItemText
        disableTypography
        primary={
          <Box display="flex" alignItems="center" gridGap={8}>
            <EnvironmentBackupStatusChip value={backup.status} />
            <Timestamp iso={backup.createdAt} />
          </Box>
        }
        secondary={
          <Box color="text.secondary" fontSize="body2.fontSize">
            by {backup.createdBy};{' '}
            {left === total
              ? plural(total, 'constituent')
              : `${left} of ${plural(total, 'constituent')} left`}
          </Box>
        }
      />
    </QueryLinkListItem>
  );
};
