import TextField from '@material-ui/core/TextField';
import type { FieldExtensionComponentProps } from '@backstage/plugin-scaffolder-react';

/** What a Styrmin field draws: its props, the problem found as you type, its help. */
export interface FieldTextBoxProps {
  field: FieldExtensionComponentProps<string, any>;
  /** The default label, when the schema has no title. */
  label: string;
  problem?: string;
  help?: string;
}

/**
 * The text box of a Styrmin form field: the problem found as you type, or else what the
 * scaffolder's validation said on Next, in place of the help; empty is no value.
 */
export const FieldTextBox = ({
  field,
  label,
  problem,
  help,
}: FieldTextBoxProps) => {
  const error = problem ?? field.rawErrors?.[0];
  return (
    <TextField
      id={field.idSchema?.$id}
      fullWidth
      margin="normal"
      label={field.schema.title ?? label}
      required={field.required}
      disabled={field.disabled}
      value={field.formData ?? ''}
      onChange={event => field.onChange(event.target.value || undefined)}
      error={Boolean(error)}
      helperText={error ?? help}
    />
  );
};
