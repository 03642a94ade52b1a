import { StyrminError } from '@styrmin/plugin-styrmin-common';
import {
  exampleDeployment,
  ExampleDeploymentOptions,
} from '../../__testUtils__/exampleDeployment';
import {
  componentPatches,
  KustomizePatch,
  needsRenderedWorkloads,
  RenderedWorkload,
  renderedWorkloads,
  RESTARTED_AT_ANNOTATION,
} from './componentPatches';

/** The workloads infrahub 1.0.0's chart renders for the release `infrahub`. */
const INFRAHUB_WORKLOADS: RenderedWorkload[] = [
  {
    kind: 'StatefulSet',
    name: 'infrahub-infrahub-database',
    labels: {
      'app.kubernetes.io/name': 'infrahub',
      'app.kubernetes.io/component': 'database',
    },
    containers: [{ name: 'database', env: ['INFRAHUB_DB_PASSWORD'] }],
  },
  {
    kind: 'Deployment',
    name: 'infrahub-infrahub-server',
    labels: {
      'app.kubernetes.io/name': 'infrahub',
      'app.kubernetes.io/component': 'server',
    },
    containers: [
      { name: 'server', env: ['INFRAHUB_DB_ADDRESS', 'INFRAHUB_LOG_LEVEL'] },
    ],
  },
  {
    kind: 'Deployment',
    name: 'infrahub-infrahub-task-worker',
    labels: {
      'app.kubernetes.io/name': 'infrahub',
      'app.kubernetes.io/component': 'task-worker',
    },
    containers: [{ name: 'metrics' }, { name: 'task-worker' }],
  },
];

const selectorOf = (component: string) =>
  `app.kubernetes.io/component=${component},app.kubernetes.io/name=infrahub`;

const replicas = (component: string, count: number): KustomizePatch[] =>
  ['Deployment', 'StatefulSet'].map(kind => ({
    target: {
      group: 'apps',
      version: 'v1',
      kind,
      labelSelector: selectorOf(component),
    },
    patch: JSON.stringify([
      { op: 'add', path: '/spec/replicas', value: count },
    ]),
  }));

const onServer = (operations: object[]): KustomizePatch => ({
  target: {
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    name: 'infrahub-infrahub-server',
  },
  patch: JSON.stringify([
    {
      op: 'test',
      path: '/spec/template/spec/containers/0/name',
      value: 'server',
    },
    ...operations,
  ]),
});

const container = (field: string) =>
  `/spec/template/spec/containers/0/${field}`;

/** The database is a singleton: the driver default of 1 is in every context. */
const DATABASE = replicas('database', 1);

describe('componentPatches', () => {
  it("restarts a component: its workloads' pod template gets the restart's time, the chart's annotations kept", () => {
    const spec = exampleDeployment().spec;
    const at = '2026-12-02T00:10:00.000Z';
    expect(
      componentPatches({ ...spec, restartedComponents: { server: at } }),
    ).toEqual([
      ...DATABASE,
      ...['Deployment', 'StatefulSet'].map(kind => ({
        target: {
          group: 'apps',
          version: 'v1',
          kind,
          labelSelector: selectorOf('server'),
        },
        patch: JSON.stringify({
          apiVersion: 'apps/v1',
          kind,
          metadata: { name: 'restarted' },
          spec: {
            template: {
              metadata: {
                annotations: { [RESTARTED_AT_ANNOTATION]: at },
              },
            },
          },
        }),
      })),
    ]);
  });

  it.each<[string, ExampleDeploymentOptions, KustomizePatch[]]>([
    [
      'no overrides: the singleton runs 1 replica, the chart keeps the other counts',
      {},
      DATABASE,
    ],
    [
      'a replica override goes to every Deployment and StatefulSet of the component',
      { configuration: { components: { server: { replicas: 3 } } } },
      [...DATABASE, ...replicas('server', 3)],
    ],
    [
      'a stopped component runs 0 pods and keeps its override in the context',
      {
        configuration: { components: { 'task-worker': { replicas: 4 } } },
        stoppedComponents: ['task-worker'],
      },
      [...DATABASE, ...replicas('task-worker', 0)],
    ],
    [
      "env vars replace the chart's entry of the same name and append the others",
      {
        configuration: {
          components: {
            server: {
              env: {
                INFRAHUB_LOG_LEVEL: 'DEBUG',
                SENTRY_DSN: { secret: 'https://key@sentry.example.com/1' },
              },
            },
          },
        },
      },
      [
        ...DATABASE,
        onServer([
          {
            op: 'test',
            path: container('env/1/name'),
            value: 'INFRAHUB_LOG_LEVEL',
          },
          {
            op: 'replace',
            path: container('env/1'),
            value: { name: 'INFRAHUB_LOG_LEVEL', value: 'DEBUG' },
          },
          {
            op: 'add',
            path: container('env/-'),
            value: {
              name: 'SENTRY_DSN',
              value: 'https://key@sentry.example.com/1',
            },
          },
        ]),
      ],
    ],
    [
      'image, command and args replace the whole value, an empty args list too',
      {
        configuration: {
          components: {
            server: {
              image: 'registry.example.com/infrahub:{{ app.version }}-debug',
              command: ['/bin/sh', '-c'],
              args: [],
            },
          },
        },
      },
      [
        ...DATABASE,
        onServer([
          {
            op: 'add',
            path: container('image'),
            value: 'registry.example.com/infrahub:1.5.2-debug',
          },
          { op: 'add', path: container('command'), value: ['/bin/sh', '-c'] },
          { op: 'add', path: container('args'), value: [] },
        ]),
      ],
    ],
    [
      'a container without env gets the list, at its own index',
      {
        configuration: {
          components: {
            'task-worker': { env: { B: '2', A: '1' }, replicas: 5 },
          },
        },
      },
      [
        ...DATABASE,
        ...replicas('task-worker', 5),
        {
          target: {
            group: 'apps',
            version: 'v1',
            kind: 'Deployment',
            name: 'infrahub-infrahub-task-worker',
          },
          patch: JSON.stringify([
            {
              op: 'test',
              path: '/spec/template/spec/containers/1/name',
              value: 'task-worker',
            },
            {
              op: 'add',
              path: '/spec/template/spec/containers/1/env',
              value: [
                { name: 'A', value: '1' },
                { name: 'B', value: '2' },
              ],
            },
          ]),
        },
      ],
    ],
  ])('%s', (_, options, expected) => {
    expect(
      componentPatches(exampleDeployment(options).spec, INFRAHUB_WORKLOADS),
    ).toEqual(expected);
  });

  it('follows the replica precedence: override, driver default, singleton, chart', () => {
    const patches = componentPatches(
      exampleDeployment({
        driverVersion: 'infrahub/1.1.0',
        configuration: {
          app_version: '1.6.0',
          components: { server: { replicas: 2 } },
        },
      }).spec,
    );
    expect(patches).toEqual([
      ...DATABASE,
      ...replicas('server', 2),
      // 1.1.0's driver default for the task workers.
      ...replicas('task-worker', 2),
    ]);
  });

  it.each<[string, RenderedWorkload[], RegExp]>([
    [
      'the workload lacks the component container',
      INFRAHUB_WORKLOADS.map(w =>
        w.name.endsWith('server')
          ? { ...w, containers: [{ name: 'web' }, { name: 'proxy' }] }
          : w,
      ),
      /Deployment infrahub-infrahub-server has no container "server" \(it has "web", "proxy"\); Styrmin never adds a container/,
    ],
    [
      'no workload carries the selector',
      INFRAHUB_WORKLOADS.filter(w => !w.name.endsWith('server')),
      /the chart renders no Deployment or StatefulSet with the labels app.kubernetes.io\/component=server,app.kubernetes.io\/name=infrahub/,
    ],
  ])(
    'fails with COMPONENT_CONTAINER_NOT_FOUND when an override applies and %s',
    (_, workloads, message) => {
      const spec = exampleDeployment({
        configuration: { components: { server: { env: { A: '1' } } } },
      }).spec;
      let error: unknown;
      try {
        componentPatches(spec, workloads);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(StyrminError);
      expect(error).toMatchObject({
        code: 'COMPONENT_CONTAINER_NOT_FOUND',
        field: 'components.server.container',
      });
      expect((error as Error).message).toMatch(message);
      // The code leads the message, which is all that reaches the step and the deployment.
      expect((error as Error).message).toMatch(
        /^COMPONENT_CONTAINER_NOT_FOUND: component "server": /,
      );
    },
  );

  it('needs no container when no override applies to the component', () => {
    const spec = exampleDeployment({
      configuration: { components: { server: { replicas: 2, env: {} } } },
    }).spec;
    expect(needsRenderedWorkloads(spec)).toBe(false);
    expect(componentPatches(spec, [])).toEqual([
      ...DATABASE,
      ...replicas('server', 2),
    ]);
  });
});

describe('renderedWorkloads', () => {
  it('keeps the Deployments and StatefulSets, without Helm hooks', () => {
    const pod = {
      containers: [{ name: 'c', env: [{ name: 'E', value: '' }] }],
    };
    expect(
      renderedWorkloads([
        { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } },
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'd', labels: { a: 'b' } },
          spec: { template: { spec: pod } },
        },
        {
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: {
            name: 'hook',
            annotations: { 'helm.sh/hook': 'pre-install' },
          },
          spec: { template: { spec: pod } },
        },
        {
          apiVersion: 'batch/v1',
          kind: 'Job',
          metadata: { name: 'j' },
          spec: { template: { spec: pod } },
        },
      ]),
    ).toEqual([
      {
        kind: 'Deployment',
        name: 'd',
        labels: { a: 'b' },
        containers: [{ name: 'c', env: ['E'] }],
      },
    ]);
  });
});
