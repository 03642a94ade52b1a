import fs from 'node:fs/promises';
import path from 'node:path';
import { KubeObject } from '../../../store/types';
import { packageChart } from '../../../testing/chartServers';
import { ensureTools } from '../../../tools/ensureTools';
import { JsonMap } from '../../../util/json';
import { createFluxTestApi, FluxTestApi } from '../fluxTestApi';
import { DesiredReleaseResolver } from './DesiredReleaseResolver';
import { FINALIZER } from './ownership';
import { helmControllerEvents } from './releaseEvents';
import { ReleaseDeps, ReleaseRequest } from './ReleaseRequest';

/** A chart of ConfigMaps (healthy once they exist), one more with `extra`, a Job with `job`. */
const TEMPLATES: Record<string, string> = {
  'Chart.yaml': 'apiVersion: v2\nname: config\nversion: 1.0.0\n',
  'values.yaml': 'greeting: hello\n',
  'templates/config.yaml': [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: "{{ .Release.Name }}-config"}',
    'data: {greeting: "{{ .Values.greeting }}"}',
  ].join('\n'),
  'templates/extra.yaml': [
    '{{- if .Values.extra }}',
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: "{{ .Release.Name }}-extra"}',
    '{{- end }}',
  ].join('\n'),
  'templates/job.yaml': [
    '{{- if .Values.job }}',
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata: {name: "{{ .Release.Name }}-job"}',
    'spec:',
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    '      containers: [{name: job, image: busybox}]',
    '{{- end }}',
  ].join('\n'),
};

/**
 * For the tests of one helm-controller action: the API with Flux's CRDs and no controller, a
 * HelmChart `config` (Ready, its artifact the chart above) for releases to name in `chartRef`,
 * and the requests the HelmReleaseReconciler would hand the actions.
 */
export interface ReleaseTest {
  flux: FluxTestApi;
  deps: ReleaseDeps;
  /** Creates a HelmRelease of the chart in `default`, with the finalizer it has by then. */
  createRelease(name: string, spec?: JsonMap): KubeObject;
  /** The release as stored now. */
  release(name: string): KubeObject;
  /** The request for a release as stored now, resolved as the reconciler resolves it. */
  request(name: string): Promise<ReleaseRequest>;
  remove(): Promise<void>;
}

async function storeChart(flux: FluxTestApi): Promise<void> {
  const folder = path.join(flux.directory, 'chart-source');
  for (const [file, text] of Object.entries(TEMPLATES)) {
    await fs.mkdir(path.dirname(path.join(folder, 'config', file)), {
      recursive: true,
    });
    await fs.writeFile(path.join(folder, 'config', file), text);
  }
  const packaged = await packageChart(path.join(folder, 'config'), folder);
  const chart = flux.createSource('HelmChart', 'config', {
    chart: 'config',
    sourceRef: { kind: 'HelmRepository', name: 'none' },
  });
  const artifact = await flux.storage.store({
    kind: 'HelmChart',
    namespace: 'default',
    name: 'config',
    file: 'config-1.0.0.tgz',
    revision: '1.0.0',
    data: await fs.readFile(packaged),
  });
  flux.api.update(
    flux.api.scope('source.toolkit.fluxcd.io/v1', 'HelmChart', 'default'),
    'config',
    {
      ...chart,
      status: {
        artifact,
        conditions: [{ type: 'Ready', status: 'True', reason: 'Succeeded' }],
      },
    },
    { subresource: 'status' },
  );
}

export async function createReleaseTest(): Promise<ReleaseTest> {
  const flux = await createFluxTestApi();
  await storeChart(flux);
  const { api } = flux;
  const scope = api.scope(
    'helm.toolkit.fluxcd.io/v2',
    'HelmRelease',
    'default',
  );
  const resolver = DesiredReleaseResolver.create(flux);
  const release = (name: string) => api.get(scope, name);
  return {
    flux,
    deps: {
      api,
      tools: () => ensureTools(),
      deadlines: new Map(),
      driftCheckedAt: new Map(),
      events: helmControllerEvents(api),
    },
    createRelease: (name, spec = {}) =>
      api.create(scope, {
        metadata: { name, finalizers: [FINALIZER] },
        spec: {
          interval: '5m',
          chartRef: { kind: 'HelmChart', name: 'config' },
          ...spec,
        },
      }).object,
    release,
    async request(name) {
      const stored = release(name);
      return {
        key: `default/${name}`,
        scope,
        release: stored,
        desired: await resolver.resolve(stored),
      };
    },
    remove: () => flux.remove(),
  };
}
