import { GlobalContext } from '@styrmin/plugin-styrmin-common';
import { describeWorkload } from './describeWorkload';

const selector = { app: 'x' };
const driver = {
  components: {
    server: { selector, singleton: false },
    database: { selector, singleton: true },
    worker: { selector, singleton: false },
  },
  services: [
    {
      name: 'http',
      component: 'server',
      port: 80,
      protocol: 'TCP' as const,
      type: 'ClusterIP' as const,
    },
    {
      name: 'admin',
      component: 'server',
      port: 9000,
      protocol: 'TCP' as const,
      type: 'NodePort' as const,
    },
  ],
};

const address = (name: string, port: number) => ({
  host: `${name}.styrmin-d1.svc.cluster.local`,
  port,
  url: `http://${name}.styrmin-d1.svc.cluster.local:${port}`,
});

const context = {
  cluster: {},
  deployment: { id: 'd1', name: 'infrahub', namespace: 'styrmin-d1' },
  environment: {
    name: 'dev',
    deployments: {
      infrahub: {
        id: 'd1',
        namespace: 'styrmin-d1',
        services: { http: address('http', 80), admin: address('admin', 9000) },
      },
      // Another deployment's services are not this one's.
      semaphore: {
        id: 'd2',
        namespace: 'styrmin-d2',
        services: { ui: address('ui', 3000) },
      },
    },
  },
  components: {
    server: { replicas: 3 },
    database: { replicas: 1 },
    worker: {},
  },
} as unknown as GlobalContext;

describe('describeWorkload', () => {
  it('counts the pods and ready pods of each component beside the replicas it should run', () => {
    const { components } = describeWorkload({
      context,
      driver,
      pods: [
        { component: 'server', ready: true },
        { component: 'server', ready: false },
        { component: 'server', ready: true },
        { component: 'database', ready: true },
        // Matches no component: counted for none.
        { component: undefined, ready: true },
      ],
    });

    expect(components).toEqual([
      {
        name: 'database',
        desiredReplicas: 1,
        pods: 1,
        readyReplicas: 1,
        singleton: true,
        stopped: false,
      },
      {
        name: 'server',
        desiredReplicas: 3,
        pods: 3,
        readyReplicas: 2,
        singleton: false,
        stopped: false,
      },
      // The chart's own count: no desired count to show, and no pods reported yet.
      {
        name: 'worker',
        desiredReplicas: undefined,
        pods: 0,
        readyReplicas: 0,
        singleton: false,
        stopped: false,
      },
    ]);
  });

  it('marks the components the status says are stopped, keeping the replicas they start with', () => {
    const { components } = describeWorkload({
      context,
      driver,
      pods: [],
      status: {
        observedGeneration: 2,
        // A component the driver version no longer declares is nobody's.
        stoppedComponents: ['server', 'gone'],
      },
    });

    expect(components.map(c => [c.name, c.stopped, c.desiredReplicas])).toEqual(
      [
        ['database', false, 1],
        ['server', true, 3],
        ['worker', false, undefined],
      ],
    );
  });

  it.each([
    ['no status yet', undefined],
    ['a status without stopped components', { observedGeneration: 1 }],
    ['stopped components that are not a list', { stoppedComponents: 'server' }],
    ['names that are not strings', { stoppedComponents: [1, null, {}] }],
  ])('stops nothing for %s', (_, status) => {
    const { components } = describeWorkload({
      context,
      driver,
      pods: [],
      status: status as any,
    });

    expect(components.some(c => c.stopped)).toBe(false);
  });

  it("gives each declared service its own address, never another deployment's", () => {
    const { services } = describeWorkload({ context, driver, pods: [] });

    expect(services).toEqual([
      {
        name: 'admin',
        component: 'server',
        host: 'admin.styrmin-d1.svc.cluster.local',
        port: 9000,
        url: 'http://admin.styrmin-d1.svc.cluster.local:9000',
        protocol: 'TCP',
        type: 'NodePort',
      },
      {
        name: 'http',
        component: 'server',
        host: 'http.styrmin-d1.svc.cluster.local',
        port: 80,
        url: 'http://http.styrmin-d1.svc.cluster.local:80',
        protocol: 'TCP',
        type: 'ClusterIP',
      },
    ]);
  });

  it('leaves out a service that the context gives no address', () => {
    const { services } = describeWorkload({
      context: {
        ...context,
        environment: { name: 'dev', deployments: {} },
      },
      driver,
      pods: [],
    });

    expect(services).toEqual([]);
  });
});
