import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { desiredDeploymentRecord } from './deploymentRecord';

describe('desiredDeploymentRecord', () => {
  it("is a ConfigMap in the deployment's namespace naming its StyrminDeployment", () => {
    const deployment = exampleDeployment({ id: 'abc' });
    deployment.metadata!.uid = '2f0c6b8e-0000-4000-8000-000000000001';
    expect(desiredDeploymentRecord(deployment)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'styrmin-deployment',
        namespace: 'styrmin-abc',
        labels: {
          'app.kubernetes.io/managed-by': 'styrmin',
          'styrmin.io/deployment-id': 'abc',
        },
      },
      data: {
        styrminDeployment: 'styrmin-system/abc',
        uid: '2f0c6b8e-0000-4000-8000-000000000001',
      },
    });
  });
});
