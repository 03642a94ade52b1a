import { mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { Knex } from 'knex';
import { countQueries } from '../../__testUtils__/countQueries';
import {
  createCoreStores,
  createTestGraphQL,
  TEST_USER,
} from '../../__testUtils__/coreStores';
import { createTestDatabases } from '../../__testUtils__/databases';
import { SEMAPHORE_CONFIGURATION } from '../../__testUtils__/reconciliation';
import { changeMutation } from '../../__testUtils__/changeMutation';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
const ENV_SECRET = 'sentry-dsn-secret';

const REGISTER = /* GraphQL */ `
  mutation Register($input: RegisterClusterInput!) {
    registerCluster(input: $input) {
      agentToken
      cluster {
        id
        name
        settings
        workPool
        version
      }
    }
  }
`;

const CREATE_ENVIRONMENT = /* GraphQL */ `
  mutation CreateEnvironment($input: CreateEnvironmentInput!) {
    createEnvironment(input: $input) {
      id
      name
      cluster {
        name
      }
    }
  }
`;

const CHANGE_FIELDS = /* GraphQL */ `
  fragment Change on DeploymentChangeResult {
    changed
    droppedParameters
    deployment {
      id
      name
      state
      version
      appVersion
      configuration
      driverVersion {
        name
        version
      }
    }
    instance {
      id
      number
      active
      context
      createdBy
    }
    task {
      id
      type
      status
      result
      steps {
        name
        status
      }
      flowRun {
        pool
        flowName
        state
      }
    }
    diff {
      path
      kind
      before
      after
      secret
    }
    siblings {
      deployment {
        name
      }
      flow
      diff {
        path
      }
    }
  }
`;

const CREATE = changeMutation(
  'createDeployment',
  'CreateDeploymentInput',
  CHANGE_FIELDS,
);

const EDIT = changeMutation(
  'editDeployment',
  'EditDeploymentInput',
  CHANGE_FIELDS,
);

const UPGRADE = changeMutation(
  'upgradeDeployment',
  'UpgradeDeploymentInput',
  CHANGE_FIELDS,
);

const OVERRIDES = changeMutation(
  'editComponentOverrides',
  'EditComponentOverridesInput',
  CHANGE_FIELDS,
);

const DELETE = changeMutation(
  'deleteDeployment',
  'DeleteDeploymentInput',
  CHANGE_FIELDS,
);

const TIMELINE = /* GraphQL */ `
  query Timeline($id: ID!, $after: String) {
    deployment(id: $id) {
      name
      activeInstance {
        number
      }
      instances(first: 2, after: $after) {
        nodes {
          number
          active
          createdBy
          createdAt
          context
          diff {
            path
            kind
            before
            after
            secret
          }
          task {
            type
          }
        }
        pageInfo {
          endCursor
          hasNextPage
        }
      }
    }
  }
`;

const LIST = /* GraphQL */ `
  query List($first: Int, $after: String, $filter: DeploymentFilter) {
    deployments(first: $first, after: $after, filter: $filter) {
      nodes {
        id
        name
        state
        configuration
        environment {
          name
          cluster {
            name
          }
        }
        driverVersion {
          name
          version
        }
        activeInstance {
          number
          context
          task {
            type
            status
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

/** Every row of the tables a refused change must leave alone, to compare. */
async function snapshot(knex: Knex) {
  const rows: Record<string, unknown[]> = {};
  for (const table of [
    'styrmin_clusters',
    'styrmin_environments',
    'styrmin_deployments',
    'styrmin_instances',
    'styrmin_tasks',
    'styrmin_flow_runs',
  ]) {
    rows[table] = await knex(table).orderBy('id');
  }
  return rows;
}

describe('the deployment API', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function setup() {
      const stores = await createCoreStores({
        databases,
        databaseId,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0', 'semaphore/1.0.0'],
      });
      const api = await createTestGraphQL(stores);
      const registered = await api.execute(REGISTER, {
        input: { name: 'local', settings: { storage_class: 'standard' } },
      });
      const cluster = registered.data.registerCluster.cluster;
      const dev = (
        await api.execute(CREATE_ENVIRONMENT, {
          input: { name: 'dev', cluster: cluster.id },
        })
      ).data.createEnvironment;
      const createInfrahub = (name = 'infrahub', environment = dev.id) =>
        api.execute(CREATE, {
          input: {
            environment,
            name,
            driver: 'infrahub',
            driverVersion: '1.0.0',
            configuration: {
              app_version: '1.5.2',
              parameters: { admin_password: PASSWORD },
              components: {
                server: { env: { SENTRY_DSN: { secret: ENV_SECRET } } },
              },
            },
          },
        });
      /** A Semaphore deployment, which connects to the Infrahub deployments of its environment. */
      const createSemaphore = (name = 'semaphore', environment = dev.id) =>
        api.execute(CREATE, {
          input: {
            environment,
            name,
            driver: 'semaphore',
            driverVersion: '1.0.0',
            configuration: SEMAPHORE_CONFIGURATION,
          },
        });
      return {
        ...stores,
        ...api,
        registered,
        cluster,
        dev,
        createInfrahub,
        createSemaphore,
      };
    }

    it('registers a cluster, whose agent token it shows once', async () => {
      const { registered, cluster, execute } = await setup();

      expect(registered.errors).toBeUndefined();
      expect(registered.data.registerCluster.agentToken).toMatch(
        /^styrmin-agent\./,
      );
      expect(cluster).toMatchObject({
        name: 'local',
        settings: { storage_class: 'standard' },
        workPool: `cluster:${cluster.id}`,
        version: 1,
      });
      const read = await execute(/* GraphQL */ `
        {
          clusters {
            name
            agentTokenRotatedAt
            environments {
              name
            }
          }
        }
      `);
      expect(read).toEqual({
        data: {
          clusters: [
            {
              name: 'local',
              agentTokenRotatedAt: expect.any(String),
              environments: [{ name: 'dev' }],
            },
          ],
        },
      });
      const rotated = await execute(
        /* GraphQL */ `
          mutation Rotate($id: ID!) {
            rotateAgentToken(input: { id: $id }) {
              agentToken
              cluster {
                version
              }
            }
          }
        `,
        { id: cluster.id },
      );
      expect(rotated.data.rotateAgentToken).toEqual({
        agentToken: expect.stringMatching(/^styrmin-agent\./),
        cluster: { version: 2 },
      });
      expect(rotated.data.rotateAgentToken.agentToken).not.toBe(
        registered.data.registerCluster.agentToken,
      );
    });

    it('creates a deployment, whose first instance, task and flow run it shows, secrets masked', async () => {
      const { createInfrahub, execute, cluster } = await setup();

      const created = await createInfrahub();

      expect(created.errors).toBeUndefined();
      const result = created.data.createDeployment;
      expect(result).toMatchObject({
        changed: true,
        droppedParameters: [],
        siblings: [],
        deployment: {
          name: 'infrahub',
          state: 'DEPLOYING',
          version: 1,
          appVersion: '1.5.2',
          driverVersion: { name: 'infrahub', version: '1.0.0' },
          configuration: {
            app_version: '1.5.2',
            parameters: { admin_password: '<secret>' },
            components: {
              server: { env: { SENTRY_DSN: { secret: '<secret>' } } },
            },
          },
        },
        instance: { number: 1, active: true, createdBy: TEST_USER },
        task: {
          type: 'create_instance',
          status: 'SCHEDULED',
          result: 'RUNNING',
          flowRun: {
            pool: `cluster:${cluster.id}`,
            flowName: 'CREATE_INSTANCE',
            state: 'SCHEDULED',
          },
        },
      });
      expect(result.instance.context).toMatchObject({
        app: { version: '1.5.2' },
        parameters: { admin_password: '<secret>', log_level: 'INFO' },
        components: { server: { env: { SENTRY_DSN: '<secret>' } } },
      });
      expect(result.task.steps[0]).toEqual({
        name: 'Apply the StyrminDeployment resource',
        status: 'PENDING',
      });
      expect(result.diff).toContainEqual({
        path: 'parameters.admin_password',
        kind: 'ADDED',
        before: null,
        after: '<secret>',
        secret: true,
      });

      const timeline = await execute(TIMELINE, { id: result.deployment.id });
      const everything = JSON.stringify([created, timeline]);
      expect(everything).not.toContain(PASSWORD);
      expect(everything).not.toContain(ENV_SECRET);
    });

    it('stores nothing for an edit that changes nothing, and keeps the timeline and diffs', async () => {
      const { createInfrahub, execute, knex } = await setup();
      const { id } = (await createInfrahub()).data.createDeployment.deployment;
      const before = await snapshot(knex);

      const same = await execute(EDIT, {
        input: { id, configuration: { parameters: { log_level: 'INFO' } } },
      });
      expect(same.data.editDeployment).toMatchObject({
        changed: false,
        instance: null,
        task: null,
        diff: [],
        deployment: { version: 1 },
      });
      await expect(snapshot(knex)).resolves.toEqual(before);

      const edited = await execute(EDIT, {
        input: {
          id,
          expectedVersion: 1,
          configuration: { parameters: { log_level: 'DEBUG' } },
        },
      });
      const overrides = await execute(OVERRIDES, {
        input: { id, component: 'server', overrides: { replicas: 2 } },
      });
      expect(edited.data.editDeployment.task.type).toBe('update_instance');
      expect(overrides.data.editComponentOverrides.diff).toEqual([
        {
          path: 'components.server.replicas',
          kind: 'ADDED',
          before: null,
          after: 2,
          secret: false,
        },
      ]);

      const first = await execute(TIMELINE, { id });
      const { nodes, pageInfo } = first.data.deployment.instances;
      expect(first.data.deployment.activeInstance).toEqual({ number: 3 });
      expect(nodes.map((n: any) => [n.number, n.active, n.task.type])).toEqual([
        [3, true, 'update_instance'],
        [2, false, 'update_instance'],
      ]);
      expect(nodes[1].diff).toEqual([
        {
          path: 'parameters.log_level',
          kind: 'CHANGED',
          before: 'INFO',
          after: 'DEBUG',
          secret: false,
        },
      ]);
      expect(pageInfo.hasNextPage).toBe(true);
      const second = await execute(TIMELINE, { id, after: pageInfo.endCursor });
      expect(
        second.data.deployment.instances.nodes.map((n: any) => n.number),
      ).toEqual([1]);
      expect(second.data.deployment.instances.pageInfo.hasNextPage).toBe(false);
    });

    it('comes back with the code of each broken rule, every problem, and writes nothing', async () => {
      const { createInfrahub, execute, knex, dev } = await setup();
      const { id } = (await createInfrahub()).data.createDeployment.deployment;
      const before = await snapshot(knex);

      const cases: Array<[string, () => Promise<any>, object]> = [
        [
          'a singleton replica override',
          () =>
            execute(OVERRIDES, {
              input: { id, component: 'database', overrides: { replicas: 3 } },
            }),
          {
            code: 'SINGLETON_REPLICA_OVERRIDE',
            field: 'components.database.replicas',
          },
        ],
        [
          'a retired value carried over, with a prompt answer out of bounds',
          () =>
            execute(EDIT, {
              input: {
                id,
                configuration: { parameters: { task_worker_replicas: 4 } },
              },
            }).then(() =>
              execute(UPGRADE, {
                input: {
                  id,
                  driverVersion: '1.1.0',
                  prompts: {
                    'run-migrations': { migration_timeout_minutes: 1 },
                  },
                },
              }),
            ),
          {
            code: 'VALIDATION_FAILED',
            field: 'prompts.run-migrations.migration_timeout_minutes',
          },
        ],
        [
          'several problems at once',
          () =>
            execute(EDIT, {
              input: {
                id,
                configuration: {
                  app_version: '9.0.0',
                  components: { server: { image: 'no-tag', replicas: 0 } },
                },
              },
            }),
          {
            code: 'VALIDATION_FAILED',
            problems: [
              expect.objectContaining({ path: 'app_version' }),
              expect.objectContaining({ path: 'components.server.replicas' }),
            ],
          },
        ],
        [
          'an unknown deployment',
          () =>
            execute(EDIT, {
              input: { id: 'no-such-id', configuration: {} },
            }),
          { code: 'NOT_FOUND' },
        ],
        [
          'an unknown driver version',
          () => execute(UPGRADE, { input: { id, driverVersion: '7.0.0' } }),
          { code: 'NOT_FOUND' },
        ],
        [
          'an unknown environment',
          () =>
            execute(CREATE, {
              input: {
                environment: '00000000-0000-4000-8000-000000000000',
                name: 'x',
                driver: 'infrahub',
                driverVersion: '1.0.0',
                configuration: {},
              },
            }),
          { code: 'NOT_FOUND' },
        ],
        [
          'a name in use',
          () => createInfrahub('infrahub', dev.id),
          { code: 'CONFLICT' },
        ],
        [
          'a stale version',
          () =>
            execute(EDIT, {
              input: {
                id,
                expectedVersion: 0,
                configuration: { parameters: { log_level: 'DEBUG' } },
              },
            }),
          { code: 'CONFLICT' },
        ],
        [
          'a configuration of the wrong type',
          () => execute(EDIT, { input: { id, configuration: 'everything' } }),
          { code: 'VALIDATION_FAILED' },
        ],
        [
          'a wrong variable type',
          () =>
            execute(EDIT, {
              input: { id, configuration: {}, expectedVersion: 'one' },
            }),
          { code: 'VALIDATION_FAILED' },
        ],
      ];

      for (const [what, answer, extensions] of cases) {
        const { data, errors } = await answer();
        expect([what, errors?.[0]?.extensions]).toEqual([
          what,
          expect.objectContaining(extensions),
        ]);
        expect(data?.editDeployment ?? null).toBeNull();
      }
      // The edit that set task_worker_replicas was the one change that succeeded.
      const after = await snapshot(knex);
      expect(after.styrmin_instances).toHaveLength(
        before.styrmin_instances.length + 1,
      );
    });

    it('upgrades infrahub 1.0.0 to 1.1.0, dropping task_worker_replicas at its default', async () => {
      const { createInfrahub, execute } = await setup();
      const { id } = (await createInfrahub()).data.createDeployment.deployment;
      await execute(EDIT, {
        input: {
          id,
          configuration: { parameters: { task_worker_replicas: 3 } },
        },
      });
      await execute(EDIT, {
        input: {
          id,
          configuration: { parameters: { task_worker_replicas: 2 } },
        },
      });

      const upgraded = await execute(UPGRADE, {
        input: {
          id,
          driverVersion: '1.1.0',
          configuration: { app_version: '1.6.0' },
        },
      });

      expect(upgraded.errors).toBeUndefined();
      expect(upgraded.data.upgradeDeployment).toMatchObject({
        changed: true,
        droppedParameters: ['task_worker_replicas'],
        deployment: {
          appVersion: '1.6.0',
          driverVersion: { version: '1.1.0' },
        },
        task: {
          type: 'upgrade_instance',
          flowRun: { flowName: 'UPGRADE_INSTANCE' },
        },
      });
    });

    it('redeploys the deployments that connect to one, and deletes to a tombstone', async () => {
      const { createInfrahub, createSemaphore, execute } = await setup();
      await createSemaphore('a');
      const b = (await createInfrahub('b')).data.createDeployment;

      expect(b.siblings).toEqual([
        {
          deployment: { name: 'a' },
          flow: 'UPDATE_INSTANCE',
          diff: expect.arrayContaining([
            { path: 'environment.deployments.b.id' },
          ]),
        },
      ]);
      const deleted = await execute(DELETE, {
        input: { id: b.deployment.id },
      });
      expect(deleted.data.deleteDeployment).toMatchObject({
        changed: true,
        instance: null,
        deployment: { state: 'DELETING', version: 2 },
        task: { type: 'delete_deployment', flowRun: { flowName: 'DELETE' } },
        siblings: [{ deployment: { name: 'a' }, flow: 'UPDATE_INSTANCE' }],
      });
      const listed = await execute(LIST, {});
      expect(listed.data.deployments.nodes.map((n: any) => n.name)).toEqual([
        'a',
      ]);
      const tombstones = await execute(LIST, {
        filter: { includeDeleted: true, states: ['DELETING'] },
      });
      expect(
        tombstones.data.deployments.nodes.map((n: any) => [
          n.name,
          n.activeInstance,
        ]),
      ).toEqual([['b', null]]);
    });

    it('previews and applies a cluster settings change to exactly the deployments it changes', async () => {
      const { createInfrahub, execute, cluster } = await setup();
      const pinned = (
        await execute(CREATE_ENVIRONMENT, {
          input: {
            name: 'pinned',
            cluster: cluster.id,
            overrides: { storage_class: 'fast' },
          },
        })
      ).data.createEnvironment;
      await createInfrahub('a');
      await createInfrahub('b', pinned.id);
      const input = { id: cluster.id, settings: { storage_class: 'premium' } };

      const preview = await execute(
        /* GraphQL */ `
          query Preview($input: UpdateClusterInput!) {
            previewClusterUpdate(input: $input) {
              deployment {
                name
              }
              flow
              diff {
                path
                before
                after
              }
              task {
                id
              }
            }
          }
        `,
        { input },
      );
      const update = await execute(
        /* GraphQL */ `
          mutation Update($input: UpdateClusterInput!) {
            updateCluster(input: $input) {
              changed
              cluster {
                settings
                version
              }
              redeployments {
                deployment {
                  name
                  state
                }
                task {
                  type
                }
              }
            }
          }
        `,
        { input },
      );

      expect(preview.data.previewClusterUpdate).toEqual([
        {
          deployment: { name: 'a' },
          flow: 'UPDATE_INSTANCE',
          diff: [
            {
              path: 'cluster.storage_class',
              before: 'standard',
              after: 'premium',
            },
          ],
          task: null,
        },
      ]);
      expect(update.data.updateCluster).toEqual({
        changed: true,
        cluster: { settings: { storage_class: 'premium' }, version: 2 },
        redeployments: [
          {
            deployment: { name: 'a', state: 'DEPLOYING' },
            task: { type: 'update_instance' },
          },
        ],
      });
    });

    it('previews and applies a cluster change to the deployments whose drivers read it, and a create to those that connect', async () => {
      const { createInfrahub, createSemaphore, execute, cluster } =
        await setup();
      await createSemaphore();
      // Semaphore connects to Infrahub, so creating Infrahub redeploys it.
      const infrahub = (await createInfrahub()).data.createDeployment;
      expect(infrahub.siblings).toEqual([
        expect.objectContaining({ deployment: { name: 'semaphore' } }),
      ]);
      // Nobody connects to Semaphore: a third deployment redeploys no other.
      const third = (await createSemaphore('semaphore-2')).data
        .createDeployment;
      expect(third.siblings).toEqual([]);

      // Only Infrahub's values template reads the storage class for databases.
      const input = {
        id: cluster.id,
        settings: {
          storage_class: 'standard',
          storage_classes: { database: 'ssd' },
        },
      };
      const preview = await execute(
        /* GraphQL */ `
          query Preview($input: UpdateClusterInput!) {
            previewClusterUpdate(input: $input) {
              deployment {
                name
              }
              diff {
                path
                after
              }
            }
          }
        `,
        { input },
      );
      const update = await execute(
        /* GraphQL */ `
          mutation Update($input: UpdateClusterInput!) {
            updateCluster(input: $input) {
              redeployments {
                deployment {
                  name
                }
                task {
                  type
                }
              }
            }
          }
        `,
        { input },
      );

      expect(preview.data.previewClusterUpdate).toEqual([
        {
          deployment: { name: 'infrahub' },
          diff: [{ path: 'cluster.storage_classes.database', after: 'ssd' }],
        },
      ]);
      expect(update.data.updateCluster.redeployments).toEqual([
        {
          deployment: { name: 'infrahub' },
          task: { type: 'update_instance' },
        },
      ]);
    });

    it('pages through deployments by name with filters', async () => {
      const { createInfrahub, execute, dev } = await setup();
      for (const name of ['c', 'a', 'b']) {
        await createInfrahub(name);
      }

      const first = await execute(LIST, { first: 2 });
      const second = await execute(LIST, {
        first: 2,
        after: first.data.deployments.pageInfo.endCursor,
      });
      expect(first.data.deployments.nodes.map((n: any) => n.name)).toEqual([
        'a',
        'b',
      ]);
      expect(first.data.deployments.pageInfo.hasNextPage).toBe(true);
      expect(second.data.deployments).toMatchObject({
        nodes: [{ name: 'c' }],
        pageInfo: { hasNextPage: false },
      });
      const filtered = await execute(LIST, {
        filter: {
          environment: dev.id,
          states: ['DEPLOYING'],
          driver: 'infrahub',
          driverVersion: '1.0.0',
        },
      });
      expect(filtered.data.deployments.nodes).toHaveLength(3);
      const none = await execute(LIST, { filter: { driver: 'semaphore' } });
      expect(none.data.deployments.nodes).toEqual([]);
      const bad = await execute(LIST, { after: 'not-a-cursor' });
      expect(bad.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      const big = await execute(LIST, { first: 101 });
      expect(big.errors[0].extensions.code).toBe('VALIDATION_FAILED');
      // Too deep or too costly: refused before anything runs.
      const deep = await execute(`{
        deployments { nodes { environment { cluster { environments { deployments {
          environment { cluster { environments { deployments { name } } } } } } } } } }
      }`);
      expect(deep.data).toBeUndefined();
      expect(deep.errors).toContainEqual(
        expect.objectContaining({
          message: 'The query nests 11 fields deep; at most 10 are allowed',
          extensions: { code: 'VALIDATION_FAILED' },
        }),
      );
      const costly = await execute(`{
        deployments(first: 100) { nodes { instances(first: 100) { nodes { context } } } }
      }`);
      expect(costly.errors[0].extensions.code).toBe('VALIDATION_FAILED');
    });

    it('lists a page of deployments with their environment, driver version and active instance in a constant number of queries', async () => {
      const { execute, knex, cluster } = await setup();
      // Ten environments of five deployments: the same queries whatever the page size.
      for (let e = 0; e < 10; e++) {
        const environment = (
          await execute(CREATE_ENVIRONMENT, {
            input: { name: `e${e}`, cluster: cluster.id },
          })
        ).data.createEnvironment;
        for (let d = 0; d < 5; d++) {
          const created = await execute(CREATE, {
            input: {
              environment: environment.id,
              name: `d${d}`,
              driver: d % 2 ? 'semaphore' : 'infrahub',
              driverVersion: '1.0.0',
              configuration:
                d % 2
                  ? {
                      app_version: '2.10.0',
                      parameters: {
                        admin_password: PASSWORD,
                        infrahub_api_token: 'token',
                      },
                    }
                  : {
                      app_version: '1.5.2',
                      parameters: { admin_password: PASSWORD },
                    },
            },
          });
          expect(created.errors).toBeUndefined();
        }
      }
      const queriesFor = async (first: number) => {
        const { queries, result: page } = await countQueries(knex, () =>
          execute(LIST, { first }),
        );
        expect(page.errors).toBeUndefined();
        expect(page.data.deployments.nodes).toHaveLength(first);
        expect(JSON.stringify(page)).not.toContain(PASSWORD);
        return queries;
      };

      const one = await queriesFor(1);
      const fifty = await queriesFor(50);

      expect(fifty).toBe(one);
      expect(one).toBeLessThanOrEqual(10);
    });

    it('lets read-only users read, and refuses them every change with FORBIDDEN', async () => {
      const readOnly = mockServices.permissions.mock({
        authorize: async requests =>
          requests.map(request => ({
            result:
              request.permission.attributes.action === 'read'
                ? AuthorizeResult.ALLOW
                : AuthorizeResult.DENY,
          })),
      });
      const setUp = await setup();
      const { id } = (await setUp.createInfrahub()).data.createDeployment
        .deployment;
      const reader = await createTestGraphQL(setUp, { permissions: readOnly });
      const before = await snapshot(setUp.knex);

      for (const [document, input] of [
        [REGISTER, { name: 'other' }],
        [EDIT, { id, configuration: { parameters: { log_level: 'DEBUG' } } }],
        [DELETE, { id }],
      ] as const) {
        const denied = await reader.execute(document, { input });
        expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
      }
      const read = await reader.execute(LIST, {});
      expect(read.errors).toBeUndefined();
      expect(read.data.deployments.nodes).toHaveLength(1);
      await expect(snapshot(setUp.knex)).resolves.toEqual(before);
      // One check per permission and request, however many fields need it.
      expect(readOnly.authorize).toHaveBeenCalledTimes(3 + 4);
    });
  });
});
