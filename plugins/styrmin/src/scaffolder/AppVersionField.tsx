import type {
  CustomFieldValidator,
  FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import { applicationVersionProblem } from '@styrmin/plugin-styrmin-common';
import { FieldTextBox } from './FieldTextBox';

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
export const AppVersionField = (
  props: FieldExtensionComponentProps<string, AppVersionFieldOptions>,
) => {
  const options = props.uiSchema?.['ui:options'];
  return (
    <FieldTextBox
      field={props}
      label="Application version"
      problem={appVersionProblem(props.formData ?? '', options)}
      help={
        options?.supportedVersions
          ? `Supported versions: ${options.supportedVersions}`
          : props.schema.description
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
