import { ObjectStore } from './ObjectStore';
import { StoreEvent } from './types';

describe('ObjectStore', () => {
  const key = '/configmaps';
  const configMap = (name: string, value: string, namespace = 'default') => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace },
    data: { value },
  });

  it('gives every change the next global resourceVersion and freezes what it stores', () => {
    const store = ObjectStore.create({ historySize: 10 });
    const a = store.put(key, configMap('a', '1'));
    const b = store.put('/secrets', {
      metadata: { name: 'b', namespace: 'default' },
    });
    expect([a.metadata.resourceVersion, b.metadata.resourceVersion]).toEqual([
      '1',
      '2',
    ]);
    expect(Object.isFrozen(a.data)).toBe(true);
    expect(() => {
      (a.data as any).value = 'x';
    }).toThrow(TypeError);
    expect(store.resourceVersion).toBe(2);
  });

  it('lists in key order, per namespace or all', () => {
    const store = ObjectStore.create({ historySize: 10 });
    store.put(key, configMap('b', '1', 'ns2'));
    store.put(key, configMap('b', '1', 'ns1'));
    store.put(key, configMap('a', '1', 'ns2'));
    const names = (namespace?: string) =>
      store
        .list(key, namespace)
        .map(o => `${o.metadata.namespace}/${o.metadata.name}`);
    expect(names()).toEqual(['ns1/b', 'ns2/a', 'ns2/b']);
    expect(names('ns2')).toEqual(['ns2/a', 'ns2/b']);
  });

  it('tells listeners about every change, deletes with their last state at a new resourceVersion', () => {
    const store = ObjectStore.create({ historySize: 10 });
    const events: StoreEvent[] = [];
    const unsubscribe = store.subscribe(e => events.push(e));
    store.put(key, configMap('a', '1'));
    store.put(key, configMap('a', '2'));
    store.remove(key, 'default', 'a');
    unsubscribe();
    store.put(key, configMap('b', '1'));
    expect(
      events.map(e => [
        e.type,
        e.resourceVersion,
        e.object.data.value,
        e.previous?.data.value,
      ]),
    ).toEqual([
      ['ADDED', 1, '1', undefined],
      ['MODIFIED', 2, '2', '1'],
      ['DELETED', 3, '2', '2'],
    ]);
    expect(events[2].object.metadata.resourceVersion).toBe('3');
  });

  it('replays history after a resourceVersion until it is compacted', () => {
    const store = ObjectStore.create({ historySize: 3 });
    for (let i = 1; i <= 5; i++) {
      store.put(key, configMap(`o${i}`, String(i)));
    }
    expect(store.eventsSince(3)!.map(e => e.resourceVersion)).toEqual([4, 5]);
    expect(store.eventsSince(2)!.map(e => e.resourceVersion)).toEqual([
      3, 4, 5,
    ]);
    expect(store.eventsSince(1)).toBeUndefined();
    expect(store.oldestResourceVersion).toBe(2);
    store.compact();
    expect(store.eventsSince(4)).toBeUndefined();
    expect(store.eventsSince(5)).toEqual([]);
  });

  it('rebuilds the list as it was at an older resourceVersion', () => {
    const store = ObjectStore.create({ historySize: 100 });
    store.put(key, configMap('a', '1'));
    store.put(key, configMap('b', '1'));
    const snapshot = store.resourceVersion;
    store.put(key, configMap('a', '2'));
    store.remove(key, 'default', 'b');
    store.put(key, configMap('c', '1'));
    store.put('/secrets', { metadata: { name: 's', namespace: 'default' } });
    const then = store.listAt(key, 'default', snapshot)!;
    expect(then.map(o => [o.metadata.name, o.data.value])).toEqual([
      ['a', '1'],
      ['b', '1'],
    ]);
    expect(store.listAt(key, 'other', snapshot)).toEqual([]);
  });

  it('cannot rebuild a list older than its history', () => {
    const store = ObjectStore.create({ historySize: 1 });
    store.put(key, configMap('a', '1'));
    store.put(key, configMap('a', '2'));
    store.put(key, configMap('a', '3'));
    expect(store.listAt(key, undefined, 1)).toBeUndefined();
    expect(store.listAt(key, undefined, 2)!.map(o => o.data.value)).toEqual([
      '2',
    ]);
  });
});
