import { Sandbox, startSandbox } from '../Sandbox';
import { rawRequest } from '../testing/rawRequest';
import { ServiceAccountCredentials } from '../rbac/serviceAccountCredentials';
import { runTool } from '../tools/runTool';
import { ensureTools } from '../tools/ensureTools';

/*
 * RBAC with the real kubectl (1.34): a ServiceAccount's kubeconfig from its token Secret,
 * requests its Role allows and refuses (the apiserver's Forbidden, word for word), and
 * `kubectl auth can-i` answered by the same rules.
 */

jest.setTimeout(60_000);

const POLICY = `
apiVersion: v1
kind: ServiceAccount
metadata: {name: reader, namespace: shop}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: reader, namespace: shop}
rules:
  - apiGroups: [""]
    resources: [configmaps]
    verbs: [get, list, watch]
  # kubectl scale reads the deployment, then patches its scale.
  - apiGroups: [apps]
    resources: [deployments]
    verbs: [get]
  - apiGroups: [apps]
    resources: [deployments/scale]
    verbs: [get, update, patch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: reader, namespace: shop}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}
subjects:
  - {kind: ServiceAccount, name: reader, namespace: shop}
`;

const WEB = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx:1.27}]}
`;

const USER = 'system:serviceaccount:shop:reader';

describe('kubectl under RBAC', () => {
  let sandbox: Sandbox;
  let reader: ServiceAccountCredentials;

  /** kubectl with the reader's kubeconfig: its output, or its error output when it fails. */
  async function asReader(args: string[]) {
    const { kubectl } = await ensureTools();
    return runTool(kubectl, args, {
      env: {
        ...process.env,
        KUBECONFIG: reader.kubeconfigPath,
        KUBECACHEDIR: `${reader.kubeconfigPath}-cache`,
      },
    });
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ flux: false, velero: false });
    await sandbox.kubectl(['create', 'namespace', 'shop']);
    const applied = await sandbox.kubectl(['apply', '-f', '-'], {
      input: `${POLICY}---${WEB}`,
    });
    if (applied.exitCode !== 0) {
      throw new Error(`kubectl apply: ${applied.stderr}`);
    }
    reader = await sandbox.serviceAccountCredentials('shop', 'reader');
  });

  afterAll(() => sandbox?.stop());

  it('mints the token through a token Secret, which the token controller fills', () => {
    const secret = sandbox.api.store.get('/secrets', 'shop', 'reader-sa-token');
    const account = sandbox.api.store.get('/serviceaccounts', 'shop', 'reader');
    expect(secret).toMatchObject({
      type: 'kubernetes.io/service-account-token',
      metadata: {
        annotations: {
          'kubernetes.io/service-account.name': 'reader',
          'kubernetes.io/service-account.uid': account!.metadata.uid,
        },
      },
      data: { namespace: Buffer.from('shop').toString('base64') },
    });
    expect(reader.user).toBe(USER);
  });

  it('does what the Role allows', async () => {
    await sandbox.kubectl(['-n', 'shop', 'create', 'configmap', 'settings']);
    const got = await asReader([
      '-n',
      'shop',
      'get',
      'configmaps',
      '-o',
      'name',
    ]);
    expect(got).toMatchObject({ exitCode: 0, stdout: 'configmap/settings\n' });
    const scaled = await asReader([
      '-n',
      'shop',
      'scale',
      'deployment/web',
      '--replicas=2',
    ]);
    expect(scaled).toMatchObject({
      exitCode: 0,
      stdout: 'deployment.apps/web scaled\n',
    });
    expect(sandbox.authorizations.denials(USER)).toBe(0);
  });

  it("refuses what it does not, with the apiserver's Forbidden", async () => {
    const listed = await asReader(['-n', 'shop', 'get', 'secrets']);
    expect(listed.exitCode).toBe(1);
    expect(listed.stderr).toContain(
      `Error from server (Forbidden): secrets is forbidden: User "${USER}" cannot list resource "secrets" in API group "" in the namespace "shop"`,
    );
    const deleted = await asReader([
      '-n',
      'shop',
      'delete',
      'configmap',
      'settings',
    ]);
    expect(deleted.stderr).toContain(
      `Error from server (Forbidden): configmaps "settings" is forbidden: User "${USER}" cannot delete resource "configmaps" in API group "" in the namespace "shop"`,
    );
    const elsewhere = await asReader(['-n', 'default', 'get', 'configmaps']);
    expect(elsewhere.stderr).toContain(
      `cannot list resource "configmaps" in API group "" in the namespace "default"`,
    );
    const nodes = await asReader(['get', 'nodes']);
    expect(nodes.stderr).toContain(
      `nodes is forbidden: User "${USER}" cannot list resource "nodes" in API group "" at the cluster scope`,
    );
    expect(sandbox.authorizations.denials(USER)).toBe(4);
    expect(
      sandbox.api.store.get('/configmaps', 'shop', 'settings'),
    ).toBeDefined();
  });

  it('answers a denial with a Forbidden Status naming the resource and the object', async () => {
    const response = await rawRequest(
      sandbox,
      'GET',
      '/apis/apps/v1/namespaces/shop/deployments/web/status',
      { token: reader.token },
    );
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `deployments.apps "web" is forbidden: User "${USER}" cannot get resource "deployments/status" in API group "apps" in the namespace "shop"`,
      reason: 'Forbidden',
      details: { name: 'web', group: 'apps', kind: 'deployments' },
      code: 403,
    });
    const path = await rawRequest(sandbox, 'GET', '/sandbox/v1/namespaces', {
      token: reader.token,
    });
    expect(path).toMatchObject({
      status: 403,
      json: {
        message: `forbidden: User "${USER}" cannot get path "/sandbox/v1/namespaces"`,
        details: {},
      },
    });
  });

  it('answers auth can-i and --list by the Role', async () => {
    const canI = (...args: string[]) => asReader(['auth', 'can-i', ...args]);
    expect(await canI('list', 'configmaps', '-n', 'shop')).toMatchObject({
      exitCode: 0,
      stdout: 'yes\n',
    });
    expect(
      await canI(
        'patch',
        'deployments.apps',
        '--subresource=scale',
        '-n',
        'shop',
      ),
    ).toMatchObject({
      stdout: 'yes\n',
    });
    expect(await canI('patch', 'deployments.apps', '-n', 'shop')).toMatchObject(
      {
        exitCode: 1,
        stdout: 'no\n',
      },
    );
    expect(await canI('list', 'configmaps', '-n', 'default')).toMatchObject({
      stdout: 'no\n',
    });
    const list = await canI('--list', '-n', 'shop');
    expect(list.stdout).toMatch(
      /configmaps\s+\[\]\s+\[\]\s+\[get list watch\]/,
    );
    expect(list.stdout).toMatch(
      /deployments\.apps\/scale\s+\[\]\s+\[\]\s+\[get update patch\]/,
    );
    expect(list.stdout).toMatch(
      /selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]/,
    );
    expect(list.stdout).not.toMatch(/\*\.\*/);
  });

  it('stops taking the token once its ServiceAccount is gone', async () => {
    await sandbox.kubectl(['-n', 'shop', 'delete', 'serviceaccount', 'reader']);
    const response = await rawRequest(
      sandbox,
      'GET',
      '/api/v1/namespaces/shop/configmaps',
      {
        token: reader.token,
      },
    );
    expect(response).toMatchObject({
      status: 401,
      json: { reason: 'Unauthorized' },
    });
  });
});
