import { builtinResourceTypes } from '../resources/builtinResourceTypes';
import { ResourceRegistry } from '../resources/ResourceRegistry';
import { ObjectStore } from '../store/ObjectStore';
import { ApiError } from './ApiError';
import { openWatch, WatchEvent } from './openWatch';
import { SandboxApi } from './SandboxApi';

describe('openWatch', () => {
  const setup = () => {
    const api = SandboxApi.create({
      store: ObjectStore.create({ historySize: 100 }),
      registry: ResourceRegistry.create({ types: builtinResourceTypes() }),
    });
    api.create(api.scope('v1', 'Namespace'), { metadata: { name: 'default' } });
    const scope = api.scope('v1', 'ConfigMap', 'default');
    api.create(scope, { metadata: { name: 'a' } });
    return { api, scope };
  };

  it('sends the initial objects, then the initial-events-end bookmark for sendInitialEvents', () => {
    const { api, scope } = setup();
    const events: WatchEvent[] = [];
    const handle = openWatch(
      api,
      scope,
      {
        sendInitialEvents: true,
        allowWatchBookmarks: true,
        resourceVersion: '',
      },
      e => events.push(e),
    );
    api.create(scope, { metadata: { name: 'b' } });
    handle.bookmark();
    handle.stop();
    api.create(scope, { metadata: { name: 'c' } });
    expect(
      events.map(e => `${e.type}:${(e.object as any).metadata.name ?? ''}`),
    ).toEqual(['ADDED:a', 'BOOKMARK:', 'ADDED:b', 'BOOKMARK:']);
    expect(events[1].object).toEqual({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: {
        resourceVersion: '2',
        annotations: { 'k8s.io/initial-events-end': 'true' },
      },
    });
    expect((events[3].object as any).metadata.resourceVersion).toBe('3');
  });

  it('sends no bookmarks unless allowed, and checks selectors and resource versions first', () => {
    const { api, scope } = setup();
    const events: WatchEvent[] = [];
    const handle = openWatch(api, scope, { resourceVersion: '1' }, e =>
      events.push(e),
    );
    handle.bookmark();
    handle.stop();
    expect(events.map(e => e.type)).toEqual(['ADDED']);
    expect(() =>
      openWatch(api, scope, { labelSelector: 'a in b' }, () => {}),
    ).toThrow(ApiError);
    expect(() =>
      openWatch(api, scope, { resourceVersion: 'abc' }, () => {}),
    ).toThrow('invalid resource version: abc');
  });
});
