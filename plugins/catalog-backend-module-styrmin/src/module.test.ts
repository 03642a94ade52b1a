import {
  createServiceFactory,
  SchedulerServiceTaskInvocationDefinition,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import {
  catalogProcessingExtensionPoint,
  EntityProvider,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import { EventParams, eventsServiceRef } from '@backstage/plugin-events-node';
// The provider's test runs the real Styrmin backend beside it, as a backend would; the
// module itself reaches it over HTTP only.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { StyrminClient } from '@styrmin/sdk';
import { resolve as resolvePath } from 'node:path';
import { catalogModuleStyrmin } from './module';
import { StyrminEntityProvider } from './provider/StyrminEntityProvider';

jest.setTimeout(60_000);

const DRIVERS = resolvePath(__dirname, '../../../drivers');

/** Polls until `check` passes, at most `timeoutMs`. */
async function eventually<T>(check: () => T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise(resolve => setTimeout(resolve, 50));
    }
  }
}

describe('catalogModuleStyrmin against the Styrmin backend', () => {
  const providers: EntityProvider[] = [];
  const mutations: EntityProviderMutation[] = [];
  const published: EventParams[] = [];
  // The provider's scheduled task, as the scheduler received it.
  const scheduled: SchedulerServiceTaskInvocationDefinition[] = [];
  const scheduler = mockServices.scheduler.mock({
    createScheduledTaskRunner: () => ({
      run: async task => {
        scheduled.push(task);
      },
    }),
  });
  let client: StyrminClient;

  /** The entities of the last mutation, by entity reference. */
  function catalog(): Record<string, Entity> {
    const last = mutations[mutations.length - 1];
    if (last?.type !== 'full') {
      throw new Error('No full mutation yet');
    }
    return Object.fromEntries(
      last.entities.map(({ entity }) => [stringifyEntityRef(entity), entity]),
    );
  }

  beforeAll(async () => {
    // One event bus for both plugins, as the events backend gives a real backend.
    const events = mockServices.events();
    const publish = events.publish.bind(events);
    events.publish = async params => {
      // Styrmin's change events, which the provider follows; the Backstage signals the
      // backend also sends for live pages travel on the same bus under their own topic.
      if (params.topic !== 'signals') {
        published.push(params);
      }
      await publish(params);
    };
    const { server } = await startTestBackend({
      features: [
        styrminPlugin,
        catalogModuleStyrmin,
        scheduler.factory,
        createServiceFactory({
          service: eventsServiceRef,
          deps: {},
          factory: () => events,
        }),
        mockServices.rootConfig.factory({
          data: {
            app: { baseUrl: 'http://portal.example.com' },
            styrmin: { drivers: { allowedDirectories: [DRIVERS] } },
            catalog: {
              providers: {
                styrmin: {
                  environmentOwners: { dev: 'group:default/team-a' },
                },
              },
            },
          },
        }),
      ],
      extensionPoints: [
        [
          catalogProcessingExtensionPoint,
          {
            addEntityProvider: (
              ...added: Array<EntityProvider | EntityProvider[]>
            ) => providers.push(...added.flat()),
          },
        ],
      ],
    });
    client = StyrminClient.create({
      baseUrl: `http://localhost:${server.port()}/api/styrmin`,
      token: mockCredentials.user.token('user:default/admin'),
    });
    await providers[0].connect({
      applyMutation: async mutation => {
        mutations.push(mutation);
      },
      refresh: async () => {},
    });
  });

  it('adds one provider with a stable name', () => {
    expect(providers.map(p => p.getProviderName())).toEqual(['styrmin']);
  });

  it('applies an empty set on its scheduled refresh while Styrmin is empty', async () => {
    expect(scheduled.map(task => task.id)).toEqual(['styrmin:refresh']);
    expect(scheduler.createScheduledTaskRunner).toHaveBeenCalledWith(
      expect.objectContaining({ frequency: { minutes: 30 } }),
    );
    await scheduled[0].fn(new AbortController().signal);
    expect(mutations).toEqual([{ type: 'full', entities: [] }]);
  });

  it('follows each change that Styrmin announces, without waiting for the schedule', async () => {
    await client.loadDriver({
      source: 'DIRECTORY',
      path: resolvePath(DRIVERS, 'infrahub/1.1.0'),
    });
    // The driver's only, so newest, version: its template is named after the driver.
    await eventually(() =>
      expect(Object.keys(catalog())).toEqual(['template:default/infrahub']),
    );

    const { cluster } = await client.registerCluster({ name: 'local' });
    const dev = await client.createEnvironment({
      name: 'dev',
      cluster: cluster.id,
    });
    const { deployment } = await client.createDeployment({
      environment: dev.id,
      name: 'infrahub',
      driver: 'infrahub',
      driverVersion: '1.1.0',
      configuration: {
        app_version: '1.5.2',
        parameters: { admin_password: 'correct horse battery' },
      },
    });
    await eventually(() =>
      expect(Object.keys(catalog()).sort()).toEqual([
        'resource:default/dev',
        'resource:default/dev.infrahub',
        'system:default/local',
        'template:default/infrahub',
      ]),
    );

    const entities = catalog();
    expect(entities['resource:default/dev']).toMatchObject({
      metadata: {
        annotations: {
          'styrmin.io/environment-id': dev.id,
          'styrmin.io/cluster-id': cluster.id,
        },
        links: [
          {
            url: `http://portal.example.com/styrmin/environments/${dev.id}`,
          },
        ],
      },
      spec: {
        type: 'styrmin-environment',
        owner: 'group:default/team-a',
        system: 'local',
      },
    });
    expect(entities['resource:default/dev.infrahub']).toMatchObject({
      metadata: {
        annotations: {
          'styrmin.io/deployment-id': deployment.id,
          'backstage.io/kubernetes-id': deployment.id,
          'backstage.io/kubernetes-namespace': `styrmin-${deployment.id}`,
          'backstage.io/kubernetes-label-selector':
            'app.kubernetes.io/component in (database,server,task-worker),app.kubernetes.io/name=infrahub',
        },
      },
      spec: {
        type: 'styrmin-deployment',
        owner: 'group:default/team-a',
        system: 'local',
        dependsOn: ['resource:default/dev'],
      },
    });
    expect(entities['system:default/local'].metadata.annotations).toMatchObject(
      { 'styrmin.io/cluster-id': cluster.id },
    );
    const template = entities['template:default/infrahub'] as any;
    expect(template.spec.parameters[1].properties.admin_password).toMatchObject(
      { 'ui:field': 'Secret' },
    );
    expect(template.spec.steps[0].input.parameters.admin_password).toBe(
      '${{ secrets.admin_password }}',
    );

    expect(published.map(event => event.eventPayload)).toEqual([
      { mutations: ['loadDriver'] },
      { mutations: ['registerCluster'] },
      { mutations: ['createEnvironment'] },
      { mutations: ['createDeployment'] },
    ]);
    expect(new Set(published.map(event => event.topic))).toEqual(
      new Set(['styrmin.changes']),
    );
  });

  it('removes a deleted deployment; Styrmin keeps its tombstone', async () => {
    const existing = await client.deployment({
      environment: 'dev',
      name: 'infrahub',
    });
    await client.deleteDeployment({ id: existing!.id });
    await eventually(() =>
      expect(Object.keys(catalog()).sort()).toEqual([
        'resource:default/dev',
        'system:default/local',
        'template:default/infrahub',
      ]),
    );
    expect(await client.deployment({ id: existing!.id })).toMatchObject({
      deletedAt: expect.any(String),
    });
  });

  it('runs one refresh at a time, and one more for any number asked for meanwhile', async () => {
    const provider = providers[0] as StyrminEntityProvider;
    const before = mutations.length;
    await Promise.all([1, 2, 3, 4, 5].map(() => provider.refresh()));
    expect(mutations.length - before).toBe(2);
  });

  it('publishes nothing for a mutation that failed', async () => {
    const before = published.length;
    await expect(
      client.createEnvironment({ name: 'dev', cluster: 'no-such-cluster' }),
    ).rejects.toMatchObject({ code: expect.any(String) });
    expect(published).toHaveLength(before);
  });
});
