import { DriverParameter } from './DriverParameter';
import { DriverSpec } from './DriverSpec';

/**
 * A JSON Schema (draft 2020-12) object; only the keywords that parameters use.
 *
 * @public
 */
export type ParametersJsonSchema = {
  $schema: string;
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
};

function propertySchema(name: string, parameter: DriverParameter) {
  const annotations = {
    title: parameter.title ?? name,
    description: parameter.description,
  };
  switch (parameter.type) {
    case 'string':
    case 'secret':
      return {
        type: 'string',
        ...annotations,
        ...(parameter.type === 'string'
          ? { default: parameter.default }
          : // Forms mask the field; the API never returns what was written.
            { format: 'password', writeOnly: true }),
        minLength: parameter.min_length,
        maxLength: parameter.max_length,
        pattern: parameter.pattern,
      };
    case 'integer':
    case 'number':
      return {
        type: parameter.type,
        ...annotations,
        default: parameter.default,
        minimum: parameter.minimum,
        maximum: parameter.maximum,
      };
    case 'boolean':
      return { type: 'boolean', ...annotations, default: parameter.default };
    case 'enum':
      return {
        type: 'string',
        ...annotations,
        enum: parameter.values,
        default: parameter.default,
      };
    default:
      throw new TypeError(
        `Unknown parameter type ${JSON.stringify(
          (parameter as { type: unknown }).type,
        )}`,
      );
  }
}

/**
 * The JSON Schema of a driver version's parameters, for the deployment forms and the
 * software templates: one property per parameter in declaration order, secrets marked
 * `writeOnly` with `format: password`, and `required` listing the required parameters.
 *
 * @public
 */
export function parametersJsonSchema(spec: DriverSpec): ParametersJsonSchema {
  const parameters = Object.entries(spec.spec.parameters);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: Object.fromEntries(
      parameters.map(([name, parameter]) => [
        name,
        // Drop the keywords a parameter leaves unset, so the schema reads as written.
        JSON.parse(JSON.stringify(propertySchema(name, parameter))),
      ]),
    ),
    required: parameters
      .filter(([, parameter]) => parameter.required)
      .map(([name]) => name),
    additionalProperties: false,
  };
}
