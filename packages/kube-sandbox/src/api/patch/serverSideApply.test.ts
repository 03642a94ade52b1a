import { listSemanticsFor } from '../../resources/listSemantics';
import { ApiError } from '../ApiError';
import { serverSideApply, ServerSideApplyOptions } from './serverSideApply';
import { recordUpdate } from '../managedFields/managers';

const semantics = listSemanticsFor('Deployment', true);
const describe_ = {
  group: 'apps',
  plural: 'deployments',
  kind: 'Deployment',
  name: 'd',
};

function apply(
  options: Partial<ServerSideApplyOptions> &
    Pick<ServerSideApplyOptions, 'config' | 'manager'>,
) {
  return serverSideApply({
    live: undefined,
    force: false,
    apiVersion: 'apps/v1',
    part: 'main',
    semantics,
    describe: describe_,
    ...options,
  });
}

const config = (
  replicas: number,
  image: string,
  extra: Record<string, unknown> = {},
) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', labels: { app: 'd' } },
  spec: {
    replicas,
    template: { spec: { containers: [{ name: 'app', image, ...extra }] } },
  },
});

describe('serverSideApply', () => {
  it('records the applied fields in fieldsV1 form', () => {
    const { object, managedFields } = apply({
      config: config(1, 'app:1'),
      manager: 'a',
    });
    expect(object.spec.replicas).toBe(1);
    expect(managedFields).toEqual([
      expect.objectContaining({
        manager: 'a',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:template': {
              'f:spec': {
                'f:containers': {
                  'k:{"name":"app"}': { '.': {}, 'f:image': {}, 'f:name': {} },
                },
              },
            },
          },
        },
      }),
    ]);
  });

  it('conflicts when another manager owns a field it sets differently, unless forced', () => {
    const first = apply({ config: config(1, 'app:1'), manager: 'a' });
    const live = {
      ...first.object,
      metadata: {
        ...first.object.metadata,
        managedFields: first.managedFields,
      },
    };
    let error: ApiError | undefined;
    try {
      apply({ live, config: config(2, 'app:1'), manager: 'b' });
    } catch (e) {
      error = e as ApiError;
    }
    expect(error?.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message:
        'Apply failed with 1 conflict: conflict with "a" using apps/v1: .spec.replicas',
      reason: 'Conflict',
      details: {
        name: 'd',
        group: 'apps',
        kind: 'deployments',
        causes: [
          {
            reason: 'FieldManagerConflict',
            message: 'conflict with "a" using apps/v1',
            field: '.spec.replicas',
          },
        ],
      },
      code: 409,
    });

    // The same value is shared ownership, not a conflict.
    const shared = apply({ live, config: config(1, 'app:1'), manager: 'b' });
    expect(shared.managedFields!.map(m => m.manager)).toEqual(['a', 'b']);

    const forced = apply({
      live,
      config: config(2, 'app:1'),
      manager: 'b',
      force: true,
    });
    expect(forced.object.spec.replicas).toBe(2);
    const a = forced.managedFields!.find(m => m.manager === 'a')!;
    expect(a.fieldsV1['f:spec']['f:replicas']).toBeUndefined();
  });

  it('removes fields it applied before and no longer applies, unless someone else owns them', () => {
    const first = apply({
      config: config(1, 'app:1', { args: ['--x'] }),
      manager: 'a',
    });
    const live = {
      ...first.object,
      metadata: {
        ...first.object.metadata,
        managedFields: first.managedFields,
      },
    };
    const second = apply({ live, config: config(1, 'app:1'), manager: 'a' });
    expect(second.object.spec.template.spec.containers[0].args).toBeUndefined();

    const withOther = apply({
      live,
      config: {
        ...config(1, 'app:1', { args: ['--x'] }),
        metadata: { name: 'd' },
      },
      manager: 'b',
    });
    const live2 = {
      ...withOther.object,
      metadata: {
        ...withOther.object.metadata,
        managedFields: withOther.managedFields,
      },
    };
    const third = apply({
      live: live2,
      config: config(1, 'app:1'),
      manager: 'a',
    });
    expect(third.object.spec.template.spec.containers[0].args).toEqual(['--x']);
  });

  it('keeps a map it applied empty before and applies with fields now', () => {
    const first = apply({
      config: {
        ...config(1, 'app:1'),
        metadata: { name: 'd', annotations: {} },
      },
      manager: 'a',
    });
    const live = {
      ...first.object,
      metadata: {
        ...first.object.metadata,
        managedFields: first.managedFields,
      },
    };
    const second = apply({
      live,
      config: {
        ...config(1, 'app:1'),
        metadata: { name: 'd', annotations: { note: 'x' } },
      },
      manager: 'a',
    });
    expect(second.object.metadata.annotations).toEqual({ note: 'x' });
  });

  it('conflicts with fields an update changed', () => {
    const first = apply({ config: config(1, 'app:1'), manager: 'a' });
    const live = {
      ...first.object,
      metadata: {
        ...first.object.metadata,
        managedFields: first.managedFields,
      },
    };
    const updated: any = structuredClone(live);
    updated.spec.replicas = 5;
    updated.metadata.managedFields = recordUpdate({
      old: live,
      next: updated,
      manager: 'kubectl-scale',
      apiVersion: 'apps/v1',
      part: 'main',
      semantics,
    });
    expect(
      updated.metadata.managedFields!.map(
        (m: any) => `${m.manager}/${m.operation}`,
      ),
    ).toEqual(['a/Apply', 'kubectl-scale/Update']);
    expect(() =>
      apply({ live: updated, config: config(1, 'app:1'), manager: 'a' }),
    ).toThrow(/conflict with "kubectl-scale"/);
  });
});
