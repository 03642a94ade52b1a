import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { AuditorEvent } from '@backstage/backend-defaults/auditor';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { styrminGraphQLSchema } from '@styrmin/plugin-styrmin-common';
import { buildSchema } from 'graphql';
import { join } from 'node:path';
import request from 'supertest';
import { createTestDatabases } from '../__testUtils__/databases';
import { recordingAuditorFactory } from '../__testUtils__/recordingAuditor';
import { EXAMPLE_DRIVERS } from '../__testUtils__/exampleDrivers';
import { styrminPlugin } from '../plugin';
import { auditMutations } from './auditMutations';
import { MUTATION_AUDITS } from './mutationAudits';
import { StyrminResolvers } from './types';

jest.setTimeout(120_000);

const ADA = 'user:default/ada';
const BOB = 'user:default/bob';
/** The one caller whom the permission policy of these tests refuses everything. */
const READER = 'user:default/reader';
const PASSWORD = 'correct horse battery';

const LOAD = `mutation ($input: LoadDriverInput!) {
  loadDriver(input: $input) { created driverVersion { name version } } }`;
const REGISTER = `mutation ($input: RegisterClusterInput!) {
  registerCluster(input: $input) { agentToken cluster { id } } }`;
const UPDATE_CLUSTER = `mutation ($input: UpdateClusterInput!) {
  updateCluster(input: $input) { changed } }`;
const ROTATE = `mutation ($input: RotateAgentTokenInput!) {
  rotateAgentToken(input: $input) { agentToken } }`;
const CREATE_ENVIRONMENT = `mutation ($input: CreateEnvironmentInput!) {
  createEnvironment(input: $input) { id } }`;
const UPDATE_ENVIRONMENT = `mutation ($input: UpdateEnvironmentInput!) {
  updateEnvironment(input: $input) { changed } }`;
const DELETE_ENVIRONMENT = `mutation ($input: DeleteEnvironmentInput!) {
  deleteEnvironment(input: $input) { id } }`;
const CHANGE = '{ changed deployment { id } task { id } }';
const CREATE = `mutation ($input: CreateDeploymentInput!) {
  createDeployment(input: $input) ${CHANGE} }`;
const EDIT = `mutation ($input: EditDeploymentInput!) {
  editDeployment(input: $input) ${CHANGE} }`;
const UPGRADE = `mutation ($input: UpgradeDeploymentInput!) {
  upgradeDeployment(input: $input) ${CHANGE} }`;
const OVERRIDES = `mutation ($input: EditComponentOverridesInput!) {
  editComponentOverrides(input: $input) ${CHANGE} }`;
const DELETE = `mutation ($input: DeleteDeploymentInput!) {
  deleteDeployment(input: $input) ${CHANGE} }`;

function userOf(credentials: BackstageCredentials): string | undefined {
  const { principal } = credentials as BackstageCredentials<{
    userEntityRef?: string;
  }>;
  return principal.userEntityRef;
}

describe('auditMutations', () => {
  it('covers every mutation of the Styrmin schema', () => {
    const mutations = buildSchema(styrminGraphQLSchema).getMutationType()!;
    expect(Object.keys(MUTATION_AUDITS).sort()).toEqual(
      Object.keys(mutations.getFields()).sort(),
    );
  });

  it('refuses a mutation that has no audit event', () => {
    const stores = {} as Parameters<typeof auditMutations>[1];
    expect(() =>
      auditMutations(
        // A mutation the schema lacks, which the type check would refuse.
        { Mutation: { launchRocket: () => true } } as StyrminResolvers,
        stores,
      ),
    ).toThrow(
      'The mutation launchRocket has no audit event; add it to MUTATION_AUDITS',
    );
  });

  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    const events: AuditorEvent[] = [];
    let server: Awaited<ReturnType<typeof startTestBackend>>['server'];

    beforeAll(async () => {
      const knex = await databases.init(databaseId);
      ({ server } = await startTestBackend({
        features: [
          styrminPlugin,
          mockServices.database.factory({ knex }),
          mockServices.rootConfig.factory({
            data: {
              styrmin: { drivers: { allowedDirectories: [EXAMPLE_DRIVERS] } },
            },
          }),
          mockServices.permissions.mock({
            authorize: async (requests, { credentials }) =>
              requests.map(() => ({
                result:
                  userOf(credentials) === READER
                    ? AuthorizeResult.DENY
                    : AuthorizeResult.ALLOW,
              })),
          }).factory,
          recordingAuditorFactory(events),
        ],
      }));
    });

    beforeEach(() => {
      events.length = 0;
    });

    async function post(
      query: string,
      variables: Record<string, unknown>,
      user = ADA,
    ) {
      const res = await request(server)
        .post('/api/styrmin/graphql')
        .set('Authorization', mockCredentials.user.header(user))
        .send({ query, variables });
      expect(res.status).toBe(200);
      return res.body;
    }

    /** Posts a mutation that must succeed; answers its data. */
    async function mutate(
      query: string,
      input: Record<string, unknown>,
      user = ADA,
    ) {
      const body = await post(query, { input }, user);
      expect(body.errors).toBeUndefined();
      return Object.values(body.data)[0] as any;
    }

    function outcomes() {
      return events.map(event => [event.eventId, event.status]);
    }

    function terminal(eventId: string) {
      const found = events.filter(
        event => event.eventId === eventId && event.status !== 'initiated',
      );
      expect(found).toHaveLength(1);
      return found[0];
    }

    it('audits each mutation once: who, what, which records, and the outcome', async () => {
      for (const version of ['1.0.0', '1.1.0']) {
        await mutate(LOAD, {
          source: 'DIRECTORY',
          path: join(EXAMPLE_DRIVERS, 'infrahub', version),
        });
      }
      const registered = await mutate(REGISTER, { name: 'local' });
      const clusterId = registered.cluster.id;
      await mutate(UPDATE_CLUSTER, {
        id: clusterId,
        settings: { storage_class: 'fast' },
      });
      const rotated = await mutate(ROTATE, { id: clusterId });
      const dev = await mutate(CREATE_ENVIRONMENT, {
        name: 'dev',
        cluster: clusterId,
      });
      await mutate(UPDATE_ENVIRONMENT, {
        id: dev.id,
        overrides: { storage_class: 'ssd' },
      });
      const created = await mutate(CREATE, {
        environment: dev.id,
        name: 'inventory',
        driver: 'infrahub',
        driverVersion: '1.0.0',
        configuration: {
          app_version: '1.5.2',
          parameters: { admin_password: PASSWORD },
        },
      });
      const id = created.deployment.id;
      await mutate(EDIT, {
        id,
        configuration: { parameters: { log_level: 'DEBUG' } },
      });
      await mutate(UPGRADE, {
        id,
        driverVersion: '1.1.0',
        configuration: { app_version: '1.6.0' },
      });
      await mutate(OVERRIDES, {
        id,
        component: 'server',
        overrides: { replicas: 2 },
      });
      const deleted = await mutate(DELETE, { id }, BOB);
      const empty = await mutate(CREATE_ENVIRONMENT, {
        name: 'empty',
        cluster: clusterId,
      });
      await mutate(DELETE_ENVIRONMENT, { id: empty.id });

      const eventIds = [
        'driver-load',
        'driver-load',
        'cluster-register',
        'cluster-update',
        'cluster-rotate-agent-token',
        'environment-create',
        'environment-update',
        'deployment-create',
        'deployment-edit',
        'deployment-upgrade',
        'deployment-edit-component-overrides',
        'deployment-delete',
        'environment-create',
        'environment-delete',
      ];
      expect(outcomes()).toEqual(
        eventIds.flatMap(eventId => [
          [eventId, 'initiated'],
          [eventId, 'succeeded'],
        ]),
      );
      for (const event of events) {
        expect(event).toMatchObject({
          plugin: 'styrmin',
          actor: { actorId: event.eventId === 'deployment-delete' ? BOB : ADA },
          request: { method: 'POST', url: '/api/styrmin/graphql' },
        });
      }
      expect(terminal('deployment-create')).toMatchObject({
        severityLevel: 'medium',
        meta: {
          deploymentId: id,
          deploymentName: 'inventory',
          environmentId: dev.id,
          environmentName: 'dev',
          clusterId,
          clusterName: 'local',
          driver: 'infrahub',
          driverVersion: '1.0.0',
          changed: true,
          taskId: created.task.id,
        },
      });
      expect(terminal('deployment-delete')).toMatchObject({
        severityLevel: 'high',
        meta: {
          deploymentId: id,
          deploymentName: 'inventory',
          environmentName: 'dev',
          clusterName: 'local',
          taskId: deleted.task.id,
        },
      });
      expect(terminal('cluster-register').meta).toEqual({
        clusterName: 'local',
        clusterId,
      });
      expect(terminal('environment-delete').meta).toEqual({
        environmentId: empty.id,
        environmentName: 'empty',
        clusterId,
        clusterName: 'local',
      });
      expect(
        events
          .filter(
            event =>
              event.eventId === 'driver-load' && event.status === 'succeeded',
          )
          .map(event => event.meta),
      ).toEqual(
        ['1.0.0', '1.1.0'].map(driverVersion => ({
          source: 'DIRECTORY',
          driver: 'infrahub',
          driverVersion,
          created: true,
        })),
      );
      // Neither secret parameters nor agent tokens reach the audit log.
      const logged = JSON.stringify(events);
      for (const secret of [
        PASSWORD,
        registered.agentToken,
        rotated.agentToken,
      ]) {
        expect(logged).not.toContain(secret);
      }

      // Each task names who started it, in the deployment's timeline.
      const timeline = await post(
        `query ($id: ID!) { deployment(id: $id) { tasks { nodes { type createdBy } } } }`,
        { id },
      );
      expect(timeline.data.deployment.tasks.nodes).toEqual([
        { type: 'delete_deployment', createdBy: BOB },
        { type: 'update_instance', createdBy: ADA },
        { type: 'upgrade_instance', createdBy: ADA },
        { type: 'update_instance', createdBy: ADA },
        { type: 'create_instance', createdBy: ADA },
      ]);
    });

    it('audits a refused mutation as failed, with the caller and the error', async () => {
      const body = await post(
        CREATE_ENVIRONMENT,
        { input: { name: 'staging', cluster: 'no-such-cluster' } },
        READER,
      );

      expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
      expect(outcomes()).toEqual([
        ['environment-create', 'initiated'],
        ['environment-create', 'failed'],
      ]);
      expect(events[1]).toMatchObject({
        actor: { actorId: READER },
        meta: { environmentName: 'staging', clusterId: 'no-such-cluster' },
        error: { name: 'NotAllowedError' },
      });
    });

    it('audits a mutation that fails on its records', async () => {
      const conflict = await post(REGISTER, { input: { name: 'twice' } });
      expect(conflict.errors).toBeUndefined();
      const again = await post(REGISTER, { input: { name: 'twice' } });
      const unknown = await post(DELETE, { input: { id: 'no-such-id' } });

      expect(again.errors[0].extensions.code).toBe('CONFLICT');
      expect(unknown.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(outcomes()).toEqual([
        ['cluster-register', 'initiated'],
        ['cluster-register', 'succeeded'],
        ['cluster-register', 'initiated'],
        ['cluster-register', 'failed'],
        ['deployment-delete', 'initiated'],
        ['deployment-delete', 'failed'],
      ]);
      expect(events[5]).toMatchObject({
        meta: { deploymentId: 'no-such-id' },
        error: { name: 'NotFoundError' },
      });
    });

    it('audits each mutation of a request, and no query', async () => {
      const body = await post(
        `mutation ($a: RegisterClusterInput!, $b: RegisterClusterInput!) {
          a: registerCluster(input: $a) { cluster { id } }
          b: registerCluster(input: $b) { cluster { id } }
        }`,
        { a: { name: 'east' }, b: { name: 'west' } },
      );
      await post('{ clusters { name } }', {});

      expect(body.errors).toBeUndefined();
      expect(
        events
          .filter(event => event.status === 'succeeded')
          .map(event => event.meta),
      ).toEqual([
        { clusterName: 'east', clusterId: body.data.a.cluster.id },
        { clusterName: 'west', clusterId: body.data.b.cluster.id },
      ]);
      expect(events).toHaveLength(4);
    });
  });
});
