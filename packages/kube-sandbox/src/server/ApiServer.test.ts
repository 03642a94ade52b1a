import { Sandbox, startSandbox } from '../Sandbox';
import { rawRequest } from '../testing/rawRequest';
import { waitFor } from '../testing/waitFor';

// A loaded machine stretches what takes milliseconds alone.
jest.setTimeout(30_000);

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: {
      plural: 'widgets',
      singular: 'widget',
      kind: 'Widget',
      shortNames: ['wd'],
    },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            'x-kubernetes-preserve-unknown-fields': true,
          },
        },
        subresources: {
          status: {},
          scale: {
            specReplicasPath: '.spec.replicas',
            statusReplicasPath: '.status.replicas',
          },
        },
      },
    ],
  },
};

describe('ApiServer', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('answers 401 Unauthorized without the bearer token', async () => {
    for (const token of [null, 'wrong']) {
      const response = await rawRequest(sandbox, 'GET', '/api/v1/namespaces', {
        token,
      });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'Unauthorized',
        reason: 'Unauthorized',
        code: 401,
      });
    }
    expect(
      (await rawRequest(sandbox, 'GET', '/healthz', { token: null })).status,
    ).toBe(200);
    expect(
      sandbox.requests.some(
        r =>
          r.path === '/api/v1/namespaces' &&
          !r.authenticated &&
          r.status === 401,
      ),
    ).toBe(true);
  });

  it('counts every request by user, verb and resource', async () => {
    const count = (key: string) => sandbox.requestCounts.get(key) ?? 0;
    const admin = 'kube-sandbox-admin';
    const before = {
      list: count(`${admin} list /namespaces`),
      get: count(`${admin} get /namespaces`),
      status: count(`${admin} patch apps/deployments/status`),
      version: count(`${admin} GET /version`),
      anonymous: count('anonymous list /namespaces'),
    };
    await rawRequest(sandbox, 'GET', '/api/v1/namespaces');
    await rawRequest(sandbox, 'GET', '/api/v1/namespaces');
    await rawRequest(sandbox, 'GET', '/api/v1/namespaces/default');
    await rawRequest(
      sandbox,
      'PATCH',
      '/apis/apps/v1/namespaces/default/deployments/none/status',
      { body: {}, contentType: 'application/merge-patch+json' },
    );
    await rawRequest(sandbox, 'GET', '/version');
    await rawRequest(sandbox, 'GET', '/api/v1/namespaces', { token: null });
    expect({
      list: count(`${admin} list /namespaces`),
      get: count(`${admin} get /namespaces`),
      status: count(`${admin} patch apps/deployments/status`),
      version: count(`${admin} GET /version`),
      anonymous: count('anonymous list /namespaces'),
    }).toEqual({
      list: before.list + 2,
      get: before.get + 1,
      status: before.status + 1,
      version: before.version + 1,
      anonymous: before.anonymous + 1,
    });
  });

  it('serves discovery', async () => {
    const api = await rawRequest(sandbox, 'GET', '/api');
    expect(api.headers['content-type']).toBe('application/json');
    expect(api.json).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const groups = await rawRequest(sandbox, 'GET', '/apis');
    expect(groups.json.groups).toContainEqual({
      name: 'apps',
      versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
    });
    const core = await rawRequest(sandbox, 'GET', '/api/v1');
    expect(core.json.resources).toContainEqual(
      expect.objectContaining({
        name: 'pods',
        namespaced: true,
        kind: 'Pod',
        shortNames: ['po'],
        categories: ['all'],
      }),
    );
    expect(core.json.resources).toContainEqual(
      expect.objectContaining({ name: 'pods/log', verbs: ['get'] }),
    );
    const apps = await rawRequest(sandbox, 'GET', '/apis/apps/v1');
    expect(apps.json.resources).toContainEqual({
      name: 'deployments/scale',
      singularName: '',
      namespaced: true,
      group: 'autoscaling',
      version: 'v1',
      kind: 'Scale',
      verbs: ['get', 'patch', 'update'],
    });
    expect((await rawRequest(sandbox, 'GET', '/version')).json).toMatchObject({
      major: '1',
      minor: '34',
    });
    expect((await rawRequest(sandbox, 'GET', '/apis/nope/v1')).status).toBe(
      404,
    );
    const openapi = await rawRequest(sandbox, 'GET', '/openapi/v3');
    expect(openapi.json.paths['apis/apps/v1'].serverRelativeURL).toMatch(
      /^\/openapi\/v3\/apis\/apps\/v1\?hash=/,
    );
  });

  it('creates with 201, accepts YAML, answers 415 for unknown media types and 404 for unknown paths', async () => {
    const created = await rawRequest(
      sandbox,
      'POST',
      '/api/v1/namespaces/default/configmaps',
      {
        body: 'metadata:\n  name: from-yaml\ndata:\n  a: "1"\n',
        contentType: 'application/yaml',
      },
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      data: { a: '1' },
    });
    const unsupported = await rawRequest(
      sandbox,
      'POST',
      '/api/v1/namespaces/default/configmaps',
      {
        body: 'x',
        contentType: 'text/plain',
      },
    );
    expect(unsupported.status).toBe(415);
    expect(unsupported.json).toMatchObject({
      reason: 'UnsupportedMediaType',
      message:
        'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml',
    });
    const badPatch = await rawRequest(
      sandbox,
      'PATCH',
      '/api/v1/namespaces/default/configmaps/from-yaml',
      {
        body: {},
        contentType: 'application/json',
      },
    );
    expect(badPatch.status).toBe(415);
    expect(
      (await rawRequest(sandbox, 'GET', '/api/v1/nopes')).json,
    ).toMatchObject({
      code: 404,
      reason: 'NotFound',
      message: 'the server could not find the requested resource',
    });
    const malformed = await rawRequest(
      sandbox,
      'POST',
      '/api/v1/namespaces/default/configmaps',
      { body: '{' },
    );
    expect(malformed.status).toBe(400);
  });

  it('does not persist dry runs', async () => {
    const dry = await rawRequest(
      sandbox,
      'POST',
      '/api/v1/namespaces/default/configmaps?dryRun=All',
      {
        body: { metadata: { name: 'dry' } },
      },
    );
    expect(dry.status).toBe(201);
    expect(
      (
        await rawRequest(
          sandbox,
          'GET',
          '/api/v1/namespaces/default/configmaps/dry',
        )
      ).status,
    ).toBe(404);
  });

  it('serves custom resources from a CRD with discovery, status, scale and Established', async () => {
    const crd = await rawRequest(
      sandbox,
      'POST',
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
      {
        body: widgetCrd,
      },
    );
    expect(crd.status).toBe(201);
    const created = await rawRequest(
      sandbox,
      'POST',
      '/apis/example.com/v1/namespaces/default/widgets',
      {
        body: {
          apiVersion: 'example.com/v1',
          kind: 'Widget',
          metadata: { name: 'w' },
          spec: { replicas: 1, size: 's' },
        },
      },
    );
    expect(created.status).toBe(201);
    const discovery = await rawRequest(sandbox, 'GET', '/apis/example.com/v1');
    expect(discovery.json.resources.map((r: any) => r.name)).toEqual([
      'widgets',
      'widgets/scale',
      'widgets/status',
    ]);
    const established = await waitFor(async () => {
      const read = await rawRequest(
        sandbox,
        'GET',
        '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com',
      );
      return read.json.status?.conditions?.find(
        (c: any) => c.type === 'Established' && c.status === 'True',
      );
    });
    expect(established.reason).toBe('InitialNamesAccepted');

    const strategic = await rawRequest(
      sandbox,
      'PATCH',
      '/apis/example.com/v1/namespaces/default/widgets/w',
      {
        body: { spec: { size: 'm' } },
        contentType: 'application/strategic-merge-patch+json',
      },
    );
    expect(strategic.status).toBe(415);
    expect(strategic.json.message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
    );
    const merged = await rawRequest(
      sandbox,
      'PATCH',
      '/apis/example.com/v1/namespaces/default/widgets/w',
      {
        body: { spec: { size: 'm' }, status: { ready: true } },
        contentType: 'application/merge-patch+json',
      },
    );
    expect(merged.json.spec.size).toBe('m');
    expect(merged.json.status).toBeUndefined();
    expect(merged.json.metadata.generation).toBe(2);
    const status = await rawRequest(
      sandbox,
      'PATCH',
      '/apis/example.com/v1/namespaces/default/widgets/w/status',
      {
        body: { status: { replicas: 1 }, spec: { size: 'xl' } },
        contentType: 'application/merge-patch+json',
      },
    );
    expect(status.json).toMatchObject({
      spec: { size: 'm' },
      status: { replicas: 1 },
      metadata: { generation: 2 },
    });
    const scale = await rawRequest(
      sandbox,
      'PUT',
      '/apis/example.com/v1/namespaces/default/widgets/w/scale',
      {
        body: {
          apiVersion: 'autoscaling/v1',
          kind: 'Scale',
          metadata: { name: 'w' },
          spec: { replicas: 4 },
        },
      },
    );
    expect(scale.json).toMatchObject({
      kind: 'Scale',
      spec: { replicas: 4 },
      status: { replicas: 1 },
    });
    const list = await rawRequest(
      sandbox,
      'GET',
      '/apis/example.com/v1/namespaces/default/widgets',
    );
    expect(list.json).toMatchObject({
      kind: 'WidgetList',
      apiVersion: 'example.com/v1',
    });
    expect(list.json.items[0]).toMatchObject({
      kind: 'Widget',
      apiVersion: 'example.com/v1',
    });
  });

  it('stops serving a CRD resource after deleting its objects', async () => {
    await rawRequest(
      sandbox,
      'POST',
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
      {
        body: {
          ...widgetCrd,
          metadata: { name: 'gadgets.example.org' },
          spec: {
            ...widgetCrd.spec,
            group: 'example.org',
            names: { plural: 'gadgets', kind: 'Gadget' },
          },
        },
      },
    );
    await rawRequest(
      sandbox,
      'POST',
      '/apis/example.org/v1/namespaces/default/gadgets',
      {
        body: {
          apiVersion: 'example.org/v1',
          kind: 'Gadget',
          metadata: { name: 'g' },
        },
      },
    );
    const deleted = await rawRequest(
      sandbox,
      'DELETE',
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.org',
    );
    expect(deleted.json.metadata.deletionTimestamp).toBeDefined();
    await waitFor(
      async () =>
        (
          await rawRequest(
            sandbox,
            'GET',
            '/apis/example.org/v1/namespaces/default/gadgets',
          )
        ).status === 404,
    );
    expect(
      (
        await rawRequest(
          sandbox,
          'GET',
          '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.example.org',
        )
      ).status,
    ).toBe(404);
  });

  it('reads delete options from the body and the query', async () => {
    await rawRequest(
      sandbox,
      'POST',
      '/apis/apps/v1/namespaces/default/deployments',
      {
        body: {
          metadata: { name: 'keep' },
          spec: {
            selector: { matchLabels: { a: 'b' } },
            template: {
              metadata: { labels: { a: 'b' } },
              spec: { containers: [{ name: 'c', image: 'i' }] },
            },
          },
        },
      },
    );
    const held = await rawRequest(
      sandbox,
      'DELETE',
      '/apis/apps/v1/namespaces/default/deployments/keep?dryRun=All',
      {
        body: { propagationPolicy: 'Foreground' },
      },
    );
    expect(held.json.metadata.finalizers).toEqual(['foregroundDeletion']);
    const invalid = await rawRequest(
      sandbox,
      'DELETE',
      '/apis/apps/v1/namespaces/default/deployments/keep?propagationPolicy=Sometimes',
    );
    expect(invalid.status).toBe(422);
    const gone = await rawRequest(
      sandbox,
      'DELETE',
      '/apis/apps/v1/namespaces/default/deployments/keep',
    );
    expect(gone.json).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'keep', group: 'apps', kind: 'deployments' },
    });
  });

  it('answers a watch from a compacted resourceVersion with an ERROR 410 event', async () => {
    await rawRequest(sandbox, 'POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'w1' } },
    });
    const old = sandbox.api.store.resourceVersion - 1;
    sandbox.faults.compactHistory();
    // Controllers may write (Events) after the compaction: the history starts after it.
    const compactedAt = sandbox.api.store.resourceVersion;
    const response = await rawRequest(
      sandbox,
      'GET',
      `/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${old}`,
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text.trim())).toEqual({
      type: 'ERROR',
      object: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `too old resource version: ${old} (${compactedAt + 1})`,
        reason: 'Expired',
        code: 410,
      },
    });
  });

  it('injects failures, conflicts and delays', async () => {
    await rawRequest(sandbox, 'POST', '/api/v1/namespaces/default/configmaps', {
      body: { metadata: { name: 'f' } },
    });
    sandbox.faults.inject({
      verb: 'get',
      resource: 'configmaps',
      name: 'f',
      status: 503,
    });
    expect(
      (
        await rawRequest(
          sandbox,
          'GET',
          '/api/v1/namespaces/default/configmaps/f',
        )
      ).json,
    ).toMatchObject({
      code: 503,
      reason: 'ServiceUnavailable',
    });
    expect(
      (
        await rawRequest(
          sandbox,
          'GET',
          '/api/v1/namespaces/default/configmaps/f',
        )
      ).status,
    ).toBe(200);
    sandbox.faults.conflictOnWrite({ resource: 'configmaps', name: 'f' });
    const conflict = await rawRequest(
      sandbox,
      'PATCH',
      '/api/v1/namespaces/default/configmaps/f',
      {
        body: { data: { a: '1' } },
        contentType: 'application/merge-patch+json',
      },
    );
    expect(conflict.json.message).toBe(
      'Operation cannot be fulfilled on configmaps "f": the object has been modified; please apply your changes to the latest version and try again',
    );
    const remove = sandbox.faults.inject({
      resource: 'configmaps',
      delayMs: 5,
      times: Infinity,
    });
    expect(
      (
        await rawRequest(
          sandbox,
          'GET',
          '/api/v1/namespaces/default/configmaps/f',
        )
      ).status,
    ).toBe(200);
    remove();
  });

  it('throttles with 429, Retry-After and retryAfterSeconds, only the matching writes and only as often as asked', async () => {
    const path = '/api/v1/namespaces/default/configmaps';
    sandbox.faults.inject({
      verb: 'create',
      resource: 'configmaps',
      status: 429,
      retryAfterSeconds: 2,
      times: 2,
    });
    // Reads pass: the rule matches creates only.
    expect((await rawRequest(sandbox, 'GET', path)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const throttled = await rawRequest(sandbox, 'POST', path, {
        body: { metadata: { name: 'throttled' } },
      });
      expect(throttled.status).toBe(429);
      expect(throttled.headers['retry-after']).toBe('2');
      expect(throttled.json).toMatchObject({
        kind: 'Status',
        reason: 'TooManyRequests',
        code: 429,
        details: { retryAfterSeconds: 2 },
      });
    }
    // Nothing was written while throttled; the third create goes through.
    expect((await rawRequest(sandbox, 'GET', `${path}/throttled`)).status).toBe(
      404,
    );
    const created = await rawRequest(sandbox, 'POST', path, {
      body: { metadata: { name: 'throttled' } },
    });
    expect(created.status).toBe(201);
    expect(created.headers['retry-after']).toBeUndefined();
    // A failure without retryAfterSeconds carries no Retry-After.
    sandbox.faults.inject({ verb: 'get', resource: 'configmaps', status: 500 });
    const failed = await rawRequest(sandbox, 'GET', `${path}/throttled`);
    expect(failed.status).toBe(500);
    expect(failed.headers['retry-after']).toBeUndefined();
    expect(failed.json.reason).toBe('InternalError');
  });

  it('deletes a collection by label selector', async () => {
    for (const [name, tier] of [
      ['c1', 'cache'],
      ['c2', 'cache'],
      ['c3', 'db'],
    ]) {
      await rawRequest(
        sandbox,
        'POST',
        '/api/v1/namespaces/default/configmaps',
        {
          body: { metadata: { name, labels: { tier } } },
        },
      );
    }
    const deleted = await rawRequest(
      sandbox,
      'DELETE',
      '/api/v1/namespaces/default/configmaps?labelSelector=tier%3Dcache',
    );
    expect(deleted.json).toMatchObject({ kind: 'Status', status: 'Success' });
    const left = await rawRequest(
      sandbox,
      'GET',
      '/api/v1/namespaces/default/configmaps?labelSelector=tier',
    );
    expect(left.json.items.map((i: any) => i.metadata.name)).toEqual(['c3']);
  });
});
