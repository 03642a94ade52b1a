import { driverSpecWith } from '../__testUtils__/driverSpec';
import { stepParameters, templateFormPages } from './templateForm';

const DESCRIPTION = 'What it does.';

/** The parameters page of a template whose driver declares one parameter. */
function fieldOf(parameter: Record<string, unknown>) {
  const spec = driverSpecWith({
    value: { description: DESCRIPTION, ...parameter },
  });
  const pages = templateFormPages(
    { title: 'Acme', spec },
    { namespace: 'default' },
  );
  expect(pages).toHaveLength(2);
  const page = pages[1] as {
    required: string[];
    properties: Record<string, unknown>;
  };
  return {
    field: page.properties.value,
    required: page.required,
    step: stepParameters(spec).value,
  };
}

describe('templateFormPages', () => {
  it.each([
    [
      'string with default, bounds and pattern',
      {
        type: 'string',
        title: 'Branch',
        default: 'main',
        min_length: 1,
        max_length: 250,
        pattern: '^[a-z]+$',
      },
      {
        type: 'string',
        title: 'Branch',
        description: DESCRIPTION,
        default: 'main',
        minLength: 1,
        maxLength: 250,
        pattern: '^[a-z]+$',
      },
      '${{ parameters.value }}',
    ],
    [
      'string without title',
      { type: 'string' },
      { type: 'string', title: 'value', description: DESCRIPTION },
      '${{ parameters.value }}',
    ],
    [
      'secret, as a secret field without the pattern',
      {
        type: 'secret',
        title: 'Password',
        min_length: 12,
        max_length: 64,
        pattern: '^\\S+$',
      },
      {
        type: 'string',
        title: 'Password',
        description: DESCRIPTION,
        minLength: 12,
        maxLength: 64,
        'ui:field': 'Secret',
        'ui:widget': 'password',
        'ui:backstage': { review: { mask: '********' } },
      },
      '${{ secrets.value }}',
    ],
    [
      'integer with default and bounds',
      { type: 'integer', default: 3, minimum: 1, maximum: 9 },
      {
        type: 'integer',
        title: 'value',
        description: DESCRIPTION,
        default: 3,
        minimum: 1,
        maximum: 9,
      },
      '${{ parameters.value }}',
    ],
    [
      'number with fractional bounds',
      { type: 'number', default: 1, minimum: 0.5, maximum: 64 },
      {
        type: 'number',
        title: 'value',
        description: DESCRIPTION,
        default: 1,
        minimum: 0.5,
        maximum: 64,
      },
      '${{ parameters.value }}',
    ],
    [
      'boolean with default',
      { type: 'boolean', default: false },
      {
        type: 'boolean',
        title: 'value',
        description: DESCRIPTION,
        default: false,
      },
      '${{ parameters.value }}',
    ],
    [
      'enum with default',
      { type: 'enum', values: ['DEBUG', 'INFO'], default: 'INFO' },
      {
        type: 'string',
        title: 'value',
        description: DESCRIPTION,
        enum: ['DEBUG', 'INFO'],
        default: 'INFO',
      },
      '${{ parameters.value }}',
    ],
  ])('maps a %s', (_case, parameter, field, step) => {
    expect(fieldOf(parameter)).toEqual({
      field,
      required: [],
      step,
    });
  });

  it.each(['string', 'secret', 'integer', 'number', 'boolean'])(
    'lists a required %s as required',
    type => {
      expect(fieldOf({ type, required: true }).required).toEqual(['value']);
    },
  );

  it('asks first for the environment, the name and a supported application version', () => {
    const [where] = templateFormPages(
      { title: 'Acme', spec: driverSpecWith({}) },
      { namespace: 'styrmin' },
    );
    expect(where).toEqual({
      title: 'Deployment',
      description:
        'Where Acme 2.0.0 deploys, and which version of the application.',
      required: ['deploymentEnvironment', 'deploymentName', 'appVersion'],
      properties: {
        deploymentEnvironment: {
          title: 'Environment',
          description: 'The Styrmin environment the deployment goes to.',
          type: 'string',
          'ui:field': 'EntityPicker',
          'ui:options': {
            catalogFilter: [
              { kind: 'Resource', 'spec.type': 'styrmin-environment' },
            ],
            defaultKind: 'Resource',
            defaultNamespace: 'styrmin',
            allowArbitraryValues: false,
          },
        },
        deploymentName: expect.objectContaining({
          type: 'string',
          pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
          maxLength: 63,
        }),
        appVersion: expect.objectContaining({
          type: 'string',
          description:
            'The version of Acme to run: a release version in >=1.5.0 <1.7.0.',
          'ui:help': 'Supported versions: >=1.5.0 <1.7.0',
        }),
      },
    });
    const pattern = new RegExp(
      (where as any).properties.appVersion.pattern,
      'u',
    );
    expect(
      ['1.4.9', '1.5.0', '1.6.3', '1.7.0'].map(v => pattern.test(v)),
    ).toEqual([false, true, true, false]);
  });

  it('has no parameters page for a driver without parameters', () => {
    expect(
      templateFormPages(
        { title: 'Acme', spec: driverSpecWith({}) },
        { namespace: 'default' },
      ),
    ).toHaveLength(1);
    expect(stepParameters(driverSpecWith({}))).toEqual({});
  });

  it('keeps the parameters in the order the driver declares them', () => {
    const spec = driverSpecWith({
      zeta: { type: 'string', description: DESCRIPTION },
      alpha: { type: 'secret', description: DESCRIPTION },
      mid: { type: 'boolean', description: DESCRIPTION },
    });
    const [, page] = templateFormPages(
      { title: 'Acme', spec },
      { namespace: 'default' },
    );
    expect(Object.keys((page as any).properties)).toEqual([
      'zeta',
      'alpha',
      'mid',
    ]);
    expect(stepParameters(spec)).toEqual({
      zeta: '${{ parameters.zeta }}',
      alpha: '${{ secrets.alpha }}',
      mid: '${{ parameters.mid }}',
    });
  });
});
