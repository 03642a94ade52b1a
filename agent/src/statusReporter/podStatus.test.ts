import { V1Pod } from '@kubernetes/client-node';
import { podStatus } from './podStatus';

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
