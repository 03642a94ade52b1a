import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { Knex } from 'knex';
import { resolve } from 'node:path';
import request from 'supertest';
import { createTestDatabases } from '../__testUtils__/databases';
import { EXAMPLE_DRIVERS } from '../__testUtils__/exampleDrivers';
import { styrminPlugin } from '../plugin';

/** The utilities Styrmin ships, at the repository's root. */
const UTILITIES = resolve(__dirname, '../../../../utilities');

jest.setTimeout(120_000);

const CLUSTER = /* GraphQL */ `
  fragment ClusterFields on Cluster {
    id
    name
    environments {
      name
    }
  }
`;

const SYSTEM_ENVIRONMENT = /* GraphQL */ `
  query System($name: String!) {
    environment(name: $name) {
      id
      name
      deployments {
        id
        name
        state
        driverVersion {
          name
          version
        }
        appVersion
        latestTask {
          type
          status
        }
      }
    }
  }
`;

/*
 * Utilities through the API, on the real plugin with the shipped utilities directory:
 * each registered cluster gets its system environment and its utilities' deployments
 * (tasks on the cluster's pool, like any deployment), users see but never change them,
 * and the cluster's settings switch them on and off.
 */
describe('cluster utilities', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let graphql: (query: string, variables?: object) => Promise<any>;

    async function startBackend() {
      const backend = await startTestBackend({
        features: [
          styrminPlugin,
          mockServices.database.factory({ knex }),
          mockServices.rootConfig.factory({
            data: {
              styrmin: {
                utilities: { directory: UTILITIES },
                drivers: { allowedDirectories: [EXAMPLE_DRIVERS, UTILITIES] },
              },
            },
          }),
        ],
      });
      graphql = async (query: string, variables: object = {}) => {
        const res = await request(backend.server)
          .post('/api/styrmin/graphql')
          .send({ query, variables });
        expect(res.status).toBe(200);
        return res.body;
      };
      return () => backend.stop();
    }

    let stopBackend: () => Promise<void>;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      stopBackend = await startBackend();
    });

    afterAll(() => stopBackend());

    async function register(name: string, settings: object) {
      const { data, errors } = await graphql(
        /* GraphQL */ `
          mutation Register($input: RegisterClusterInput!) {
            registerCluster(input: $input) {
              cluster {
                ...ClusterFields
              }
            }
          }
          ${CLUSTER}
        `,
        { input: { name, settings } },
      );
      expect(errors).toBeUndefined();
      return data.registerCluster.cluster;
    }

    async function utilitiesOf(cluster: string) {
      const { data, errors } = await graphql(SYSTEM_ENVIRONMENT, {
        name: `system-${cluster}`,
      });
      expect(errors).toBeUndefined();
      return data.environment.deployments;
    }

    async function updateCluster(id: string, settings: object) {
      const { data, errors } = await graphql(
        /* GraphQL */ `
          mutation Update($input: UpdateClusterInput!) {
            updateCluster(input: $input) {
              redeployments {
                deployment {
                  name
                  state
                }
                flow
              }
            }
          }
        `,
        { input: { id, settings } },
      );
      expect(errors).toBeUndefined();
      return data.updateCluster.redeployments;
    }

    it('registering a cluster deploys its utilities into system-<cluster>, through CREATE tasks like any deployment', async () => {
      const cluster = await register('alpha', {
        ingress_class: 'sandbox',
        base_domain: 'apps.example.test',
      });
      // Hidden among the cluster's environments, readable by its name.
      expect(cluster.environments).toEqual([]);
      expect(await utilitiesOf('alpha')).toEqual([
        {
          id: expect.any(String),
          name: 'ingress-nginx',
          state: 'DEPLOYING',
          driverVersion: { name: 'ingress-nginx', version: '1.0.0' },
          appVersion: '1.12.1',
          latestTask: { type: 'create_instance', status: 'SCHEDULED' },
        },
        {
          id: expect.any(String),
          name: 'k8s-gateway',
          state: 'DEPLOYING',
          driverVersion: { name: 'k8s-gateway', version: '1.0.0' },
          appVersion: '0.4.0',
          latestTask: { type: 'create_instance', status: 'SCHEDULED' },
        },
      ]);
      // On the cluster's own pool, which its agent claims.
      const runs = await knex('styrmin_flow_runs')
        .where({ pool: `cluster:${cluster.id}` })
        .select('flow_name');
      expect(runs.map(r => r.flow_name).sort()).toEqual([
        'CREATE_INSTANCE',
        'CREATE_INSTANCE',
      ]);
    });

    it('gives a cluster without base_domain no service discovery', async () => {
      await register('beta', {});
      expect((await utilitiesOf('beta')).map((d: any) => d.name)).toEqual([
        'ingress-nginx',
      ]);
    });

    it('lists neither the system environments nor the utilities among drivers', async () => {
      const { data } = await graphql(/* GraphQL */ `
        {
          environments {
            name
          }
          drivers {
            name
          }
          driver(name: "ingress-nginx") {
            name
          }
          driverVersion(name: "ingress-nginx", version: "1.0.0") {
            name
          }
        }
      `);
      expect(data.environments).toEqual([]);
      expect(data.drivers).toEqual([]);
      expect(data.driver).toBeNull();
      // The version a utility runs stays readable, for the cluster page.
      expect(data.driverVersion).toEqual({ name: 'ingress-nginx' });
    });

    it('refuses every hand-made change of a utility with UTILITY_READ_ONLY, and writes nothing', async () => {
      const [ingress] = await utilitiesOf('alpha');
      const { data: env } = await graphql(SYSTEM_ENVIRONMENT, {
        name: 'system-alpha',
      });
      const tasksBefore = await knex('styrmin_tasks').count({ n: '*' });
      const attempts = [
        [
          `mutation($id: ID!) { editDeployment(input: { id: $id, configuration: { app_version: "1.11.0" } }) { changed } }`,
          { id: ingress.id },
        ],
        [
          `mutation($id: ID!) { upgradeDeployment(input: { id: $id, driverVersion: "1.0.0" }) { changed } }`,
          { id: ingress.id },
        ],
        [
          `mutation($id: ID!) { deleteDeployment(input: { id: $id }) { changed } }`,
          { id: ingress.id },
        ],
        [
          `mutation($env: ID!) { createDeployment(input: { environment: $env, name: "extra", driver: "ingress-nginx", driverVersion: "1.0.0", configuration: { app_version: "1.12.1" } }) { changed } }`,
          { env: env.environment.id },
        ],
      ] as const;
      for (const [mutation, variables] of attempts) {
        const { errors } = await graphql(mutation, variables);
        expect(errors).toEqual([
          expect.objectContaining({
            message: expect.stringContaining(
              'holds the utilities of cluster alpha',
            ),
            extensions: expect.objectContaining({ code: 'UTILITY_READ_ONLY' }),
          }),
        ]);
      }
      // Nor its environment: overrides would change the utilities' contexts.
      for (const [mutation, variables] of [
        [
          `mutation($id: ID!) { updateEnvironment(input: { id: $id, overrides: { ingress_class: "mine" } }) { changed } }`,
          { id: env.environment.id },
        ],
        [
          `mutation($id: ID!) { deleteEnvironment(input: { id: $id }) { id } }`,
          { id: env.environment.id },
        ],
      ] as const) {
        const { errors } = await graphql(mutation, variables);
        expect(errors).toEqual([
          expect.objectContaining({
            extensions: expect.objectContaining({ code: 'UTILITY_READ_ONLY' }),
          }),
        ]);
      }
      expect(await knex('styrmin_tasks').count({ n: '*' })).toEqual(
        tasksBefore,
      );
      const { data: after } = await graphql(SYSTEM_ENVIRONMENT, {
        name: 'system-alpha',
      });
      expect(after).toEqual(env);
    });

    it("refuses a utility's driver in a user's environment, and a driver loaded under a utility's name", async () => {
      const {
        data: { clusters },
      } = await graphql(
        `
          {
            clusters {
              id
              name
            }
          }
        `,
      );
      const alpha = clusters.find((c: any) => c.name === 'alpha');
      const created = await graphql(
        `
          mutation ($cluster: ID!) {
            createEnvironment(input: { name: "dev", cluster: $cluster }) {
              id
            }
          }
        `,
        { cluster: alpha.id },
      );
      expect(created.errors).toBeUndefined();
      const { errors } = await graphql(
        `
          mutation ($env: ID!) {
            createDeployment(
              input: {
                environment: $env
                name: "mine"
                driver: "ingress-nginx"
                driverVersion: "1.0.0"
                configuration: { app_version: "1.12.1" }
              }
            ) {
              changed
            }
          }
        `,
        { env: created.data.createEnvironment.id },
      );
      expect(errors).toEqual([
        expect.objectContaining({
          message: expect.stringContaining('is a utility'),
          extensions: expect.objectContaining({ code: 'UTILITY_READ_ONLY' }),
        }),
      ]);
      const loaded = await graphql(
        `
          mutation ($path: String!) {
            loadDriver(input: { source: DIRECTORY, path: $path }) {
              created
            }
          }
        `,
        { path: resolve(UTILITIES, 'ingress-nginx', '1.0.0') },
      );
      expect(loaded.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'UTILITY_READ_ONLY' }),
        }),
      ]);
      // The user's environment is listed; the system ones still are not.
      const { data } = await graphql(
        `
          {
            environments {
              name
            }
          }
        `,
      );
      expect(data.environments).toEqual([{ name: 'dev' }]);
    });

    it('a settings change redeploys the utilities whose context it changes, and switches them on and off', async () => {
      const {
        data: { clusters },
      } = await graphql(
        `
          {
            clusters {
              id
              name
            }
          }
        `,
      );
      const beta = clusters.find((c: any) => c.name === 'beta');
      // base_domain: service discovery is created; the ingress controller does not read it.
      expect(
        await updateCluster(beta.id, { base_domain: 'beta.example.test' }),
      ).toEqual([
        {
          deployment: { name: 'k8s-gateway', state: 'DEPLOYING' },
          flow: 'CREATE_INSTANCE',
        },
      ]);
      // ingress_class: the ingress controller alone is redeployed.
      expect(await updateCluster(beta.id, { ingress_class: 'edge' })).toEqual([
        {
          deployment: { name: 'ingress-nginx', state: 'DEPLOYING' },
          flow: 'UPDATE_INSTANCE',
        },
      ]);
      // One switched off: deleted, the other left alone.
      expect(
        await updateCluster(beta.id, { disabled_utilities: ['k8s-gateway'] }),
      ).toEqual([
        {
          deployment: { name: 'k8s-gateway', state: 'DELETING' },
          flow: 'DELETE',
        },
      ]);
      // All switched off.
      expect(
        await updateCluster(beta.id, { utilities_enabled: false }),
      ).toEqual([
        {
          deployment: { name: 'ingress-nginx', state: 'DELETING' },
          flow: 'DELETE',
        },
      ]);
      expect(await utilitiesOf('beta')).toEqual([]);
    });

    it('refuses a cluster whose system environment name is taken, and writes nothing', async () => {
      const {
        data: { clusters },
      } = await graphql(
        `
          {
            clusters {
              id
              name
            }
          }
        `,
      );
      const alpha = clusters.find((c: any) => c.name === 'alpha');
      await graphql(
        `
          mutation ($cluster: ID!) {
            createEnvironment(
              input: { name: "system-gamma", cluster: $cluster }
            ) {
              id
            }
          }
        `,
        { cluster: alpha.id },
      );
      const { errors } = await graphql(
        `
          mutation {
            registerCluster(input: { name: "gamma" }) {
              agentToken
            }
          }
        `,
      );
      expect(errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'CONFLICT' }),
        }),
      ]);
      expect(await knex('styrmin_clusters').where({ name: 'gamma' })).toEqual(
        [],
      );
    });

    it('gives a cluster registered before utilities its system environment and utilities at start', async () => {
      // A cluster as one registered before the utilities shipped has it.
      const now = new Date();
      const id = '00000000-0000-4000-8000-0000000000d1';
      await knex('styrmin_clusters').insert({
        id,
        name: 'delta',
        settings: '{}',
        agent_token_hash: 'a'.repeat(64),
        agent_token_rotated_at: now,
        version: 1,
        created_by: 'user:default/ada',
        created_at: now,
        updated_by: 'user:default/ada',
        updated_at: now,
      });
      await stopBackend();
      stopBackend = await startBackend();
      expect((await utilitiesOf('delta')).map((d: any) => d.name)).toEqual([
        'ingress-nginx',
      ]);
      // Started again, nothing more.
      const tasks = await knex('styrmin_tasks').count({ n: '*' });
      await stopBackend();
      stopBackend = await startBackend();
      expect(await knex('styrmin_tasks').count({ n: '*' })).toEqual(tasks);
    });
  });
});
