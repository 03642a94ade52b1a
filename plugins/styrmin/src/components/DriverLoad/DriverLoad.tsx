import { useState } from 'react';
import { Link } from '@backstage/core-components';
import { useApi, useRouteRef } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { styrminDriverLoadPermission } from '@styrmin/plugin-styrmin-common';
import type { LoadDriverResult } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { driverVersionRouteRef } from '../../routes';
import { AdminActionButton, fieldErrorsOf, helperTextOf } from '../AdminAction';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';

/** The fields of a load from git, as `LoadDriverInput` names them, with their hints. */
const GIT_FIELDS = [
  {
    field: 'url',
    label: 'Repository',
    required: true,
    hint: 'https://, ssh://, git://, user@host:path, or a path on the server inside its allowed directories',
  },
  {
    field: 'ref',
    label: 'Ref',
    required: false,
    hint: "A branch, tag or commit; the repository's default branch when empty",
  },
  {
    field: 'path',
    label: 'Path',
    required: false,
    hint: "The driver's directory in the repository; its root when empty",
  },
] as const;

type GitDraft = Record<(typeof GIT_FIELDS)[number]['field'], string>;

const LoadDialog = ({
  onClose,
  onLoaded,
}: {
  onClose: () => void;
  onLoaded: (result: LoadDriverResult) => void;
}) => {
  const api = useApi(styrminApiRef);
  const [draft, setDraft] = useState<GitDraft>({ url: '', ref: '', path: '' });
  const call = useActionCall(
    () =>
      api.loadDriver({
        source: 'GIT',
        url: draft.url.trim(),
        ref: draft.ref.trim() || undefined,
        path: draft.path.trim() || undefined,
      }),
    onLoaded,
  );
  const problems = fieldErrorsOf(
    call.error,
    GIT_FIELDS.map(({ field }) => field),
  );
  return (
    <ActionDialog
      id="styrmin-load-driver-title"
      title="Load a driver version from git"
      verb="Load"
      ready={!!draft.url.trim()}
      call={call}
      errorAtField={!!call.error && !problems['']}
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary">
        The server clones the repository and loads the driver version it finds,
        as <code>styrminctl drivers load</code> does.
      </Typography>
      {GIT_FIELDS.map(({ field, label, required, hint }) => (
        <TextField
          key={field}
          fullWidth
          required={required}
          margin="normal"
          variant="outlined"
          id={`styrmin-load-driver-${field}`}
          label={label}
          value={draft[field]}
          onChange={event => {
            setDraft({ ...draft, [field]: event.target.value });
            call.dismiss();
          }}
          error={!!problems[field]}
          helperText={helperTextOf(problems, field, hint)}
          inputProps={{ spellCheck: false }}
        />
      ))}
    </ActionDialog>
  );
};

/** @public */
export interface DriverLoadProps {
  /** Called after a load, to read the drivers again. */
  onLoaded: () => void;
}

/**
 * Loads a driver version from a git repository (`styrmin.driver.load`, as `styrminctl
 * drivers load <git-url>`), and says which version it loaded, or that the same content
 * was loaded before. What the server refuses shows at the field it names.
 *
 * @public
 */
export const DriverLoad = ({ onLoaded }: DriverLoadProps) => {
  const versionLink = useRouteRef(driverVersionRouteRef);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<LoadDriverResult>();
  const version = loaded?.driverVersion;
  return (
    <Box mb={2}>
      <AdminActionButton
        label="Load driver version"
        permission={styrminDriverLoadPermission}
        action="Loading a driver version"
        onClick={() => setOpen(true)}
      />
      {open && (
        <LoadDialog
          onClose={() => setOpen(false)}
          onLoaded={result => {
            setOpen(false);
            setLoaded(result);
            onLoaded();
          }}
        />
      )}
      {version && (
        <Typography role="status">
          {loaded.created
            ? 'Loaded '
            : 'Loaded before, with the same content: '}
          <Link
            to={versionLink({ name: version.name, version: version.version })}
          >
            {version.name} {version.version}
          </Link>
        </Typography>
      )}
    </Box>
  );
};
