import { Form } from '@rjsf/material-ui';
import { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
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
  /**
   * Edits the values instead of previewing the form: each change of a value calls this
   * with them all. The form then has no submit button of its own, and labels each field
   * with its title and its parameter name.
   */
  onChange?: (values: Record<string, unknown>) => void;
  /** The values to show; never a secret's. */
  values?: Record<string, unknown>;
  /** Shown, greyed out, not editable. */
  disabled?: boolean;
  /**
   * Secret parameters that have a value already: their fields stay empty, and empty means
   * that the value stays as it is; they are not required.
   */
  storedSecrets?: readonly string[];
  /** What is wrong with a parameter, by its name, shown under its field. */
  problems?: Readonly<Record<string, readonly string[]>>;
}

type Properties = Record<string, { title?: string; description?: string }>;

/** The schema and the field options of a form that edits values. */
function editing(
  schema: Record<string, unknown>,
  storedSecrets: readonly string[],
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const properties = (schema.properties ?? {}) as Properties;
  const uiSchema: UiSchema = {
    'ui:submitButtonOptions': { norender: true },
  };
  for (const [name, property] of Object.entries(properties)) {
    const title = property.title ?? name;
    uiSchema[name] = {
      'ui:title': title === name ? name : `${title} (${name})`,
      ...(storedSecrets.includes(name) && {
        'ui:placeholder': 'unchanged',
        'ui:help': 'Set: leave empty to keep the current value.',
      }),
    };
  }
  return {
    schema: {
      ...schema,
      required: ((schema.required ?? []) as string[]).filter(
        name => !storedSecrets.includes(name),
      ),
    } as RJSFSchema,
    uiSchema,
  };
}

/**
 * The form that asks for a driver version's parameters, drawn from their JSON Schema by
 * the same form library (react-jsonschema-form, Material UI theme) as Backstage's
 * software templates. Secrets are password fields, empty: the API never returns a secret.
 *
 * @public
 */
export const ParametersForm = ({
  schema,
  readonly,
  onChange,
  values,
  disabled,
  storedSecrets = [],
  problems = {},
}: ParametersFormProps) => {
  if (!onChange) {
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
  }
  const form = editing(schema, storedSecrets);
  // The rules are checked by the caller, as the server checks them; the form only shows
  // what is wrong next to each field.
  const extraErrors = Object.fromEntries(
    Object.entries(problems).map(([name, messages]) => [
      name,
      { __errors: [...messages] },
    ]),
  ) as ErrorSchema;
  return (
    <Form
      schema={form.schema}
      uiSchema={form.uiSchema}
      validator={validator}
      formData={values}
      onChange={event => onChange(event.formData ?? {})}
      disabled={disabled}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
    />
  );
};
