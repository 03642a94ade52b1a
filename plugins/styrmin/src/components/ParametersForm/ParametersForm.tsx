import { Form } from '@rjsf/material-ui';
import { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';

// The API describes parameters in JSON Schema draft 2020-12, which Ajv's default class
// (draft-07) refuses. `password` is the format of secrets: a way to draw the field, not a
// rule the value must follow.
const validator = customizeValidator({
  AjvClass: Ajv2020,
  customFormats: { password: () => true },
});

/** @public */
export interface ParametersFormProps {
  /** `parametersJsonSchema` of a driver version. */
  schema: Record<string, unknown>;
  /** Shown, not editable, with no submit button. */
  readonly?: boolean;
}

/**
 * The form that asks for a driver version's parameters, drawn from their JSON Schema by
 * the same form library (react-jsonschema-form, Material UI theme) as Backstage's
 * software templates. Secrets are password fields, empty: the API never returns a secret.
 *
 * @public
 */
export const ParametersForm = ({ schema, readonly }: ParametersFormProps) => {
  const uiSchema: UiSchema = readonly
    ? { 'ui:submitButtonOptions': { norender: true } }
    : {};
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      validator={validator}
      readonly={readonly}
    />
  );
};
