import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import notificationsPlugin from '@backstage/plugin-notifications-backend';
import { Notification } from '@backstage/plugin-notifications-common';
import { environmentEntityName } from '@styrmin/plugin-styrmin-common';
import {
  AgentProtocolBackend,
  AgentProtocolCluster,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import { releaseFetchConnections } from '../__testUtils__/releaseFetchConnections';
import { runScripted } from '../__testUtils__/scriptedAgent';
import { waitFor } from '../__testUtils__/waitFor';
import { TASK_FAILED_TOPIC } from './TaskFailureNotifier';

jest.setTimeout(120_000);

const AUTHOR = 'user:default/ada';
const OWNER = 'user:default/grace';
const BYSTANDER = 'user:default/bob';
const SUFFIX = 'notify';
/** The cluster whose environment is upgraded as a whole. */
const ENVIRONMENT_SUFFIX = 'envup';
const SECRET = INFRAHUB_CONFIGURATION.parameters.admin_password;

/**
 * The environments of the test's clusters as the catalog module lists them, owned by a
 * group whose member is {@link OWNER}: the catalog is the one place that says who owns them.
 */
const CATALOG: Entity[] = [
  ...[SUFFIX, ENVIRONMENT_SUFFIX].map(suffix => ({
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name: environmentEntityName({ name: `e-${suffix}` }),
      namespace: 'default',
    },
    spec: { type: 'styrmin-environment', owner: 'group:default/platform' },
    relations: [{ type: 'ownedBy', targetRef: 'group:default/platform' }],
  })),
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Group',
    metadata: { name: 'platform', namespace: 'default' },
    spec: { type: 'team', children: [] },
    relations: [{ type: 'hasMember', targetRef: OWNER }],
  },
];

/*
 * Failed tasks through the real path: a scripted agent fails a task over the agent
 * protocol, the plugin sends through the notification service to the real notifications
 * backend, which resolves the environment's entity to its owners in the catalog; each user
 * reads their notifications from its API.
 */
describe('TaskFailureNotifier', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let backend: AgentProtocolBackend;
    let cluster: AgentProtocolCluster;

    beforeAll(async () => {
      const knex = await databases.init(databaseId);
      // The notifications backend on a database of its own, as each plugin has one.
      const notificationsKnex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
        config: { app: { baseUrl: 'http://localhost:3000' } },
        database: createServiceFactory({
          service: coreServices.database,
          deps: { plugin: coreServices.pluginMetadata },
          factory: ({ plugin }) =>
            mockServices.database({
              knex:
                plugin.getId() === 'notifications' ? notificationsKnex : knex,
            }),
        }),
        features: [
          notificationsPlugin,
          catalogServiceMock.factory({ entities: CATALOG }),
        ],
      });
      cluster = await backend.newCluster(SUFFIX);
    });

    afterAll(async () => {
      await backend?.stop();
      await releaseFetchConnections();
    });

    const notificationsOf = async (user: string): Promise<Notification[]> => {
      const response = await fetch(
        `${backend.serverUrl}/api/notifications/notifications`,
        { headers: { Authorization: mockCredentials.user.header(user) } },
      );
      expect(response.status).toBe(200);
      return (await response.json()).notifications;
    };
    const run = async (
      options: Parameters<typeof runScripted>[3] = {},
      on: AgentProtocolCluster = cluster,
    ) =>
      runScripted(
        on.agent,
        (await on.agent.claim({ owner: 'agent-1' }))!,
        'agent-1',
        options,
      );

    it('tells the author and the environment owners once per failed change, nobody of a success', async () => {
      const { styrmin } = backend;
      const created = await cluster.createInfrahub();
      const deploymentId = created.deployment.id;
      const claimed = (await cluster.agent.claim({ owner: 'agent-1' }))!;
      const failingStep = claimed.task.steps[1].name;
      await expect(
        runScripted(cluster.agent, claimed, 'agent-1', {
          fail: {
            step: failingStep,
            error: `helm refused: password ${SECRET} rejected`,
          },
        }),
      ).resolves.toBe('FAILED');

      await waitFor(async () => (await notificationsOf(OWNER)).length > 0);
      const [toOwner] = await notificationsOf(OWNER);
      expect(toOwner).toMatchObject({
        user: OWNER,
        origin: 'plugin:styrmin',
        payload: {
          title: `infrahub in e-${SUFFIX}: creation failed at step '${failingStep}'`,
          link: `/styrmin/deployments/${deploymentId}/tasks`,
          severity: 'high',
          topic: TASK_FAILED_TOPIC,
        },
      });
      expect(toOwner.payload.description).toBe(
        `helm refused: password <redacted> rejected (task ${
          created.task!.id
        }, started by ${AUTHOR})`,
      );
      expect(JSON.stringify(toOwner)).not.toContain(SECRET);
      expect(await notificationsOf(OWNER)).toHaveLength(1);
      expect(await notificationsOf(AUTHOR)).toEqual([
        expect.objectContaining({ payload: toOwner.payload }),
      ]);

      // A retry of the change that fails again updates the same notification.
      const retried = await styrmin.retryTask(created.task!.id);
      await expect(
        run({ fail: { step: failingStep, error: 'the cluster is full' } }),
      ).resolves.toBe('FAILED');
      await waitFor(
        async () =>
          (await notificationsOf(OWNER))[0].payload.description ===
          `the cluster is full (task ${retried.task.id}, started by ${AUTHOR})`,
      );
      expect(await notificationsOf(OWNER)).toHaveLength(1);
      expect(await notificationsOf(AUTHOR)).toHaveLength(1);

      // A retry that succeeds tells nobody anything.
      await styrmin.retryTask(retried.task.id);
      await expect(run()).resolves.toBe('SUCCEEDED');
      expect((await styrmin.deployment({ id: deploymentId }))?.state).toBe(
        'RUNNING',
      );

      // A failure of another change of the same deployment is a notification of its own;
      // once it arrived, the success before it has had every chance to send one.
      const edited = await styrmin.editDeployment({
        id: deploymentId,
        configuration: { parameters: { log_level: 'DEBUG' } },
      });
      await expect(
        run({ fail: { step: failingStep, error: 'quota exceeded' } }),
      ).resolves.toBe('FAILED');
      await waitFor(async () => (await notificationsOf(OWNER)).length > 1);
      const titles = (await notificationsOf(OWNER)).map(n => [
        n.payload.title,
        n.payload.description,
      ]);
      expect(titles).toEqual([
        [
          `infrahub in e-${SUFFIX}: update failed at step '${failingStep}'`,
          `quota exceeded (task ${edited.task!.id}, started by ${AUTHOR})`,
        ],
        [
          `infrahub in e-${SUFFIX}: creation failed at step '${failingStep}'`,
          `the cluster is full (task ${retried.task.id}, started by ${AUTHOR})`,
        ],
      ]);
      expect(await notificationsOf(AUTHOR)).toHaveLength(2);
      expect(await notificationsOf(BYSTANDER)).toEqual([]);
    });

    it('tells them of a failed environment task too, and of the deployment task it started', async () => {
      const { styrmin } = backend;
      const upgraded = await backend.newCluster(ENVIRONMENT_SUFFIX);
      const { deployment } = await upgraded.createInfrahub();
      await expect(run({}, upgraded)).resolves.toBe('SUCCEEDED');
      const before = (await notificationsOf(OWNER)).length;

      // The server pool's worker runs the environment task; its step waits for the
      // deployment's upgrade on the cluster's pool, which the agent fails.
      const { task } = await styrmin.upgradeEnvironment({
        environment: upgraded.environment.id,
      });
      const claimed = await waitFor(() =>
        upgraded.agent.claim({ owner: 'agent-1' }),
      );
      const failingStep = claimed.task.steps[0].name;
      await expect(
        runScripted(upgraded.agent, claimed, 'agent-1', {
          fail: { step: failingStep, error: 'image pull failed' },
        }),
      ).resolves.toBe('FAILED');

      await waitFor(
        async () => (await notificationsOf(OWNER)).length === before + 2,
      );
      const [environmentFailure, deploymentFailure] = (
        await notificationsOf(OWNER)
      ).map(n => n.payload);
      expect(deploymentFailure).toMatchObject({
        title: `infrahub in e-${ENVIRONMENT_SUFFIX}: upgrade failed at step '${failingStep}'`,
        description: expect.stringMatching(/^image pull failed \(task /),
        link: `/styrmin/deployments/${deployment.id}/tasks`,
      });
      expect(environmentFailure).toMatchObject({
        title: `e-${ENVIRONMENT_SUFFIX}: environment upgrade failed at step 'Upgrade infrahub to 1.1.0'`,
        description: expect.stringContaining(
          `(task ${task.id}, started by ${AUTHOR})`,
        ),
        link: `/styrmin/environments/${upgraded.environment.id}/tasks`,
        severity: 'high',
        topic: TASK_FAILED_TOPIC,
      });
      expect(await notificationsOf(AUTHOR)).toHaveLength(before + 2);
      expect(await notificationsOf(BYSTANDER)).toEqual([]);
    });
  });
});
