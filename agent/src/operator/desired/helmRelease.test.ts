import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { helmReleaseName } from '../../styrminDeployment/helmRelease';
import { desiredHelmRelease } from './helmRelease';

describe('desiredHelmRelease', () => {
  const deployment = exampleDeployment();
  deployment.metadata!.uid = 'u1';
  const chart = {
    chartRef: { kind: 'OCIRepository' as const, name: 'd1' },
  };

  it('installs the release in the deployment namespace, owned by the StyrminDeployment', () => {
    expect(
      desiredHelmRelease(deployment, {
        chart,
        values: { a: 1 },
        valuesFrom: [],
        patches: [],
        namespaceUid: 'n1',
      }),
    ).toEqual({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: {
        name: 'd1',
        namespace: 'styrmin-system',
        labels: {
          'app.kubernetes.io/managed-by': 'styrmin',
          'styrmin.io/deployment-id': 'd1',
        },
        annotations: {
          'reconcile.fluxcd.io/requestedAt': 'n1',
          'reconcile.fluxcd.io/forceAt': 'n1',
        },
        ownerReferences: [
          expect.objectContaining({
            kind: 'StyrminDeployment',
            uid: 'u1',
            controller: true,
          }),
        ],
      },
      spec: {
        interval: '10m',
        releaseName: 'infrahub',
        targetNamespace: 'styrmin-d1',
        storageNamespace: 'styrmin-d1',
        chartRef: { kind: 'OCIRepository', name: 'd1' },
        values: { a: 1 },
        install: { remediation: { retries: 2 } },
        upgrade: { remediation: { retries: 2 } },
        driftDetection: { mode: 'enabled' },
      },
    });
    expect(helmReleaseName(deployment.spec)).toBe('infrahub');
  });

  it('puts the component patches in one kustomize post-renderer', () => {
    const patches = [
      {
        target: { group: 'apps', version: 'v1', kind: 'Deployment' },
        patch: '[]',
      },
    ];
    expect(
      desiredHelmRelease(deployment, {
        chart,
        values: {},
        valuesFrom: [],
        patches,
        namespaceUid: 'n1',
      }).spec.postRenderers,
    ).toEqual([{ kustomize: { patches } }]);
  });

  it('reads the values that hold secrets from the values Secret, under the inline ones', () => {
    const valuesFrom = [
      {
        kind: 'Secret' as const,
        name: 'd1-values-i1',
        valuesKey: 'values.yaml',
      },
    ];
    expect(
      desiredHelmRelease(deployment, {
        chart,
        values: { a: 1 },
        valuesFrom,
        patches: [],
        namespaceUid: 'n1',
      }).spec,
    ).toMatchObject({ valuesFrom, values: { a: 1 } });
  });
});
