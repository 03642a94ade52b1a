import { ValuesTemplateError } from '@styrmin/plugin-styrmin-common';
import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { renderValues } from './values';

describe('renderValues', () => {
  it("renders the driver's values template with the context", () => {
    expect(renderValues(exampleDeployment().spec)).toEqual({
      image: { tag: '1.5.2' },
      infrahub: {
        adminPassword: 'correct horse battery staple',
        defaultBranch: 'main',
        logLevel: 'INFO',
        telemetry: false,
      },
      taskWorker: { replicas: 2 },
      database: { heapSize: '1024m', storage: { storageClass: '' } },
    });
  });

  it.each([
    [
      '{{ nothing.here }}',
      /Values template of infrahub 1.\d.\d line 1, column 1: attempted to output null/,
    ],
    ['- a\n- b', /must render a YAML map, not a list/],
    ['a: [', /renders invalid YAML/],
  ])('refuses %j', (template, message) => {
    const { spec } = exampleDeployment();
    const render = () => renderValues({ ...spec, valuesTemplate: template });
    expect(render).toThrow(ValuesTemplateError);
    expect(render).toThrow(message);
  });

  it.each([
    ['seen: {{ components is defined }}', false],
    ['seen: {{ components.server.env.SENTRY_DSN is defined }}', false],
    [
      'seen: {{ components.server.env.SENTRY_DSN | default("nothing") }}',
      'nothing',
    ],
    [
      'seen: [{% for name, c in components %}{{ c.env | dump }},{% endfor %}]',
      [],
    ],
  ])('leaves the component overrides out of what %j sees', (template, seen) => {
    const { spec } = exampleDeployment({
      configuration: {
        components: {
          server: { env: { SENTRY_DSN: { secret: 'https://key@sentry' } } },
        },
      },
    });
    // The operator applies them from the context after the chart renders.
    expect(spec.context.components.server.env).toEqual({
      SENTRY_DSN: 'https://key@sentry',
    });
    expect(renderValues({ ...spec, valuesTemplate: template })).toEqual({
      seen,
    });
  });

  it('shows the template the secret paths outside the component overrides only', () => {
    const { spec } = exampleDeployment({
      configuration: {
        components: {
          server: { env: { SENTRY_DSN: { secret: 'https://key@sentry' } } },
        },
      },
    });
    expect(
      renderValues({
        ...spec,
        valuesTemplate: 'paths: {{ secret_paths | dump }}',
      }),
    ).toEqual({ paths: ['parameters.admin_password'] });
  });

  it('renders nothing as no values', () => {
    const { spec } = exampleDeployment();
    expect(renderValues({ ...spec, valuesTemplate: '# none' })).toEqual({});
  });
});
