import { Sandbox, startSandbox } from '../Sandbox';
import { waitFor } from '../testing/waitFor';

/*
 * Conformance with the real kubectl (1.34, from the layer package): what users and the demo do
 * with it must work against the sandbox as against a cluster.
 */

jest.setTimeout(30_000);

const deploymentYaml = (replicas: number, image = 'nginx:1.27') => `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: app
          image: ${image}
          env: [{name: MODE, value: prod}]
`;

describe('kubectl conformance', () => {
  let sandbox: Sandbox;

  const kubectl = async (args: string[], input?: string) => {
    const result = await sandbox.kubectl(args, { input });
    if (result.exitCode !== 0) {
      throw new Error(
        `kubectl ${args.join(' ')} failed (${result.exitCode}): ${
          result.stderr
        }`,
      );
    }
    return result.stdout;
  };
  const json = async (args: string[]) =>
    JSON.parse(await kubectl([...args, '-o', 'json']));

  beforeAll(async () => {
    sandbox = await startSandbox();
    await kubectl(['create', 'namespace', 'shop']);
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('applies, re-applies and leaves unchanged objects alone', async () => {
    expect(await kubectl(['apply', '-f', '-'], deploymentYaml(1))).toBe(
      'deployment.apps/web created\n',
    );
    const created = await json(['get', 'deployment', 'web', '-n', 'shop']);
    expect(
      created.metadata.annotations[
        'kubectl.kubernetes.io/last-applied-configuration'
      ],
    ).toBeDefined();
    expect(await kubectl(['apply', '-f', '-'], deploymentYaml(2))).toBe(
      'deployment.apps/web configured\n',
    );
    expect(await kubectl(['apply', '-f', '-'], deploymentYaml(2))).toBe(
      'deployment.apps/web unchanged\n',
    );
    const updated = await json(['get', 'deployment', 'web', '-n', 'shop']);
    expect(updated.spec.replicas).toBe(2);
    expect(updated.metadata.generation).toBe(2);
    expect(updated.spec.template.spec.containers[0].env).toEqual([
      { name: 'MODE', value: 'prod' },
    ]);
    // kubectl sent a strategic merge patch for the change.
    expect(
      sandbox.requests.some(
        r =>
          r.method === 'PATCH' &&
          r.path.endsWith('/deployments/web') &&
          r.contentType === 'application/strategic-merge-patch+json',
      ),
    ).toBe(true);
  });

  it('patches with each patch type and reports failures', async () => {
    await kubectl([
      'patch',
      'deployment',
      'web',
      '-n',
      'shop',
      '-p',
      '{"spec":{"template":{"spec":{"containers":[{"name":"app","env":[{"name":"DEBUG","value":"1"}]}]}}}}',
    ]);
    await kubectl([
      'patch',
      'deployment',
      'web',
      '-n',
      'shop',
      '--type=merge',
      '-p',
      '{"metadata":{"labels":{"tier":"front"}}}',
    ]);
    await kubectl([
      'patch',
      'deployment',
      'web',
      '-n',
      'shop',
      '--type=json',
      '-p',
      '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:1.28"}]',
    ]);
    const patched = await json(['get', 'deployment', 'web', '-n', 'shop']);
    expect(patched.metadata.labels).toEqual({ tier: 'front' });
    expect(patched.spec.template.spec.containers[0]).toMatchObject({
      image: 'nginx:1.28',
      env: [
        { name: 'MODE', value: 'prod' },
        { name: 'DEBUG', value: '1' },
      ],
    });
    const failed = await sandbox.kubectl([
      'patch',
      'deployment',
      'web',
      '-n',
      'shop',
      '--type=json',
      '-p',
      '[{"op":"test","path":"/spec/replicas","value":7}]',
    ]);
    expect(failed.exitCode).toBe(1);
    expect(failed.stderr).toContain('testing value /spec/replicas failed');
  });

  it('scales through the scale subresource', async () => {
    expect(
      await kubectl([
        'scale',
        'deployment',
        'web',
        '-n',
        'shop',
        '--replicas=3',
      ]),
    ).toBe('deployment.apps/web scaled\n');
    expect(
      (await json(['get', 'deployment', 'web', '-n', 'shop'])).spec.replicas,
    ).toBe(3);
    expect(
      sandbox.requests.some(
        r => r.method === 'PATCH' && r.path.endsWith('/deployments/web/scale'),
      ),
    ).toBe(true);
  });

  it('applies server-side with field managers, conflicts and --force-conflicts', async () => {
    const configMap = (value: string) =>
      `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"ssa","namespace":"shop"},"data":{"key":"${value}"}}`;
    expect(
      await kubectl(
        ['apply', '--server-side', '--field-manager=alpha', '-f', '-'],
        configMap('a'),
      ),
    ).toBe('configmap/ssa serverside-applied\n');
    const conflict = await sandbox.kubectl(
      ['apply', '--server-side', '--field-manager=beta', '-f', '-'],
      { input: configMap('b') },
    );
    expect(conflict.exitCode).toBe(1);
    expect(conflict.stderr).toContain('conflict with "alpha"');
    expect(conflict.stderr).toContain('.data.key');
    await kubectl(
      [
        'apply',
        '--server-side',
        '--field-manager=beta',
        '--force-conflicts',
        '-f',
        '-',
      ],
      configMap('b'),
    );
    const read = await json([
      'get',
      'configmap',
      'ssa',
      '-n',
      'shop',
      '--show-managed-fields',
    ]);
    expect(read.data).toEqual({ key: 'b' });
    expect(read.metadata.managedFields.map((m: any) => m.manager)).toEqual([
      'beta',
    ]);
  });

  it('gets by name, label and field selector and reports NotFound as a cluster does', async () => {
    await kubectl(
      ['create', '-f', '-'],
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"one","namespace":"shop"},"data":{"a":"1"}}',
    );
    await kubectl(['label', 'configmap', 'one', '-n', 'shop', 'pick=me']);
    await kubectl(['annotate', 'configmap', 'one', '-n', 'shop', 'note=hi']);
    expect(
      (
        await json(['get', 'configmaps', '-n', 'shop', '-l', 'pick=me'])
      ).items.map((i: any) => i.metadata.name),
    ).toEqual(['one']);
    expect(
      (
        await json([
          'get',
          'configmaps',
          '-n',
          'shop',
          '--field-selector',
          'metadata.name!=one',
        ])
      ).items.map((i: any) => i.metadata.name),
    ).not.toContain('one');
    expect(
      await kubectl([
        'get',
        'configmap',
        'one',
        '-n',
        'shop',
        '-o',
        'jsonpath={.metadata.annotations.note}',
      ]),
    ).toBe('hi');
    const missing = await sandbox.kubectl([
      'get',
      'configmap',
      'nope',
      '-n',
      'shop',
    ]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr.trim()).toBe(
      'Error from server (NotFound): configmaps "nope" not found',
    );
  });

  it('waits for conditions and deletions', async () => {
    await kubectl(
      ['apply', '-f', '-'],
      `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gizmos.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: gizmos, singular: gizmo, kind: Gizmo}
  versions:
    - name: v1
      served: true
      storage: true
      schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
`,
    );
    expect(
      await kubectl([
        'wait',
        '--for=condition=Established',
        'crd/gizmos.example.com',
        '--timeout=10s',
      ]),
    ).toContain('condition met');
    // Custom resources get a JSON merge patch from kubectl apply.
    const gizmo = (size: string) =>
      `{"apiVersion":"example.com/v1","kind":"Gizmo","metadata":{"name":"g","namespace":"shop","finalizers":["example.com/hold"]},"spec":{"size":"${size}"}}`;
    await kubectl(['apply', '-f', '-'], gizmo('s'));
    expect(await kubectl(['apply', '-f', '-'], gizmo('m'))).toBe(
      'gizmo.example.com/g configured\n',
    );
    expect((await json(['get', 'gizmo', 'g', '-n', 'shop'])).spec.size).toBe(
      'm',
    );

    await kubectl(['delete', 'gizmo', 'g', '-n', 'shop', '--wait=false']);
    const watchesBefore = sandbox.openWatches;
    const waiting = sandbox.kubectl([
      'wait',
      '--for=delete',
      'gizmo/g',
      '-n',
      'shop',
      '--timeout=10s',
    ]);
    // kubectl wait answers nothing for an object already gone: let it watch first.
    await waitFor(() => sandbox.openWatches > watchesBefore);
    await kubectl([
      'patch',
      'gizmo',
      'g',
      '-n',
      'shop',
      '--type=merge',
      '-p',
      '{"metadata":{"finalizers":null}}',
    ]);
    const waited = await waiting;
    expect(waited.exitCode).toBe(0);
    expect(waited.stdout).toBe('gizmo.example.com/g condition met\n');
  });

  it('deletes a namespace with its contents', async () => {
    await kubectl(
      ['create', '-f', '-'],
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: temp}\n',
    );
    await kubectl(
      ['create', '-f', '-'],
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: temp}\n',
    );
    expect(
      await kubectl(['delete', 'namespace', 'temp', '--timeout=10s']),
    ).toBe('namespace "temp" deleted\n');
    const gone = await sandbox.kubectl(['get', 'namespace', 'temp']);
    expect(gone.stderr).toContain('NotFound');
    expect(sandbox.api.store.list('/configmaps', 'temp')).toEqual([]);
  });

  it('rolls a deployment out, prints tables, shows logs and deletes with cascade', async () => {
    sandbox.workloads.runContainer = ({ container }) =>
      container.name === 'app'
        ? { kind: 'run', logs: 'listening on :8080\n' }
        : undefined;
    await kubectl(['apply', '-f', '-'], deploymentYaml(2, 'nginx:1.29'));
    expect(
      await kubectl([
        'rollout',
        'status',
        'deployment/web',
        '-n',
        'shop',
        '--timeout=10s',
      ]),
    ).toContain('deployment "web" successfully rolled out');
    const table = await kubectl(['get', 'pods', '-A', '-l', 'app=web']);
    const [header, ...rows] = table.trim().split('\n');
    expect(header.split(/\s{2,}/)).toEqual([
      'NAMESPACE',
      'NAME',
      'READY',
      'STATUS',
      'RESTARTS',
      'AGE',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0].split(/\s+/).slice(2, 5)).toEqual(['1/1', 'Running', '0']);
    const deployments = await kubectl([
      'get',
      'deployments',
      '-n',
      'shop',
      '-o',
      'wide',
    ]);
    expect(deployments.split('\n')[0].split(/\s{2,}/)).toEqual([
      'NAME',
      'READY',
      'UP-TO-DATE',
      'AVAILABLE',
      'AGE',
      'CONTAINERS',
      'IMAGES',
      'SELECTOR',
    ]);
    expect(deployments.split('\n')[1].split(/\s+/).slice(0, 4)).toEqual([
      'web',
      '2/2',
      '2',
      '2',
    ]);
    expect(await kubectl(['logs', 'deployment/web', '-n', 'shop'])).toBe(
      'listening on :8080\n',
    );

    expect(
      await kubectl([
        'delete',
        'deployment',
        'web',
        '-n',
        'shop',
        '--timeout=10s',
      ]),
    ).toBe('deployment.apps "web" deleted from shop namespace\n');
    await kubectl([
      'wait',
      '--for=delete',
      'pod',
      '-l',
      'app=web',
      '-n',
      'shop',
      '--timeout=10s',
    ]);
    expect(sandbox.api.store.list('/pods', 'shop')).toEqual([]);
  });

  it('reads the protobuf bodies of kubectl create for the kinds it covers', async () => {
    await kubectl([
      'create',
      'configmap',
      'literal',
      '-n',
      'shop',
      '--from-literal=a=1',
      '--from-literal=b=two',
    ]);
    await kubectl([
      'create',
      'secret',
      'generic',
      'password',
      '-n',
      'shop',
      '--from-literal=password=hunter2',
    ]);
    await kubectl(['create', 'serviceaccount', 'robot', '-n', 'shop']);
    expect(
      (await json(['get', 'configmap', 'literal', '-n', 'shop'])).data,
    ).toEqual({ a: '1', b: 'two' });
    const secret = await json(['get', 'secret', 'password', '-n', 'shop']);
    expect(secret).toMatchObject({
      type: 'Opaque',
      data: { password: Buffer.from('hunter2').toString('base64') },
    });
    expect(
      (await json(['get', 'serviceaccount', 'robot', '-n', 'shop'])).metadata
        .name,
    ).toBe('robot');
    const deployment = await sandbox.kubectl([
      'create',
      'deployment',
      'other',
      '--image=nginx',
      '-n',
      'shop',
    ]);
    expect(deployment.exitCode).toBe(1);
    expect(deployment.stderr).toContain(
      'kube-sandbox reads protobuf only for Namespaces, ConfigMaps, Secrets and ServiceAccounts',
    );
  });
});
