import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import { useStyrminApi } from '../../hooks/useStyrminApi';

/** @public */
export interface BackupStorageLocationSelectProps {
  /** The location's name; `''` for none. */
  value: string;
  onChange: (name: string) => void;
  /** What the server refused of the field, if anything. */
  problem?: string;
}

/**
 * The backup storage location of an environment, chosen among the registered ones
 * (`styrminctl bsl list`), or none: its deployments then cannot be backed up.
 *
 * @public
 */
export const BackupStorageLocationSelect = ({
  value,
  onChange,
  problem,
}: BackupStorageLocationSelectProps) => {
  const locations = useStyrminApi(api => api.getBackupStorageLocations());
  const names = locations.value?.map(location => location.name) ?? [];
  // A location the list does not hold (not read yet, or removed) stays selectable.
  if (value && !names.includes(value)) {
    names.push(value);
  }
  let hint = 'Where its deployments are backed up';
  if (locations.error) {
    hint = `The registered locations could not be read: ${locations.error.message}`;
  } else if (locations.value?.length === 0) {
    hint = 'No backup storage location is registered (styrminctl bsl create)';
  }
  return (
    <TextField
      select
      fullWidth
      margin="normal"
      variant="outlined"
      id="styrmin-environment-backup-storage-location"
      label="Backup storage location"
      value={value}
      onChange={event => onChange(event.target.value)}
      error={!!problem}
      helperText={problem ?? hint}
    >
      <MenuItem value="">None: backups cannot be taken</MenuItem>
      {names.map(name => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
};
