import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Sandbox, startSandbox } from '../Sandbox';

/*
 * Conformance with the real helm (v4, from the layer package), which talks to the sandbox as
 * to a cluster: typed client-go clients (protobuf bodies for Secrets and DeleteOptions),
 * server-side apply, watches for --wait (kstatus) and for hooks.
 */

jest.setTimeout(90_000);

const hook = (events: string, deletePolicy: string, weight = 0) =>
  [
    '  annotations:',
    `    helm.sh/hook: ${events}`,
    `    helm.sh/hook-delete-policy: ${deletePolicy}`,
    `    helm.sh/hook-weight: "${weight}"`,
  ].join('\n');

const hookJob = (name: string, events: string, deletePolicy: string) =>
  [
    'apiVersion: batch/v1',
    'kind: Job',
    'metadata:',
    `  name: "{{ .Release.Name }}-${name}"`,
    hook(events, deletePolicy),
    'spec:',
    '  backoffLimit: 0',
    '  template:',
    '    spec:',
    '      restartPolicy: Never',
    `      containers: [{name: ${name}, image: busybox, command: [echo, ${name}]}]`,
  ].join('\n');

const CHART: Record<string, string> = {
  'Chart.yaml': 'apiVersion: v2\nname: web\nversion: 1.0.0\nappVersion: "1"\n',
  'values.yaml': 'image: nginx:1.27\nreplicas: 2\n',
  'templates/config.yaml': [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata: {name: "{{ .Release.Name }}-config"}',
    'data: {image: "{{ .Values.image }}"}',
  ].join('\n'),
  'templates/deployment.yaml': [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata: {name: "{{ .Release.Name }}"}',
    'spec:',
    '  replicas: {{ .Values.replicas }}',
    '  selector: {matchLabels: {app: "{{ .Release.Name }}"}}',
    '  template:',
    '    metadata: {labels: {app: "{{ .Release.Name }}"}}',
    '    spec:',
    '      containers: [{name: app, image: "{{ .Values.image }}", ports: [{containerPort: 80}]}]',
  ].join('\n'),
  'templates/service.yaml': [
    'apiVersion: v1',
    'kind: Service',
    'metadata: {name: "{{ .Release.Name }}"}',
    'spec:',
    '  selector: {app: "{{ .Release.Name }}"}',
    '  ports: [{port: 80}]',
  ].join('\n'),
  // Kept after it succeeds (deleted only before the next one), so the test can read it.
  'templates/migrate.yaml': hookJob(
    'migrate',
    'pre-install,pre-upgrade,pre-rollback',
    'before-hook-creation',
  ),
  'templates/announce.yaml': [
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    '  name: "{{ .Release.Name }}-announce"',
    hook('post-install,post-upgrade', 'before-hook-creation', 5),
    'data: {revision: "{{ .Release.Revision }}"}',
  ].join('\n'),
  'templates/farewell.yaml': hookJob(
    'farewell',
    'pre-delete',
    'hook-succeeded',
  ),
};

describe('helm conformance', () => {
  let sandbox: Sandbox;
  let chartDir: string;

  const helm = async (args: string[]) => {
    const result = await sandbox.helm(args);
    if (result.exitCode !== 0) {
      throw new Error(
        `helm ${args.join(' ')} failed (${result.exitCode}): ${result.stderr}`,
      );
    }
    return result.stdout;
  };
  const deployment = () =>
    sandbox.api.store.get('apps/deployments', 'shop', 'web') as any;
  const revision = async () =>
    JSON.parse(await helm(['status', 'web', '-n', 'shop', '-o', 'json']));
  const releaseSecrets = () =>
    sandbox.api.store
      .list('/secrets', 'shop')
      .filter(s => s.metadata.labels?.owner === 'helm')
      .map(s => s.metadata.name)
      .sort();

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      flux: false,
      velero: false,
    });
    chartDir = await fs.mkdtemp(path.join(os.tmpdir(), 'helm-chart-'));
    for (const [file, text] of Object.entries(CHART)) {
      await fs.mkdir(path.dirname(path.join(chartDir, file)), {
        recursive: true,
      });
      await fs.writeFile(path.join(chartDir, file), `${text}\n`);
    }
  });

  afterAll(async () => {
    await sandbox?.stop();
    await fs.rm(chartDir, { recursive: true, force: true });
  });

  it('installs with --wait, running the pre-install hook first and the post-install hook after', async () => {
    await helm([
      'install',
      'web',
      chartDir,
      '-n',
      'shop',
      '--create-namespace',
      '--wait',
      '--timeout=60s',
    ]);
    expect(deployment().status).toMatchObject({
      readyReplicas: 2,
      updatedReplicas: 2,
    });
    const migrate = sandbox.api.store.get('batch/jobs', 'shop', 'web-migrate')!;
    expect(
      (migrate as any).status.conditions.map((c: any) => c.type),
    ).toContain('Complete');
    const announce = sandbox.api.store.get(
      '/configmaps',
      'shop',
      'web-announce',
    )!;
    expect((announce as any).data).toEqual({ revision: '1' });
    // The hook ran before the release's objects, the announcement after them.
    const writes = sandbox.requests
      .filter(r => r.method === 'POST' || r.method === 'PATCH')
      .map(r => r.path);
    const firstWrite = (resource: string) =>
      writes.findIndex(p => p.includes(`/namespaces/shop/${resource}`));
    expect(firstWrite('jobs')).toBeGreaterThanOrEqual(0);
    expect(firstWrite('jobs')).toBeLessThan(firstWrite('deployments'));
    expect(firstWrite('deployments')).toBeLessThan(
      writes.findIndex(p => p.includes('/configmaps/web-announce')),
    );
    expect((await revision()).info.status).toBe('deployed');
    expect(releaseSecrets()).toEqual(['sh.helm.release.v1.web.v1']);
  });

  it('upgrades with --wait to the new image', async () => {
    await helm([
      'upgrade',
      'web',
      chartDir,
      '-n',
      'shop',
      '--set',
      'image=nginx:1.28',
      '--wait',
      '--timeout=60s',
    ]);
    expect(deployment().spec.template.spec.containers[0].image).toBe(
      'nginx:1.28',
    );
    expect(deployment().status).toMatchObject({
      readyReplicas: 2,
      updatedReplicas: 2,
    });
    expect(
      (sandbox.api.store.get('/configmaps', 'shop', 'web-announce') as any)
        .data,
    ).toEqual({ revision: '2' });
    expect((await revision()).version).toBe(2);
  });

  it('rolls back with --wait to the first revision', async () => {
    await helm(['rollback', 'web', '1', '-n', 'shop', '--wait']);
    expect(deployment().spec.template.spec.containers[0].image).toBe(
      'nginx:1.27',
    );
    expect(
      (sandbox.api.store.get('/configmaps', 'shop', 'web-config') as any).data,
    ).toEqual({ image: 'nginx:1.27' });
    const history = JSON.parse(
      await helm(['history', 'web', '-n', 'shop', '-o', 'json']),
    );
    expect(
      history.map((h: any) => [h.revision, h.status, h.description]),
    ).toEqual([
      [1, 'superseded', 'Install complete'],
      [2, 'superseded', 'Upgrade complete'],
      [3, 'deployed', 'Rollback to 1'],
    ]);
  });

  it('uninstalls with --wait: the pre-delete hook runs, then everything goes (DeleteOptions in protobuf)', async () => {
    expect(
      await helm(['uninstall', 'web', '-n', 'shop', '--wait', '--timeout=60s']),
    ).toContain('release "web" uninstalled');
    // helm's typed clients sent their DeleteOptions as protobuf.
    expect(
      sandbox.requests.some(
        r =>
          r.method === 'DELETE' &&
          r.contentType === 'application/vnd.kubernetes.protobuf',
      ),
    ).toBe(true);
    const hookDeletions = sandbox.requests.filter(
      r =>
        r.method === 'DELETE' &&
        r.path === '/apis/batch/v1/namespaces/shop/jobs/web-farewell',
    );
    expect(hookDeletions.length).toBeGreaterThan(0);
    expect(sandbox.api.store.get('batch/jobs', 'shop', 'web-farewell')).toBe(
      undefined,
    );
    expect(deployment()).toBe(undefined);
    // As in a cluster, hooks are not the release's: the kept migrate Job stays, with its pod.
    expect(
      sandbox.api.store
        .list('/pods', 'shop')
        .map(p => p.metadata.labels?.['job-name'] ?? p.metadata.name),
    ).toEqual(['web-migrate']);
    expect(sandbox.api.store.get('/services', 'shop', 'web')).toBe(undefined);
    expect(releaseSecrets()).toEqual([]);
    const list = await helm(['list', '-n', 'shop', '-q']);
    expect(list.trim()).toBe('');
  });
});
