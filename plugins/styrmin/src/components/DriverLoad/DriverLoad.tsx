import { useState } from 'react';
import { Link } from '@backstage/core-components';
import { useApi, useRouteRef } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import FormControlLabel from '@material-ui/core/FormControlLabel';
import FormHelperText from '@material-ui/core/FormHelperText';
import Radio from '@material-ui/core/Radio';
import RadioGroup from '@material-ui/core/RadioGroup';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { styrminDriverLoadPermission } from '@styrmin/plugin-styrmin-common';
import { formatByteSize, type LoadDriverResult } from '@styrmin/sdk';
import { styrminApiRef } from '../../api';
import { driverVersionRouteRef } from '../../routes';
import { AdminActionButton, fieldErrorsOf, helperTextOf } from '../AdminAction';
import { ActionDialog } from '../DeploymentActions/ActionDialog';
import { useActionCall } from '../DeploymentActions/useActionCall';
import { plural } from '../../plural';
import {
  packDriverDirectory,
  PackedDriverDirectory,
  readChosenFiles,
} from './packDriverDirectory';

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

type Source = 'GIT' | 'UPLOAD';

/** The chosen directory, packed; or why it could not be read. */
type Upload = { packed?: PackedDriverDirectory; error?: string };

/** Choosing a driver version's directory on this machine, packed as styrminctl packs it. */
const DirectoryField = ({
  upload,
  onChosen,
  problem,
}: {
  upload: Upload;
  onChosen: (upload: Upload) => void;
  problem?: string;
}) => {
  const { packed } = upload;
  const message =
    problem ??
    upload.error ??
    (packed
      ? `${plural(packed.fileCount, 'file')} of ${
          packed.directory
        }, ${formatByteSize(packed.bytes)} packed`
      : 'The directory that holds driver.yaml; the server validates its files as drivers load does');
  return (
    <Box mt={2}>
      <Button variant="outlined" component="label">
        Choose a directory
        <input
          hidden
          type="file"
          multiple
          aria-label="Driver directory"
          // The browser asks for a directory and lists the files under it.
          {...{ webkitdirectory: '', directory: '' }}
          onChange={async event => {
            const files = event.target.files;
            if (!files || files.length === 0) {
              return;
            }
            try {
              onChosen({
                packed: await packDriverDirectory(await readChosenFiles(files)),
              });
            } catch (error) {
              onChosen({ error: `Could not read the directory: ${error}` });
            }
          }}
        />
      </Button>
      <FormHelperText error={!!problem || !!upload.error}>
        {message}
      </FormHelperText>
    </Box>
  );
};

const LoadDialog = ({
  onClose,
  onLoaded,
}: {
  onClose: () => void;
  onLoaded: (result: LoadDriverResult) => void;
}) => {
  const api = useApi(styrminApiRef);
  const [source, setSource] = useState<Source>('GIT');
  const [draft, setDraft] = useState<GitDraft>({ url: '', ref: '', path: '' });
  const [upload, setUpload] = useState<Upload>({});
  const call = useActionCall(
    () =>
      source === 'GIT'
        ? api.loadDriver({
            source: 'GIT',
            url: draft.url.trim(),
            ref: draft.ref.trim() || undefined,
            path: draft.path.trim() || undefined,
          })
        : api.loadDriver({
            source: 'UPLOAD',
            archive: upload.packed!.archive,
            path: upload.packed!.directory,
          }),
    onLoaded,
  );
  const problems = fieldErrorsOf(call.error, [
    ...GIT_FIELDS.map(({ field }) => field),
    'archive',
  ]);
  return (
    <ActionDialog
      id="styrmin-load-driver-title"
      title="Load a driver version"
      verb="Load"
      ready={source === 'GIT' ? !!draft.url.trim() : !!upload.packed}
      call={call}
      errorAtField={!!call.error && !problems['']}
      onClose={onClose}
    >
      <RadioGroup
        row
        aria-label="Source"
        value={source}
        onChange={event => {
          setSource(event.target.value as Source);
          call.dismiss();
        }}
      >
        <FormControlLabel value="GIT" control={<Radio />} label="From git" />
        <FormControlLabel
          value="UPLOAD"
          control={<Radio />}
          label="Upload a directory"
        />
      </RadioGroup>
      {source === 'GIT' ? (
        <>
          <Typography variant="body2" color="textSecondary">
            The server clones the repository and loads the driver version it
            finds, as <code>styrminctl drivers load</code> does.
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
        </>
      ) : (
        <>
          <Typography variant="body2" color="textSecondary">
            The files of a driver version&apos;s directory on this machine go to
            the server, packed, as{' '}
            <code>styrminctl drivers load &lt;dir&gt;</code> sends them.
          </Typography>
          <DirectoryField
            upload={upload}
            problem={problems.archive?.join(' ')}
            onChosen={chosen => {
              setUpload(chosen);
              call.dismiss();
            }}
          />
        </>
      )}
    </ActionDialog>
  );
};

/** @public */
export interface DriverLoadProps {
  /** Called after a load, to read the drivers again. */
  onLoaded: () => void;
}

/**
 * Loads a driver version (`styrmin.driver.load`) from a git repository, as `styrminctl
 * drivers load <git-url>` does, or from a directory on the user's machine, its files
 * uploaded as `styrminctl drivers load <dir>` sends them; says which version it loaded,
 * or that the same content was loaded before. What the server refuses shows at the field
 * it names.
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
