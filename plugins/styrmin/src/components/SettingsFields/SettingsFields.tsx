import TextField from '@material-ui/core/TextField';
import {
  settingsOf,
  SettingsDraft,
  TYPED_SETTINGS,
} from '../ClusterSettings/settingsDraft';
import { helperTextOf } from '../AdminAction';

/**
 * The API's field names of a settings input (`settings` of a cluster, `overrides` of an
 * environment): one per typed setting, then the input itself, where the rest goes.
 */
export function settingsFieldNames(input: string): string[] {
  return [...TYPED_SETTINGS.map(({ key }) => `${input}.${key}`), input];
}

/** @public */
export interface SettingsFieldsProps {
  /** The API's name of the input: `settings` or `overrides`. */
  input: string;
  draft: SettingsDraft;
  /** What the server refused, by field name (see {@link settingsFieldNames}). */
  problems: Record<string, string[]>;
  onChange: (draft: SettingsDraft) => void;
}

/**
 * Cluster settings as a form, for a cluster's settings or an environment's overrides:
 * the storage class, the ingress class and the base domain, and the rest as JSON; each
 * with what the server refused of it.
 *
 * @public
 */
export const SettingsFields = ({
  input,
  draft,
  problems,
  onChange,
}: SettingsFieldsProps) => {
  const read = settingsOf(draft);
  const setField = (key: keyof SettingsDraft, value: string) =>
    onChange({ ...draft, [key]: value });
  const other = 'problem' in read ? [read.problem] : problems[input];
  return (
    <>
      {TYPED_SETTINGS.map(({ key, label }) => (
        <TextField
          key={key}
          fullWidth
          margin="normal"
          variant="outlined"
          id={`styrmin-${input}-${key}`}
          label={label}
          value={draft[key]}
          onChange={event => setField(key, event.target.value)}
          error={!!problems[`${input}.${key}`]}
          helperText={helperTextOf(problems, `${input}.${key}`, key)}
        />
      ))}
      <TextField
        fullWidth
        multiline
        minRows={3}
        margin="normal"
        variant="outlined"
        id={`styrmin-${input}-other`}
        label="Other settings (JSON)"
        value={draft.other}
        onChange={event => setField('other', event.target.value)}
        error={!!other}
        helperText={
          other?.join(' ') ?? 'storage_classes, cluster_domain, extra, ...'
        }
        inputProps={{ spellCheck: false }}
      />
    </>
  );
};
