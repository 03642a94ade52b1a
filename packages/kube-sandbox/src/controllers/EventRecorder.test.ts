import { SandboxApi } from '../api/SandboxApi';
import { builtinResourceTypes } from '../resources/builtinResourceTypes';
import { ResourceRegistry } from '../resources/ResourceRegistry';
import { ObjectStore } from '../store/ObjectStore';
import { KubeObject } from '../store/types';
import { EventRecorder } from './EventRecorder';

describe('EventRecorder', () => {
  let api: SandboxApi;
  let pod: KubeObject;

  beforeEach(() => {
    api = SandboxApi.create({
      store: ObjectStore.create({ historySize: 1000 }),
      registry: ResourceRegistry.create({ types: builtinResourceTypes() }),
    });
    api.create(api.scope('v1', 'Namespace'), {
      metadata: { name: 'shop' },
    });
    pod = api.create(api.scope('v1', 'Pod', 'shop'), {
      metadata: { name: 'web' },
      spec: { containers: [{ name: 'app', image: 'nginx' }] },
    }).object;
  });

  const events = () => api.store.list('/events', 'shop');

  it('writes an Event as client-go does, and the same event again as a count on it', () => {
    const recorder = EventRecorder.create({
      api,
      component: 'kubelet',
      host: 'sandbox-node',
    });
    recorder.warning(
      pod,
      'BackOff',
      'Back-off restarting',
      'spec.containers{app}',
    );
    recorder.warning(
      pod,
      'BackOff',
      'Back-off restarting',
      'spec.containers{app}',
    );
    recorder.normal(pod, 'Started', 'Started container app');
    const [backOff, started] = events().sort((a, b) =>
      a.reason.localeCompare(b.reason),
    );
    expect(backOff).toMatchObject({
      metadata: { namespace: 'shop' },
      involvedObject: {
        kind: 'Pod',
        name: 'web',
        namespace: 'shop',
        uid: pod.metadata.uid,
        apiVersion: 'v1',
        fieldPath: 'spec.containers{app}',
      },
      type: 'Warning',
      reason: 'BackOff',
      message: 'Back-off restarting',
      count: 2,
      source: { component: 'kubelet', host: 'sandbox-node' },
      reportingComponent: 'kubelet',
      reportingInstance: 'sandbox-node',
    });
    expect(backOff.metadata.name).toMatch(/^web\.[0-9a-f]+$/);
    expect(Date.parse(backOff.lastTimestamp)).toBeGreaterThanOrEqual(
      Date.parse(backOff.firstTimestamp),
    );
    expect(started).toMatchObject({ type: 'Normal', count: 1 });
  });

  it('combines more than 10 similar events (same reason, other messages) into one', () => {
    const recorder = EventRecorder.create({ api, component: 'job-controller' });
    for (let i = 0; i < 14; i++) {
      recorder.normal(pod, 'SuccessfulCreate', `Created pod: web-${i}`);
    }
    const all = events();
    expect(all).toHaveLength(11);
    const combined = all.find(e => e.message.startsWith('(combined'))!;
    expect(combined).toMatchObject({
      message: '(combined from similar events): Created pod: web-13',
      count: 4,
    });
  });

  it('drops an event it cannot write (no such namespace) without failing its caller', () => {
    const recorder = EventRecorder.create({ api, component: 'kubelet' });
    const elsewhere = {
      ...pod,
      metadata: { ...pod.metadata, namespace: 'gone' },
    };
    expect(() => recorder.normal(elsewhere, 'Started', 'x')).not.toThrow();
    expect(api.store.list('/events')).toHaveLength(0);
  });
});
