import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { desiredNamespace } from './namespace';
import { desiredServices } from './services';

describe('desiredNamespace', () => {
  it('is styrmin-<deployment id>, labelled for the deployment', () => {
    expect(desiredNamespace(exampleDeployment({ id: 'abc' }))).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: 'styrmin-abc',
        labels: {
          'app.kubernetes.io/managed-by': 'styrmin',
          'styrmin.io/deployment-id': 'abc',
        },
      },
    });
  });
});

describe('desiredServices', () => {
  it('selects the pods of the component the driver names', () => {
    expect(desiredServices(exampleDeployment())).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: {
          name: 'http',
          namespace: 'styrmin-d1',
          labels: {
            'app.kubernetes.io/managed-by': 'styrmin',
            'styrmin.io/deployment-id': 'd1',
            'styrmin.io/component': 'server',
          },
        },
        spec: {
          type: 'ClusterIP',
          selector: {
            'app.kubernetes.io/name': 'infrahub',
            'app.kubernetes.io/component': 'server',
          },
          ports: [{ port: 80, targetPort: 'http', protocol: 'TCP' }],
        },
      },
    ]);
  });
});
