import { V1Pod } from '@kubernetes/client-node';
import { podFields, podStatus } from './podStatus';

const components = {
  server: { selector: { app: 'x', component: 'server' }, singleton: false },
  worker: { selector: { app: 'x', component: 'worker' }, singleton: false },
};

const pod = (overrides: Partial<V1Pod['status']>, labels = {}): V1Pod => ({
  metadata: { name: 'p1', labels: { app: 'x', ...labels } },
  status: { phase: 'Running', ...overrides },
});

describe('podStatus', () => {
  it('reads a ready pod of a component', () => {
    expect(
      podStatus(
        pod(
          {
            startTime: new Date('2026-01-01T00:00:00Z'),
            conditions: [{ type: 'Ready', status: 'True' }],
            containerStatuses: [
              {
                name: 'a',
                ready: true,
                restartCount: 1,
                image: 'i',
                imageID: '',
              },
              {
                name: 'b',
                ready: true,
                restartCount: 2,
                image: 'i',
                imageID: '',
              },
            ],
          },
          { component: 'server' },
        ),
        components,
      ),
    ).toEqual({
      name: 'p1',
      phase: 'Running',
      ready: true,
      restarts: 3,
      startedAt: '2026-01-01T00:00:00.000Z',
      component: 'server',
    });
  });

  it('gives the reason of a pod that is not ready, and no component when none matches', () => {
    expect(
      podStatus(
        pod({
          phase: 'Pending',
          containerStatuses: [
            {
              name: 'a',
              ready: false,
              restartCount: 4,
              image: 'i',
              imageID: '',
              state: { waiting: { reason: 'CrashLoopBackOff' } },
            },
          ],
        }),
        components,
      ),
    ).toEqual({
      name: 'p1',
      phase: 'Pending',
      ready: false,
      restarts: 4,
      reason: 'CrashLoopBackOff',
    });
  });

  it('takes a phase it does not know for Unknown', () => {
    expect(podStatus(pod({ phase: 'Weird' }), components).phase).toBe(
      'Unknown',
    );
  });
});

describe('podFields', () => {
  /** A pod as the API serves it, with the spec and status fields the reporter does not read. */
  const served: V1Pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'p1',
      namespace: 'styrmin-d1',
      uid: 'u1',
      resourceVersion: '12',
      labels: { app: 'x', component: 'worker' },
      annotations: { note: 'a long one' },
      managedFields: [{ manager: 'kubelet', operation: 'Update' }],
      ownerReferences: [
        { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'r', uid: 'r1' },
      ],
    },
    spec: {
      containers: [{ name: 'a', image: 'i', env: [{ name: 'X', value: 'y' }] }],
      nodeName: 'node-1',
    },
    status: {
      phase: 'Running',
      startTime: new Date('2026-01-01T00:00:00Z'),
      podIP: '10.0.0.9',
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: 'False', message: 'containers not ready' },
      ],
      initContainerStatuses: [
        {
          name: 'init',
          ready: false,
          restartCount: 1,
          image: 'i',
          imageID: 'sha',
          state: { terminated: { reason: 'Completed', exitCode: 0 } },
        },
      ],
      containerStatuses: [
        {
          name: 'a',
          ready: false,
          restartCount: 4,
          image: 'i',
          imageID: 'sha',
          state: {
            waiting: { reason: 'CrashLoopBackOff', message: 'back-off' },
          },
        },
      ],
    },
  };

  it('keeps what podStatus reads: the same row from what is kept', () => {
    const kept = podFields(served);
    expect(podStatus(kept, components)).toEqual(podStatus(served, components));
    expect(podStatus(kept, components)).toMatchObject({
      restarts: 5,
      reason: 'Completed',
      component: 'worker',
      ready: false,
    });
  });

  it('keeps no spec, managed fields, annotations or unread status', () => {
    const kept = podFields(served);
    expect(kept.spec).toBeUndefined();
    expect(kept.metadata).toEqual({
      name: 'p1',
      namespace: 'styrmin-d1',
      resourceVersion: '12',
      labels: { app: 'x', component: 'worker' },
    });
    expect(JSON.stringify(kept)).not.toMatch(/podIP|PodScheduled|back-off|sha/);
  });
});
