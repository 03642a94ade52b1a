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
    { namespace: 'default', environments: [] },
  );
  expect(pages).toHaveLength(3);
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
      {
        namespace: 'styrmin',
        environments: [
          { name: 'prod', cluster: { name: 'eu-1' } },
          { name: 'dev', cluster: { name: 'local' } },
          { name: 'staging', cluster: { name: 'eu-1' } },
        ],
      },
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
          enum: [
            'resource:styrmin/dev',
            'resource:styrmin/prod',
            'resource:styrmin/staging',
          ],
          enumNames: ['dev (local)', 'prod (eu-1)', 'staging (eu-1)'],
          'ui:enumNames': ['dev (local)', 'prod (eu-1)', 'staging (eu-1)'],
        },
        deploymentName: expect.objectContaining({
          type: 'string',
          maxLength: 63,
          'ui:field': 'StyrminDeploymentName',
        }),
        appVersion: expect.objectContaining({
          type: 'string',
          description:
            'The version of Acme to run: a release version in >=1.5.0 <1.7.0.',
          'ui:field': 'StyrminAppVersion',
          'ui:options': {
            supportedVersions: '>=1.5.0 <1.7.0',
            driverVersion: 'acme 2.0.0',
          },
          'ui:help': 'Supported versions: >=1.5.0 <1.7.0',
        }),
      },
    });
  });

  it('chooses the environment when there is only one', () => {
    const [where] = templateFormPages(
      { title: 'Acme', spec: driverSpecWith({}) },
      {
        namespace: 'default',
        environments: [{ name: 'dev', cluster: { name: 'local' } }],
      },
    );
    expect((where as any).properties.deploymentEnvironment).toEqual(
      expect.objectContaining({
        enum: ['resource:default/dev'],
        'ui:enumNames': ['dev (local)'],
        default: 'resource:default/dev',
      }),
    );
  });

  it('says that no environment exists yet, and offers none', () => {
    const [where] = templateFormPages(
      { title: 'Acme', spec: driverSpecWith({}) },
      { namespace: 'default', environments: [] },
    );
    const field = (where as any).properties.deploymentEnvironment;
    expect(field).not.toHaveProperty('enum');
    expect(field).not.toHaveProperty('default');
    expect(field.description).toMatch(/none exists yet/);
  });

  it('lets no regular expression of its own reach the user', () => {
    const pages = templateFormPages(
      {
        title: 'Acme',
        spec: driverSpecWith({
          secret: {
            type: 'secret',
            description: DESCRIPTION,
            pattern: '^\\S+$',
          },
        }),
      },
      { namespace: 'default', environments: [] },
    );
    expect(JSON.stringify(pages)).not.toMatch(/"pattern"/);
  });

  it('ends with the dry run of the deployment, which the review does not list', () => {
    const spec = driverSpecWith({
      log_level: { type: 'string', description: DESCRIPTION },
      admin_password: { type: 'secret', description: DESCRIPTION },
    });
    const pages = templateFormPages(
      { title: 'Acme', spec },
      { namespace: 'default', environments: [] },
    );
    expect(pages[pages.length - 1]).toEqual(
      expect.objectContaining({
        title: 'Dry run',
        properties: {
          deploymentReview: {
            type: 'string',
            'ui:field': 'StyrminDeploymentReview',
            'ui:options': {
              driver: 'acme',
              driverVersion: '2.0.0',
              parameters: ['log_level', 'admin_password'],
              secrets: ['admin_password'],
            },
            'ui:backstage': { review: { show: false } },
          },
        },
      }),
    );
  });

  it('has no parameters page for a driver without parameters', () => {
    expect(
      templateFormPages(
        { title: 'Acme', spec: driverSpecWith({}) },
        { namespace: 'default', environments: [] },
      ),
    ).toHaveLength(2);
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
      { namespace: 'default', environments: [] },
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
