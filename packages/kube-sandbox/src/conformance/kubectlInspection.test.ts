import { Sandbox, startSandbox } from '../Sandbox';
import { waitFor } from '../testing/waitFor';

/*
 * Conformance with the real kubectl (1.34) for what reads about the cluster rather than
 * changes it: explain (OpenAPI v3 schemas), auth can-i (access reviews), describe and events.
 */

jest.setTimeout(60_000);

const GIZMO_CRD = `
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
      schema:
        openAPIV3Schema:
          type: object
          description: A gizmo of the example.
          properties:
            spec:
              type: object
              required: [size]
              properties:
                size: {type: string, description: How big the gizmo is., enum: [s, m, l]}
`;

const WEB = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
`;

describe('kubectl inspection conformance', () => {
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

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: { startDelayMs: 5, readyDelayMs: 5 },
      velero: false,
    });
    await kubectl(['create', 'namespace', 'shop']);
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  it('explains built-in kinds and their fields from the OpenAPI v3 schemas', async () => {
    const deployment = await kubectl(['explain', 'deployment']);
    expect(deployment).toContain('GROUP:      apps');
    expect(deployment).toContain('KIND:       Deployment');
    expect(deployment).toContain('VERSION:    v1');
    expect(deployment).toContain(
      'Deployment enables declarative updates for Pods and ReplicaSets.',
    );
    expect(deployment).toMatch(/spec\t<DeploymentSpec>/);

    const replicas = await kubectl(['explain', 'deployment.spec.replicas']);
    expect(replicas).toContain('FIELD: replicas <integer>');
    expect(replicas).toContain('Number of desired pods.');

    const containers = await kubectl(['explain', 'pods.spec.containers']);
    expect(containers).toContain('FIELD: containers <[]Container>');
    expect(containers).toMatch(/name\t<string> -required-/);

    const missing = await sandbox.kubectl(['explain', 'pods.spec.nothing']);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('field "nothing" does not exist');
  });

  it("explains a custom resource from its CRD's schema", async () => {
    await kubectl(['apply', '-f', '-'], GIZMO_CRD);
    await kubectl([
      'wait',
      '--for=condition=Established',
      'crd/gizmos.example.com',
      '--timeout=10s',
    ]);
    const gizmo = await kubectl(['explain', 'gizmo']);
    expect(gizmo).toContain('GROUP:      example.com');
    expect(gizmo).toContain('A gizmo of the example.');
    expect(gizmo).toMatch(/metadata\t<ObjectMeta>/);
    const size = await kubectl(['explain', 'gizmo.spec.size']);
    expect(size).toContain('FIELD: size <string>');
    expect(size).toContain('How big the gizmo is.');
    expect(size).toMatch(/ENUM:\s+s\s+m\s+l/);
  });

  it("answers auth can-i for the sandbox's admin (system:masters): everything is allowed", async () => {
    expect(
      await kubectl(['auth', 'can-i', 'create', 'deployments', '-n', 'shop']),
    ).toBe('yes\n');
    expect(
      await kubectl(['auth', 'can-i', 'delete', 'nodes', '--all-namespaces']),
    ).toBe('yes\n');
    const list = await kubectl(['auth', 'can-i', '--list', '-n', 'shop']);
    expect(list.split('\n')[0].split(/\s{2,}/)).toEqual([
      'Resources',
      'Non-Resource URLs',
      'Resource Names',
      'Verbs',
    ]);
    expect(list).toMatch(/\*\.\*\s+\[\]\s+\[\]\s+\[\*\]/);
    const review = sandbox.requests.find(r =>
      r.path.endsWith('/selfsubjectaccessreviews'),
    );
    expect(review).toMatchObject({ method: 'POST', status: 201 });
  });

  it('describes a deployment and its pods with their events', async () => {
    await kubectl(['apply', '-f', '-'], WEB);
    await kubectl([
      'rollout',
      'status',
      'deployment/web',
      '-n',
      'shop',
      '--timeout=20s',
    ]);
    const described = await kubectl([
      'describe',
      'deployment',
      'web',
      '-n',
      'shop',
    ]);
    expect(described).toMatch(
      /Replicas:\s+2 desired \| 2 updated \| 2 total \| 2 available/,
    );
    expect(described).toMatch(
      /Normal\s+ScalingReplicaSet\s+\S+\s+deployment-controller\s+Scaled up replica set web-\w+ from 0 to 2/,
    );
    const pods = await kubectl([
      'describe',
      'pods',
      '-n',
      'shop',
      '-l',
      'app=web',
    ]);
    for (const reason of ['Scheduled', 'Pulled', 'Created', 'Started']) {
      expect(pods).toMatch(new RegExp(`Normal\\s+${reason}\\s`));
    }
    expect(pods).toMatch(/Successfully assigned shop\/web-\S+ to sandbox-node/);
  });

  it('lists events with get events, repeats aggregated into one with a count', async () => {
    sandbox.workloads.runContainer = ({ container }) =>
      container.image.startsWith('broken')
        ? { kind: 'crash', exitCode: 3, logs: 'boom\n' }
        : undefined;
    await kubectl(
      ['apply', '-f', '-'],
      WEB.replace('name: web', 'name: crash')
        .replace(/app: web/g, 'app: crash')
        .replace('replicas: 2', 'replicas: 1')
        .replace('nginx:1.27', 'broken:1'),
    );
    const backOff = await waitFor(
      async () => {
        const events = JSON.parse(
          await kubectl(['get', 'events', '-n', 'shop', '-o', 'json']),
        ).items as any[];
        const found = events.find(
          e => e.reason === 'BackOff' && e.involvedObject.kind === 'Pod',
        );
        return found && (found.count ?? 0) >= 2 && found;
      },
      { what: 'a BackOff event seen twice' },
    );
    expect(backOff).toMatchObject({
      type: 'Warning',
      message:
        'Back-off restarting failed container app in pod ' +
        `${backOff.involvedObject.name}_shop(${backOff.involvedObject.uid})`,
      source: { component: 'kubelet', host: 'sandbox-node' },
    });
    expect(Date.parse(backOff.lastTimestamp)).toBeGreaterThanOrEqual(
      Date.parse(backOff.firstTimestamp),
    );
    const table = await kubectl([
      'get',
      'events',
      '-n',
      'shop',
      '--field-selector',
      'reason=BackOff',
    ]);
    expect(table.split('\n')[0].split(/\s{2,}/)).toEqual([
      'LAST SEEN',
      'TYPE',
      'REASON',
      'OBJECT',
      'MESSAGE',
    ]);
    expect(table).toMatch(/Warning\s+BackOff\s+pod\/crash-/);
  });
});
