import { HelmChartSource } from '@styrmin/plugin-styrmin-common';
import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { StyrminDeployment } from '../../styrminDeployment/StyrminDeployment';
import { desiredChartSource, gitRepositoryRef } from './chartSource';

const OPTIONS = { driverChartsUrl: 'http://agent.styrmin-system:8080/charts/' };

function withSource(source: HelmChartSource): StyrminDeployment {
  const deployment = exampleDeployment();
  return {
    ...deployment,
    metadata: { ...deployment.metadata, uid: 'u1' },
    spec: { ...deployment.spec, chart: { ...deployment.spec.chart, source } },
  };
}

const OWNER = {
  apiVersion: 'styrmin.io/v1alpha1',
  kind: 'StyrminDeployment',
  name: 'd1',
  uid: 'u1',
  controller: true,
  blockOwnerDeletion: true,
};

describe('desiredChartSource', () => {
  it.each<[string, HelmChartSource, object, object]>([
    [
      'an HTTP(S) repository becomes a HelmRepository',
      { type: 'repository', url: 'https://charts.opsmill.com' },
      { kind: 'HelmRepository', spec: { url: 'https://charts.opsmill.com' } },
      {
        chart: {
          spec: {
            chart: 'infrahub',
            version: '1.0.0',
            sourceRef: { kind: 'HelmRepository', name: 'd1' },
          },
        },
      },
    ],
    [
      'an OCI registry becomes an OCIRepository of the chart at its version',
      { type: 'oci', url: 'oci://ghcr.io/opsmill/charts/' },
      {
        kind: 'OCIRepository',
        spec: {
          url: 'oci://ghcr.io/opsmill/charts/infrahub',
          ref: { tag: '1.0.0' },
          layerSelector: {
            mediaType: 'application/vnd.cncf.helm.chart.content.v1.tar+gzip',
            operation: 'copy',
          },
        },
      },
      { chartRef: { kind: 'OCIRepository', name: 'd1' } },
    ],
    [
      'a git repository becomes a GitRepository and the chart its directory',
      {
        type: 'git',
        url: 'https://github.com/opsmill/infrahub-helm',
        ref: 'v1.0.0',
        path: 'charts/infrahub',
      },
      {
        kind: 'GitRepository',
        spec: {
          url: 'https://github.com/opsmill/infrahub-helm',
          ref: { tag: 'v1.0.0' },
        },
      },
      {
        chart: {
          spec: {
            chart: './charts/infrahub',
            sourceRef: { kind: 'GitRepository', name: 'd1' },
          },
        },
      },
    ],
    [
      "a chart in the driver's directory is served by the agent under the digest",
      { type: 'directory', path: 'chart' },
      {
        kind: 'HelmRepository',
        spec: {
          url: `http://agent.styrmin-system:8080/charts/infrahub/${exampleDeployment().spec.driver.digest.slice(
            7,
          )}`,
        },
      },
      {
        chart: {
          spec: {
            chart: 'infrahub',
            version: '1.0.0',
            sourceRef: { kind: 'HelmRepository', name: 'd1' },
          },
        },
      },
    ],
  ])('%s', (_, source, object, helmReleaseChart) => {
    const desired = desiredChartSource(withSource(source), OPTIONS);
    expect(desired.object).toMatchObject({
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      metadata: {
        name: 'd1',
        namespace: 'styrmin-system',
        labels: {
          'app.kubernetes.io/managed-by': 'styrmin',
          'styrmin.io/deployment-id': 'd1',
        },
        ownerReferences: [OWNER],
      },
      spec: { interval: '10m' },
      ...object,
    });
    expect(desired.kind).toBe(desired.object.kind);
    expect(desired.helmReleaseChart).toMatchObject(helmReleaseChart);
  });
});

describe('gitRepositoryRef', () => {
  it.each([
    [
      '0123456789abcdef0123456789abcdef01234567',
      { commit: '0123456789abcdef0123456789abcdef01234567' },
    ],
    ['refs/heads/release', { name: 'refs/heads/release' }],
    ['v1.2.3', { tag: 'v1.2.3' }],
    ['1.2.3-rc.1', { tag: '1.2.3-rc.1' }],
    ['main', { branch: 'main' }],
    ['release/1.x', { branch: 'release/1.x' }],
  ])('%s', (ref, expected) => {
    expect(gitRepositoryRef(ref)).toEqual(expected);
  });
});
