import {
  CustomObjectsApi,
  KubernetesObjectApi,
  PatchStrategy,
} from '@kubernetes/client-node';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Sandbox, startSandbox } from '../Sandbox';

jest.setTimeout(60_000);

const AGENT_CRD = path.resolve(
  __dirname,
  '../../../../agent/crds/styrmindeployment.yaml',
);

/** A hand-written CRD with every rule the schema enforces. */
const WIDGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { kind: 'Widget', plural: 'widgets', singular: 'widget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['size'],
                properties: {
                  size: { type: 'integer', minimum: 1, maximum: 10 },
                  mode: {
                    type: 'string',
                    enum: ['fast', 'safe'],
                    default: 'safe',
                  },
                  name: { type: 'string', pattern: '^[a-z]+$', maxLength: 8 },
                  port: { 'x-kubernetes-int-or-string': true },
                  ports: {
                    type: 'array',
                    maxItems: 2,
                    items: {
                      type: 'object',
                      required: ['port'],
                      properties: { port: { type: 'integer' } },
                    },
                  },
                  labels: {
                    type: 'object',
                    additionalProperties: { type: 'string' },
                  },
                  extra: {
                    type: 'object',
                    'x-kubernetes-preserve-unknown-fields': true,
                  },
                },
              },
              status: {
                type: 'object',
                properties: { phase: { type: 'string' } },
              },
            },
          },
        },
      },
    ],
  },
};

/*
 * Custom resources validated against their CRD's openAPIV3Schema and pruned, as the
 * apiextensions-apiserver does, through client-node and kubectl.
 */
describe('custom resource schemas', () => {
  let sandbox: Sandbox;
  let custom: CustomObjectsApi;
  const widgets = {
    group: 'example.com',
    version: 'v1',
    namespace: 'default',
    plural: 'widgets',
  };
  const widget = (name: string, spec: unknown) => ({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name },
    spec,
  });
  /** The Status a rejected write answers. */
  const rejection = async (write: Promise<unknown>) => {
    const error: any = await write.then(
      () => {
        throw new Error('the write was accepted');
      },
      e => e,
    );
    expect(error.code).toBe(422);
    return JSON.parse(error.body);
  };

  beforeAll(async () => {
    sandbox = await startSandbox({
      workloads: false,
      velero: false,
      flux: false,
    });
    // With kubectl: client-node's typed serializer drops the `x-kubernetes-*` keys of a raw
    // CRD object (it knows them as `x_kubernetes_...`), as it would against any cluster.
    for (const input of [
      JSON.stringify(WIDGET_CRD),
      readFileSync(AGENT_CRD, 'utf8'),
    ]) {
      const applied = await sandbox.kubectl(['apply', '-f', '-'], { input });
      if (applied.exitCode !== 0) {
        throw new Error(applied.stderr);
      }
    }
    custom = sandbox.kubeConfig.makeApiClient(CustomObjectsApi);
  });

  afterAll(async () => {
    await sandbox.stop();
  });

  it('prunes unknown fields, keeps preserved ones, and sets defaults', async () => {
    const created = await custom.createNamespacedCustomObject({
      ...widgets,
      body: widget('pruned', {
        size: 2,
        port: 'http',
        unknown: true,
        labels: { a: 'b' },
        ports: [{ port: 80, name: 'dropped' }],
        extra: { anything: { nested: [1] } },
      }),
    });
    expect(created.spec).toEqual({
      size: 2,
      mode: 'safe',
      port: 'http',
      labels: { a: 'b' },
      ports: [{ port: 80 }],
      extra: { anything: { nested: [1] } },
    });
  });

  it('rejects what the schema forbids with 422 Invalid and the apiserver causes', async () => {
    const status = await rejection(
      custom.createNamespacedCustomObject({
        ...widgets,
        body: widget('invalid', {
          size: 'two',
          mode: 'reckless',
          name: 'Not-OK-and-long',
          port: true,
          ports: [{}, { port: 1 }, { port: 2 }],
          labels: { a: 1 },
        }),
      }),
    );
    expect(status).toMatchObject({
      kind: 'Status',
      reason: 'Invalid',
      code: 422,
      details: { name: 'invalid', group: 'example.com', kind: 'Widget' },
    });
    expect(status.details.causes).toEqual(
      expect.arrayContaining([
        {
          reason: 'FieldValueTypeInvalid',
          message:
            'Invalid value: "string": spec.size in body must be of type integer: "string"',
          field: 'spec.size',
        },
        {
          reason: 'FieldValueNotSupported',
          message:
            'Unsupported value: "reckless": supported values: "fast", "safe"',
          field: 'spec.mode',
        },
        {
          reason: 'FieldValueInvalid',
          message:
            'Invalid value: "Not-OK-and-long": spec.name in body should match \'^[a-z]+$\'',
          field: 'spec.name',
        },
        {
          reason: 'FieldValueTooLong',
          message: 'Too long: may not be more than 8 bytes',
          field: 'spec.name',
        },
        expect.objectContaining({
          field: 'spec.port',
          reason: 'FieldValueTypeInvalid',
        }),
        {
          reason: 'FieldValueTooMany',
          message: 'Too many: 3: must have at most 2 items',
          field: 'spec.ports',
        },
        {
          reason: 'FieldValueRequired',
          message: 'Required value',
          field: 'spec.ports[0].port',
        },
        expect.objectContaining({
          field: 'spec.labels.a',
          reason: 'FieldValueTypeInvalid',
        }),
      ]),
    );
    expect(status.message).toMatch(
      /^Widget\.example\.com "invalid" is invalid: /,
    );

    const bounds = await rejection(
      custom.createNamespacedCustomObject({
        ...widgets,
        body: widget('bounds', { size: 11 }),
      }),
    );
    expect(bounds.details.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        message:
          'Invalid value: 11: spec.size in body should be less than or equal to 10',
        field: 'spec.size',
      },
    ]);
    const missing = await rejection(
      custom.createNamespacedCustomObject({
        ...widgets,
        body: widget('missing', {}),
      }),
    );
    expect(missing.details.causes).toEqual([
      {
        reason: 'FieldValueRequired',
        message: 'Required value',
        field: 'spec.size',
      },
    ]);
  });

  it('validates updates, patches, server-side apply and status writes too', async () => {
    await custom.createNamespacedCustomObject({
      ...widgets,
      body: widget('w', { size: 1 }),
    });
    await rejection(
      custom.patchNamespacedCustomObject({
        ...widgets,
        name: 'w',
        body: [{ op: 'replace', path: '/spec/size', value: 0 }],
      }),
    );
    const current = await custom.getNamespacedCustomObject({
      ...widgets,
      name: 'w',
    });
    await rejection(
      custom.replaceNamespacedCustomObject({
        ...widgets,
        name: 'w',
        body: { ...current, spec: { size: 1, mode: 'other' } },
      }),
    );
    const objects = KubernetesObjectApi.makeApiClient(sandbox.kubeConfig);
    await rejection(
      objects.patch(
        widget('w', { size: 100 }),
        undefined,
        undefined,
        'tester',
        true,
        PatchStrategy.ServerSideApply,
      ),
    );
    const status = await rejection(
      custom.replaceNamespacedCustomObjectStatus({
        ...widgets,
        name: 'w',
        body: { ...current, status: { phase: 3 } },
      }),
    );
    expect(status.details.causes[0].field).toBe('status.phase');
    // An unknown status field is pruned, not refused.
    const written = await custom.replaceNamespacedCustomObjectStatus({
      ...widgets,
      name: 'w',
      body: { ...current, status: { phase: 'Ready', surplus: 1 } },
    });
    expect(written.status).toEqual({ phase: 'Ready' });
  });

  it('holds kubectl to the agent CRD: apply prunes, a bad digest is refused', async () => {
    const deployment = (digest: string) =>
      JSON.stringify({
        apiVersion: 'styrmin.io/v1alpha1',
        kind: 'StyrminDeployment',
        metadata: { name: 'd1', namespace: 'default' },
        spec: {
          instanceId: 'i1',
          driver: { name: 'infrahub', version: '1.0.0', digest },
          chart: {
            source: { type: 'directory', path: 'chart' },
            chart: 'infrahub',
            version: '1.0.0',
          },
          valuesTemplate: '',
          components: { server: { selector: { app: 'x' }, replicas: 1 } },
          context: {},
          surplus: 'pruned',
        },
      });
    const refused = await sandbox.kubectl(['apply', '-f', '-'], {
      input: deployment('md5:nope'),
    });
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain('spec.driver.digest');
    expect(refused.stderr).toContain("should match '^sha256:[0-9a-f]{64}$'");

    const applied = await sandbox.kubectl(['apply', '-f', '-'], {
      input: deployment(`sha256:${'a'.repeat(64)}`),
    });
    expect(applied.stderr).toBe('');
    const stored = sandbox.api.get(
      sandbox.api.scope('styrmin.io/v1alpha1', 'StyrminDeployment', 'default'),
      'd1',
    );
    expect(stored.spec.surplus).toBeUndefined();
    expect(stored.spec.driver.name).toBe('infrahub');
  });
});
