import Typography from '@material-ui/core/Typography';
import type { DriverSource as DriverSourceRecord } from '@styrmin/sdk';

const sourceTypes: Record<DriverSourceRecord['type'], string> = {
  DIRECTORY: 'Directory on the server',
  GIT: 'Git',
  UPLOAD: 'Upload',
};

/** @public */
export interface DriverSourceProps {
  source: DriverSourceRecord;
}

/**
 * Where a driver version was loaded from: the directory, or the repository with the ref
 * asked for and the commit loaded.
 *
 * @public
 */
export const DriverSource = ({ source }: DriverSourceProps) => {
  const ref = source.ref ? ` at ${source.ref}` : '';
  const commit = source.commit ? ` (commit ${source.commit.slice(0, 12)})` : '';
  return (
    <>
      <Typography variant="body2">{sourceTypes[source.type]}</Typography>
      {source.url && (
        <Typography variant="body2" color="textSecondary">
          <code>{source.url}</code>
          {ref}
          {commit}
        </Typography>
      )}
      {source.path && (
        <Typography variant="body2" color="textSecondary">
          <code>{source.path}</code>
        </Typography>
      )}
    </>
  );
};
