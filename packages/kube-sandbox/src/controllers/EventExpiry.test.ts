import { SandboxApi } from '../api/SandboxApi';
import { builtinResourceTypes } from '../resources/builtinResourceTypes';
import { ResourceRegistry } from '../resources/ResourceRegistry';
import { ObjectStore } from '../store/ObjectStore';
import { timestamp } from '../util/json';
import { EVENT_TTL_MS, EventExpiry } from './EventExpiry';

describe('EventExpiry', () => {
  const api = SandboxApi.create({
    store: ObjectStore.create({ historySize: 100 }),
    registry: ResourceRegistry.create({ types: builtinResourceTypes() }),
  });
  api.create(api.scope('v1', 'Namespace'), { metadata: { name: 'default' } });
  const expiry = EventExpiry.create({ api });
  const scope = api.scope('v1', 'Event', 'default');
  const event = (name: string, lastSeenMsAgo: number) =>
    api.create(scope, {
      metadata: { name },
      involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' },
      reason: 'Started',
      lastTimestamp: timestamp(new Date(Date.now() - lastSeenMsAgo)),
    });

  it('deletes an Event an hour after it was last seen, and looks again at a younger one then', () => {
    event('old.1', EVENT_TTL_MS + 1000);
    event('young.1', 60_000);
    expect(expiry.reconcile('default/old.1')).toBeUndefined();
    expect(api.store.get('/events', 'default', 'old.1')).toBeUndefined();
    const result = expiry.reconcile('default/young.1');
    expect(result?.requeueAfterMs).toBeGreaterThan(EVENT_TTL_MS - 61_000);
    expect(result?.requeueAfterMs).toBeLessThanOrEqual(EVENT_TTL_MS - 59_000);
    expect(api.store.get('/events', 'default', 'young.1')).toBeDefined();
  });
});
