import { builtinResourceTypes } from '../resources/builtinResourceTypes';
import { ResourceRegistry } from '../resources/ResourceRegistry';
import { ObjectStore } from '../store/ObjectStore';
import { StoreEvent } from '../store/types';
import { ApiError } from './ApiError';
import { SandboxApi } from './SandboxApi';

function createApi(historySize = 1000) {
  const store = ObjectStore.create({ historySize });
  const api = SandboxApi.create({
    store,
    registry: ResourceRegistry.create({ types: builtinResourceTypes() }),
  });
  api.create(api.scope('v1', 'Namespace'), { metadata: { name: 'default' } });
  return api;
}

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) {
      return error;
    }
    throw error;
  }
  throw new Error('expected an ApiError');
}

const deployment = (name = 'web', replicas = 1) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, labels: { app: name } },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] },
    },
  },
});

describe('SandboxApi', () => {
  let api: SandboxApi;
  const configMaps = () => api.scope('v1', 'ConfigMap', 'default');
  const deployments = () => api.scope('apps/v1', 'Deployment', 'default');

  beforeEach(() => {
    api = createApi();
  });

  describe('create', () => {
    it('sets the server fields and defaults', () => {
      const { object } = api.create(deployments(), deployment());
      expect(object.metadata).toMatchObject({
        name: 'web',
        namespace: 'default',
        generation: 1,
        resourceVersion: String(api.store.resourceVersion),
      });
      expect(object.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
      expect(object.metadata.creationTimestamp).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
      );
      expect(object.spec.strategy).toEqual({
        type: 'RollingUpdate',
        rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' },
      });
      expect(object.spec.template.spec.containers[0]).toMatchObject({
        imagePullPolicy: 'IfNotPresent',
        terminationMessagePath: '/dev/termination-log',
      });
      expect(object.status).toBeUndefined();
    });

    it('fills generateName with five characters', () => {
      const { object } = api.create(configMaps(), {
        metadata: { generateName: 'cm-' },
      });
      expect(object.metadata.name).toMatch(
        /^cm-[bcdfghjklmnpqrstvwxz2456789]{5}$/,
      );
    });

    it('answers 409 AlreadyExists for a duplicate', () => {
      api.create(deployments(), deployment());
      expect(
        failure(() => api.create(deployments(), deployment())).status,
      ).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'deployments.apps "web" already exists',
        reason: 'AlreadyExists',
        details: { name: 'web', group: 'apps', kind: 'deployments' },
        code: 409,
      });
    });

    it('answers 404 for a missing namespace and 403 for a terminating one', () => {
      const missing = failure(() =>
        api.create(api.scope('v1', 'ConfigMap', 'nope'), {
          metadata: { name: 'a' },
        }),
      );
      expect(missing.status).toMatchObject({
        code: 404,
        reason: 'NotFound',
        message: 'namespaces "nope" not found',
        details: { name: 'nope', kind: 'namespaces' },
      });
      api.create(api.scope('v1', 'Namespace'), { metadata: { name: 'gone' } });
      api.delete(api.scope('v1', 'Namespace'), 'gone');
      const terminating = failure(() =>
        api.create(api.scope('v1', 'ConfigMap', 'gone'), {
          metadata: { name: 'a' },
        }),
      );
      expect(terminating.status).toMatchObject({
        code: 403,
        reason: 'Forbidden',
        message:
          'configmaps "a" is forbidden: unable to create new content in namespace gone because it is being terminated',
      });
    });

    it('answers 422 Invalid with causes', () => {
      expect(
        failure(() => api.create(configMaps(), { metadata: {} })).status,
      ).toMatchObject({
        code: 422,
        reason: 'Invalid',
        message:
          'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required',
        details: {
          kind: 'ConfigMap',
          causes: [
            {
              reason: 'FieldValueRequired',
              message: 'Required value: name or generateName is required',
              field: 'metadata.name',
            },
          ],
        },
      });
      const bad = deployment('Web_1');
      expect(
        failure(() => api.create(deployments(), bad)).status.details?.causes,
      ).toEqual([
        expect.objectContaining({
          reason: 'FieldValueInvalid',
          field: 'metadata.name',
        }),
      ]);
      const job = failure(() =>
        api.create(api.scope('batch/v1', 'Job', 'default'), {
          metadata: { name: 'j' },
          spec: {
            template: {
              spec: { containers: [{ name: 'c', image: 'busybox' }] },
            },
          },
        }),
      );
      expect(job.status.message).toBe(
        'Job.batch "j" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
      );
    });

    it('answers 400 for a namespace or kind that does not match the request', () => {
      expect(
        failure(() =>
          api.create(configMaps(), {
            metadata: { name: 'a', namespace: 'other' },
          }),
        ).code,
      ).toBe(400);
      expect(
        failure(() =>
          api.create(configMaps(), { kind: 'Secret', metadata: { name: 'a' } }),
        ).code,
      ).toBe(400);
    });
  });

  describe('update', () => {
    it('answers 409 Conflict for a stale resourceVersion and accepts none at all', () => {
      const { object } = api.create(configMaps(), {
        metadata: { name: 'a' },
        data: { k: '1' },
      });
      api.update(configMaps(), 'a', { ...object, data: { k: '2' } });
      const stale = failure(() =>
        api.update(configMaps(), 'a', { ...object, data: { k: '3' } }),
      );
      expect(stale.status).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message:
          'Operation cannot be fulfilled on configmaps "a": the object has been modified; please apply your changes to the latest version and try again',
        reason: 'Conflict',
        details: { name: 'a', kind: 'configmaps' },
        code: 409,
      });
      const { metadata } = object;
      const unconditional = api.update(configMaps(), 'a', {
        metadata: { ...metadata, resourceVersion: undefined },
        data: { k: '4' },
      });
      expect(unconditional.object.data).toEqual({ k: '4' });
    });

    it('bumps generation on spec changes only', () => {
      const { object } = api.create(deployments(), deployment());
      const labelled = api.update(deployments(), 'web', {
        ...object,
        metadata: { ...object.metadata, labels: { app: 'web', x: 'y' } },
      }).object;
      expect(labelled.metadata.generation).toBe(1);
      const scaled = api.update(deployments(), 'web', {
        ...labelled,
        spec: { ...labelled.spec, replicas: 3 },
      }).object;
      expect(scaled.metadata.generation).toBe(2);
    });

    it('writes nothing for a no-op: same resourceVersion, no event', () => {
      const { object } = api.create(deployments(), deployment());
      const events: StoreEvent[] = [];
      api.store.subscribe(e => events.push(e));
      const again = api.update(deployments(), 'web', deployment()).object;
      const patched = api.patch(deployments(), 'web', 'merge', {
        spec: { replicas: 1 },
      }).object;
      expect(again.metadata.resourceVersion).toBe(
        object.metadata.resourceVersion,
      );
      expect(patched.metadata.resourceVersion).toBe(
        object.metadata.resourceVersion,
      );
      expect(events).toEqual([]);
    });

    it('ignores status on the main resource and everything but status on /status', () => {
      const { object } = api.create(deployments(), {
        ...deployment(),
        status: { replicas: 9 },
      });
      expect(object.status).toBeUndefined();
      const withStatus = api.update(
        deployments(),
        'web',
        {
          ...object,
          spec: { ...object.spec, replicas: 4 },
          metadata: { ...object.metadata, labels: { x: 'y' } },
          status: { replicas: 2 },
        },
        { subresource: 'status' },
      ).object;
      expect(withStatus.status).toEqual({ replicas: 2 });
      expect(withStatus.spec.replicas).toBe(1);
      expect(withStatus.metadata.labels).toEqual({ app: 'web' });
      expect(withStatus.metadata.generation).toBe(1);
      const main = api.update(deployments(), 'web', {
        ...withStatus,
        status: { replicas: 7 },
      }).object;
      expect(main.status).toEqual({ replicas: 2 });
      expect(
        failure(() => api.get(configMaps(), 'x', 'status')).status.message,
      ).toBe('the server could not find the requested resource');
    });

    it('answers 422 for immutable fields', () => {
      const { object } = api.create(deployments(), deployment());
      const changed = failure(() =>
        api.update(deployments(), 'web', {
          ...object,
          spec: {
            ...object.spec,
            selector: { matchLabels: { app: 'other' } },
            template: {
              ...object.spec.template,
              metadata: { labels: { app: 'other' } },
            },
          },
        }),
      );
      expect(changed.status.message).toBe(
        'Deployment.apps "web" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable',
      );
      const cm = api.create(configMaps(), {
        metadata: { name: 'frozen' },
        data: { a: '1' },
        immutable: true,
      }).object;
      expect(
        failure(() =>
          api.update(configMaps(), 'frozen', { ...cm, data: { a: '2' } }),
        ).status.details?.causes,
      ).toEqual([
        {
          reason: 'FieldValueForbidden',
          message: 'Forbidden: field is immutable when `immutable` is set',
          field: 'data',
        },
      ]);
    });

    it('answers 404 for a missing object and 400 for a name that is not the URL name', () => {
      expect(
        failure(() =>
          api.update(configMaps(), 'nope', { metadata: { name: 'nope' } }),
        ).status,
      ).toMatchObject({
        code: 404,
        message: 'configmaps "nope" not found',
        details: { name: 'nope', kind: 'configmaps' },
      });
      api.create(configMaps(), { metadata: { name: 'a' } });
      expect(
        failure(() =>
          api.update(configMaps(), 'a', { metadata: { name: 'b' } }),
        ).status.message,
      ).toBe(
        'the name of the object (b) does not match the name on the URL (a)',
      );
    });
  });

  describe('scale', () => {
    it('reads and writes replicas through autoscaling/v1 Scale', () => {
      api.create(deployments(), deployment());
      const scale = api.get(deployments(), 'web', 'scale');
      expect(scale).toMatchObject({
        kind: 'Scale',
        apiVersion: 'autoscaling/v1',
        spec: { replicas: 1 },
        status: { replicas: 0, selector: 'app=web' },
      });
      const patched = api.patch(
        deployments(),
        'web',
        'merge',
        { spec: { replicas: 3 } },
        { subresource: 'scale' },
      );
      expect(patched.object.spec.replicas).toBe(3);
      expect(api.get(deployments(), 'web').spec.replicas).toBe(3);
      expect(api.get(deployments(), 'web').metadata.generation).toBe(2);
      const stale = failure(() =>
        api.update(
          deployments(),
          'web',
          { ...scale, spec: { replicas: 5 } },
          { subresource: 'scale' },
        ),
      );
      expect(stale.code).toBe(409);
    });
  });

  describe('list', () => {
    beforeEach(() => {
      for (let i = 0; i < 5; i++) {
        api.create(configMaps(), {
          metadata: {
            name: `cm${i}`,
            labels: { parity: i % 2 ? 'odd' : 'even' },
          },
        });
      }
    });

    it('pages with limit and continue from one consistent snapshot', () => {
      const first = api.list(configMaps(), { limit: 2 });
      expect(first.items.map((o: any) => o.metadata.name)).toEqual([
        'cm0',
        'cm1',
      ]);
      expect(first.metadata.remainingItemCount).toBe(3);
      expect(first.items[0].kind).toBeUndefined();
      api.delete(configMaps(), 'cm2');
      api.create(configMaps(), { metadata: { name: 'cm9' } });
      const second = api.list(configMaps(), {
        limit: 2,
        continue: first.metadata.continue,
      });
      expect(second.items.map((o: any) => o.metadata.name)).toEqual([
        'cm2',
        'cm3',
      ]);
      const third = api.list(configMaps(), {
        limit: 2,
        continue: second.metadata.continue,
      });
      expect(third.items.map((o: any) => o.metadata.name)).toEqual(['cm4']);
      expect(third.metadata.continue).toBeUndefined();
      expect(third.metadata.resourceVersion).toBe(
        first.metadata.resourceVersion,
      );
    });

    it('answers 410 for a continue token older than the history', () => {
      const small = createApi(3);
      const scope = small.scope('v1', 'ConfigMap', 'default');
      for (let i = 0; i < 5; i++) {
        small.create(scope, { metadata: { name: `cm${i}` } });
      }
      const first = small.list(scope, { limit: 2 });
      for (let i = 5; i < 10; i++) {
        small.create(scope, { metadata: { name: `cm${i}` } });
      }
      const expired = failure(() =>
        small.list(scope, { limit: 2, continue: first.metadata.continue }),
      );
      expect(expired.status).toMatchObject({ code: 410, reason: 'Expired' });
      expect(
        failure(() => small.list(scope, { continue: 'garbage' })).code,
      ).toBe(400);
    });

    it('filters by label and field selectors and rejects unsupported fields', () => {
      const names = (options: object) =>
        api.list(configMaps(), options).items.map((o: any) => o.metadata.name);
      expect(names({ labelSelector: 'parity=odd' })).toEqual(['cm1', 'cm3']);
      expect(
        names({
          labelSelector: 'parity in (even),parity!=odd',
          fieldSelector: 'metadata.name!=cm0',
        }),
      ).toEqual(['cm2', 'cm4']);
      expect(
        failure(() => names({ fieldSelector: 'status.phase=Running' })).status,
      ).toMatchObject({
        code: 400,
        reason: 'BadRequest',
        message: 'field label not supported: status.phase',
      });
      expect(failure(() => names({ labelSelector: 'a in b' })).code).toBe(400);
      const pods = api.scope('v1', 'Pod', 'default');
      expect(
        api.list(pods, { fieldSelector: 'status.phase=Running' }).items,
      ).toEqual([]);
    });

    it('lists as of an exact resourceVersion', () => {
      const before = api.store.resourceVersion;
      api.delete(configMaps(), 'cm0');
      const then = api.list(configMaps(), {
        resourceVersion: String(before),
        resourceVersionMatch: 'Exact',
      });
      expect(then.items).toHaveLength(5);
      expect(then.metadata.resourceVersion).toBe(String(before));
    });
  });

  describe('delete', () => {
    it('answers a Success Status, or the object for Pods', () => {
      api.create(configMaps(), { metadata: { name: 'a' } });
      const { body } = api.delete(configMaps(), 'a');
      expect(body).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Success',
        details: { name: 'a', kind: 'configmaps', uid: expect.any(String) },
      });
      const pods = api.scope('v1', 'Pod', 'default');
      api.create(pods, {
        metadata: { name: 'p' },
        spec: { containers: [{ name: 'c', image: 'x' }] },
      });
      expect(api.delete(pods, 'p').body).toMatchObject({
        kind: 'Pod',
        metadata: { name: 'p' },
      });
    });

    it('holds an object with finalizers until the last one is removed', () => {
      const events: StoreEvent[] = [];
      api.store.subscribe(e => events.push(e));
      api.create(configMaps(), {
        metadata: { name: 'a', finalizers: ['example.com/x'] },
      });
      const { body, deleted } = api.delete(configMaps(), 'a');
      expect(deleted).toBe(false);
      expect((body as any).metadata).toMatchObject({
        deletionTimestamp: expect.any(String),
        deletionGracePeriodSeconds: 0,
        finalizers: ['example.com/x'],
      });
      const adding = failure(() =>
        api.patch(configMaps(), 'a', 'merge', {
          metadata: { finalizers: ['example.com/x', 'example.com/y'] },
        }),
      );
      expect(adding.code).toBe(422);
      api.patch(configMaps(), 'a', 'json', [
        { op: 'remove', path: '/metadata/finalizers' },
      ]);
      expect(api.store.get('/configmaps', 'default', 'a')).toBeUndefined();
      expect(events.map(e => e.type)).toEqual([
        'ADDED',
        'MODIFIED',
        'MODIFIED',
        'DELETED',
      ]);
    });

    it('adds the garbage collector finalizer for Foreground and Orphan, and orphans Jobs by default', () => {
      api.create(deployments(), deployment());
      const foreground = api.delete(deployments(), 'web', {
        propagationPolicy: 'Foreground',
      }).body as any;
      expect(foreground.metadata.finalizers).toEqual(['foregroundDeletion']);
      expect(foreground.metadata.generation).toBe(2);
      const jobs = api.scope('batch/v1', 'Job', 'default');
      api.create(jobs, {
        metadata: { name: 'j' },
        spec: {
          template: {
            spec: {
              restartPolicy: 'Never',
              containers: [{ name: 'c', image: 'x' }],
            },
          },
        },
      });
      expect((api.delete(jobs, 'j').body as any).metadata.finalizers).toEqual([
        'orphan',
      ]);
    });

    it('checks preconditions', () => {
      api.create(configMaps(), { metadata: { name: 'a' } });
      const conflict = failure(() =>
        api.delete(configMaps(), 'a', { preconditions: { uid: 'other' } }),
      );
      expect(conflict.status.message).toMatch(
        /^Operation cannot be fulfilled on configmaps "a": Precondition failed: UID in precondition: other/,
      );
    });

    it('ends a scheduled Pod gracefully', () => {
      const pods = api.scope('v1', 'Pod', 'default');
      api.create(pods, {
        metadata: { name: 'p' },
        spec: { containers: [{ name: 'c', image: 'x' }] },
      });
      api.bindPod('default', 'p', 'node');
      const { body, deleted } = api.delete(pods, 'p');
      expect(deleted).toBe(false);
      expect((body as any).metadata.deletionGracePeriodSeconds).toBe(30);
      expect(api.delete(pods, 'p', { gracePeriodSeconds: 0 }).deleted).toBe(
        true,
      );
    });
  });

  describe('patch', () => {
    it('answers 422 for bad patch options', () => {
      api.create(deployments(), deployment());
      expect(
        failure(() =>
          api.patch(deployments(), 'web', 'merge', {}, { force: true }),
        ).status.message,
      ).toBe(
        'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
      );
      expect(
        failure(() => api.patch(deployments(), 'web', 'apply', deployment()))
          .status.message,
      ).toBe(
        'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
      );
    });

    it('creates with apply (201) and reports conflicts between managers', () => {
      const created = api.patch(
        deployments(),
        'web',
        'apply',
        deployment('web', 1),
        { fieldManager: 'a' },
      );
      expect(created.created).toBe(true);
      expect(created.object.metadata.managedFields).toEqual([
        expect.objectContaining({ manager: 'a', operation: 'Apply' }),
      ]);
      expect(() =>
        api.patch(deployments(), 'web', 'apply', deployment('web', 2), {
          fieldManager: 'b',
        }),
      ).toThrow(
        /Apply failed with 1 conflict: conflict with "a" using apps\/v1: .spec.replicas/,
      );
      const forced = api.patch(
        deployments(),
        'web',
        'apply',
        deployment('web', 2),
        { fieldManager: 'b', force: true },
      );
      expect(forced.object.spec.replicas).toBe(2);
      expect(forced.object.metadata.generation).toBe(2);
    });

    it('merges containers by name with a strategic merge patch', () => {
      api.create(deployments(), deployment());
      const patched = api.patch(deployments(), 'web', 'strategic', {
        spec: {
          template: {
            spec: {
              containers: [{ name: 'app', env: [{ name: 'A', value: '1' }] }],
            },
          },
        },
      });
      expect(patched.object.spec.template.spec.containers).toEqual([
        expect.objectContaining({
          name: 'app',
          image: 'nginx:1.27',
          env: [{ name: 'A', value: '1' }],
        }),
      ]);
    });
  });
});
