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

  it('renders nothing as no values', () => {
    const { spec } = exampleDeployment();
    expect(renderValues({ ...spec, valuesTemplate: '# none' })).toEqual({});
  });
});
