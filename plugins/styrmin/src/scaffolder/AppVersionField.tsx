import TextField from '@material-ui/core/TextField';
import type {
  CustomFieldValidator,
  FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import { applicationVersionProblem } from '@styrmin/plugin-styrmin-common';

/** The field's `ui:options`: the driver version it deploys. */
export interface AppVersionFieldOptions {
  /** The driver version's `supported_versions`, a semver range. */
  supportedVersions?: string;
  /** How messages name the driver version: `infrahub 1.1.0`. */
  driverVersion?: string;
}

/** Why the version does not fit, in the server's words; undefined when it does. */
function appVersionProblem(
  appVersion: string,
  options: AppVersionFieldOptions | undefined,
): string | undefined {
  if (!appVersion || !options?.supportedVersions) {
    return undefined;
  }
  return applicationVersionProblem({
    appVersion,
    supportedVersions: options.supportedVersions,
    driverVersion: options.driverVersion ?? 'The driver version',
  });
}

/**
 * The application version a deployment runs, checked as you type against the driver
 * version's supported versions: a sentence, not the range as a regular expression.
 */
export const AppVersionField = ({
  formData,
  onChange,
  rawErrors,
  required,
  disabled,
  schema,
  uiSchema,
  idSchema,
}: FieldExtensionComponentProps<string, AppVersionFieldOptions>) => {
  const value = formData ?? '';
  const options = uiSchema?.['ui:options'];
  const error = appVersionProblem(value, options) ?? rawErrors?.[0];
  return (
    <TextField
      id={idSchema?.$id}
      fullWidth
      margin="normal"
      label={schema.title ?? 'Application version'}
      required={required}
      disabled={disabled}
      value={value}
      onChange={event => onChange(event.target.value || undefined)}
      error={Boolean(error)}
      helperText={
        error ??
        (options?.supportedVersions
          ? `Supported versions: ${options.supportedVersions}`
          : schema.description)
      }
    />
  );
};

/** The same check when the page is submitted. */
export const appVersionValidation: CustomFieldValidator<
  string,
  AppVersionFieldOptions
> = (appVersion, field, { uiSchema }) => {
  const problem = appVersionProblem(appVersion, uiSchema?.['ui:options']);
  if (problem) {
    field.addError(problem);
  }
};
