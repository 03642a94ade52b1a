import { DriverSpec } from './DriverSpec';
import { parametersJsonSchema } from './parametersJsonSchema';

function specWithParameters(parameters: Record<string, unknown>) {
  return DriverSpec.parse({
    apiVersion: 'styrmin.io/v1alpha1',
    kind: 'ApplicationDriver',
    metadata: { name: 'app' },
    spec: {
      version: '1.0.0',
      supported_versions: '>=1.0.0',
      info: { description: 'An application.' },
      helm: {
        main: {
          source: { type: 'directory', path: 'chart' },
          chart: 'app',
          version: '1.0.0',
          values_template: 'values.yaml.njk',
        },
      },
      components: { server: { selector: { app: 'server' } } },
      parameters,
    },
  });
}

describe('parametersJsonSchema', () => {
  it('describes every parameter type, in declaration order', () => {
    const schema = parametersJsonSchema(
      specWithParameters({
        branch: {
          type: 'string',
          title: 'Default branch',
          description: 'The branch.',
          default: 'main',
          pattern: '^[a-z]+$',
          max_length: 20,
        },
        admin_password: {
          type: 'secret',
          description: 'The password.',
          required: true,
          min_length: 12,
        },
        workers: {
          type: 'integer',
          description: 'Workers.',
          default: 2,
          minimum: 1,
          maximum: 8,
        },
        heap_gib: { type: 'number', description: 'Heap.', default: 1.5 },
        telemetry: {
          type: 'boolean',
          description: 'Telemetry.',
          default: false,
        },
        log_level: {
          type: 'enum',
          description: 'Level.',
          values: ['DEBUG', 'INFO'],
          default: 'INFO',
        },
      }),
    );
    expect(Object.keys(schema.properties)).toEqual([
      'branch',
      'admin_password',
      'workers',
      'heap_gib',
      'telemetry',
      'log_level',
    ]);
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        branch: {
          type: 'string',
          title: 'Default branch',
          description: 'The branch.',
          default: 'main',
          pattern: '^[a-z]+$',
          maxLength: 20,
        },
        admin_password: {
          type: 'string',
          title: 'admin_password',
          description: 'The password.',
          format: 'password',
          writeOnly: true,
          minLength: 12,
        },
        workers: {
          type: 'integer',
          title: 'workers',
          description: 'Workers.',
          default: 2,
          minimum: 1,
          maximum: 8,
        },
        heap_gib: {
          type: 'number',
          title: 'heap_gib',
          description: 'Heap.',
          default: 1.5,
        },
        telemetry: {
          type: 'boolean',
          title: 'telemetry',
          description: 'Telemetry.',
          default: false,
        },
        log_level: {
          type: 'string',
          title: 'log_level',
          description: 'Level.',
          enum: ['DEBUG', 'INFO'],
          default: 'INFO',
        },
      },
      required: ['admin_password'],
      additionalProperties: false,
    });
  });

  it('is an empty object schema for a driver without parameters', () => {
    expect(parametersJsonSchema(specWithParameters({}))).toMatchObject({
      properties: {},
      required: [],
    });
  });
});
