import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { mockApis, MockFetchApi } from '@backstage/test-utils';
import { StyrminApiError } from '@styrmin/sdk';
import {
  infrahub,
  infrahubVersion,
  serverInfo,
} from '../__testUtils__/fixtures';
import {
  createTask,
  createTree,
  deployment,
  observedState,
  tasks,
  timeline,
} from '../__testUtils__/deploymentFixtures';
import { devEnvironment, localCluster } from '../__testUtils__/recordFixtures';
import { kubernetesEvents } from '../__testUtils__/eventFixtures';
import {
  backupDetail,
  backups,
  completedBackup,
  minioLocation,
  runningBackup,
  runningRestore,
} from '../__testUtils__/backupFixtures';
import {
  clonePlan,
  completedEnvironmentBackup,
  environmentBackups,
  environmentTasks,
  restorePlan,
  runningEnvironmentBackup,
  upgradePlan,
} from '../__testUtils__/environmentOperationFixtures';
import { StyrminClient } from './StyrminClient';

interface RecordedRequest {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/** The query as one line, so that it can be compared whole or by its start. */
const oneLine = (query: string) => query.replace(/\s+/g, ' ').trim();

describe('StyrminClient', () => {
  let server: Server;
  let requests: RecordedRequest[];
  let answer: { status: number; body: unknown };
  let client: StyrminClient;

  beforeAll(async () => {
    // A real server rather than a fetch mock, so the request is checked as it goes out.
    server = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) {
        body += chunk;
      }
      requests.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(body),
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise(resolve => server.close(resolve));
  });

  beforeEach(() => {
    requests = [];
    const { port } = server.address() as AddressInfo;
    client = new StyrminClient({
      discoveryApi: mockApis.discovery({ baseUrl: `http://127.0.0.1:${port}` }),
      // Backstage's fetch, which signs the request as the user.
      fetchApi: new MockFetchApi({
        injectIdentityAuth: { token: 'user-token' },
      }),
    });
  });

  it('reads the server with one GraphQL request to the plugin, as the user', async () => {
    answer = { status: 200, body: { data: { server: serverInfo } } };

    await expect(client.getServerInfo()).resolves.toEqual(serverInfo);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/styrmin/graphql');
    expect(request.headers.authorization).toBe('Bearer user-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      operationName: 'ServerInfo',
      query: expect.any(String),
      variables: {},
    });
    expect(oneLine(request.body.query)).toBe(
      'query ServerInfo { server { version installationId installedAt database { engine version schemaVersion } } }',
    );
  });

  // Each driver method sends its SDK operation with exactly these variables; the
  // documents themselves are the SDK's, checked against the schema there.
  it.each([
    {
      method: 'getDrivers',
      call: (c: StyrminClient) => c.getDrivers(),
      data: { drivers: [infrahub] },
      result: [infrahub],
      operationName: 'Drivers',
      variables: {},
      start: 'query Drivers { drivers { name title versions {',
    },
    {
      method: 'getDriver',
      call: (c: StyrminClient) => c.getDriver('infrahub'),
      data: { driver: infrahub },
      result: infrahub,
      operationName: 'Driver',
      variables: { name: 'infrahub' },
      start: 'query Driver($name: String!) { driver(name: $name) {',
    },
    {
      method: 'getDriver, not loaded',
      call: (c: StyrminClient) => c.getDriver('nothing'),
      data: { driver: null },
      result: undefined,
      operationName: 'Driver',
      variables: { name: 'nothing' },
      start: 'query Driver($name: String!) { driver(name: $name) {',
    },
    {
      method: 'getDriverVersion',
      call: (c: StyrminClient) =>
        c.getDriverVersion({ name: 'infrahub', version: '1.1.0' }),
      data: { driverVersion: infrahubVersion },
      result: infrahubVersion,
      operationName: 'DriverVersion',
      variables: { name: 'infrahub', version: '1.1.0' },
      start:
        'query DriverVersion($name: String!, $version: String!) { driverVersion(name: $name, version: $version) { ...DriverVersionFields } }',
    },
    {
      method: 'getDriverVersion, not loaded',
      call: (c: StyrminClient) =>
        c.getDriverVersion({ name: 'infrahub', version: '9.9.9' }),
      data: { driverVersion: null },
      result: undefined,
      operationName: 'DriverVersion',
      variables: { name: 'infrahub', version: '9.9.9' },
      start: 'query DriverVersion($name: String!, $version: String!)',
    },
    {
      method: 'loadDriver',
      call: (c: StyrminClient) =>
        c.loadDriver({
          source: 'GIT',
          url: 'https://github.com/example/drivers.git',
          ref: 'v1.1.0',
          path: 'infrahub',
        }),
      data: {
        loadDriver: { created: true, driverVersion: infrahubVersion },
      },
      result: { created: true, driverVersion: infrahubVersion },
      operationName: 'LoadDriver',
      variables: {
        input: {
          source: 'GIT',
          url: 'https://github.com/example/drivers.git',
          ref: 'v1.1.0',
          path: 'infrahub',
        },
      },
      start:
        'mutation LoadDriver($input: LoadDriverInput!) { loadDriver(input: $input) { created driverVersion { ...DriverVersionFields } } }',
    },
  ])(
    '$method: one $operationName request with its variables, as the user',
    async ({ call, data, result, operationName, variables, start }) => {
      answer = { status: 200, body: { data } };

      await expect(call(client)).resolves.toEqual(result);

      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/styrmin/graphql');
      expect(request.headers.authorization).toBe('Bearer user-token');
      expect(request.body).toEqual({
        operationName,
        query: expect.any(String),
        variables,
      });
      expect(oneLine(request.body.query).startsWith(start)).toBe(true);
    },
  );

  // The record pages' reads and actions, likewise: the SDK's operation, these variables.
  it.each([
    {
      method: 'getDeployment',
      call: (c: StyrminClient) => c.getDeployment(deployment.id),
      data: { deployment },
      result: deployment,
      operationName: 'Deployment',
      variables: { id: deployment.id },
    },
    {
      method: 'getDeployment, none',
      call: (c: StyrminClient) => c.getDeployment('nope'),
      data: { deployment: null },
      result: undefined,
      operationName: 'Deployment',
      variables: { id: 'nope' },
    },
    {
      method: 'getDeploymentObservedState',
      call: (c: StyrminClient) => c.getDeploymentObservedState(deployment.id),
      data: { deployment: observedState },
      result: observedState,
      operationName: 'DeploymentObservedState',
      variables: { id: deployment.id },
    },
    {
      method: 'getDeploymentEvents',
      call: (c: StyrminClient) => c.getDeploymentEvents(deployment.id),
      data: { deployment: { events: kubernetesEvents } },
      result: kubernetesEvents,
      operationName: 'DeploymentEvents',
      variables: { id: deployment.id },
    },
    {
      method: 'getDeploymentTimeline',
      call: (c: StyrminClient) =>
        c.getDeploymentTimeline({ id: deployment.id, first: 10, after: 'c' }),
      data: { deployment: { instances: timeline } },
      result: timeline,
      operationName: 'DeploymentTimeline',
      variables: { id: deployment.id, first: 10, after: 'c' },
    },
    {
      method: 'getDeploymentTasks',
      call: (c: StyrminClient) =>
        c.getDeploymentTasks({ id: deployment.id, first: 20 }),
      data: { deployment: { tasks } },
      result: tasks,
      operationName: 'DeploymentTasks',
      variables: { id: deployment.id, first: 20 },
    },
    {
      method: 'getTaskTree, without started tasks',
      call: (c: StyrminClient) => c.getTaskTree(createTree.id),
      data: { task: createTree },
      result: createTree,
      operationName: 'Task',
      variables: { id: createTree.id },
    },
    {
      method: 'deleteDeployment',
      call: (c: StyrminClient) =>
        c.deleteDeployment({ id: deployment.id, expectedVersion: 3 }),
      data: { deleteDeployment: { changed: true } },
      result: { changed: true },
      operationName: 'DeleteDeployment',
      variables: { input: { id: deployment.id, expectedVersion: 3 } },
    },
    {
      method: 'stopComponents',
      call: (c: StyrminClient) =>
        c.stopComponents({
          id: deployment.id,
          components: ['task-worker'],
          expectedVersion: 3,
        }),
      data: { stopComponents: { deployment, task: createTask } },
      result: { deployment, task: createTask },
      operationName: 'StopComponents',
      variables: {
        input: {
          id: deployment.id,
          components: ['task-worker'],
          expectedVersion: 3,
        },
      },
    },
    {
      method: 'startComponents',
      call: (c: StyrminClient) =>
        c.startComponents({ id: deployment.id, components: ['server'] }),
      data: { startComponents: { deployment, task: createTask } },
      result: { deployment, task: createTask },
      operationName: 'StartComponents',
      variables: { input: { id: deployment.id, components: ['server'] } },
    },
    {
      method: 'restartComponents',
      call: (c: StyrminClient) =>
        c.restartComponents({ id: deployment.id, components: ['server'] }),
      data: { restartComponents: { deployment, task: createTask } },
      result: { deployment, task: createTask },
      operationName: 'RestartComponents',
      variables: { input: { id: deployment.id, components: ['server'] } },
    },
    {
      method: 'retryTask',
      call: (c: StyrminClient) => c.retryTask('task-upgrade'),
      data: { retryTask: { deployment, task: createTask } },
      result: { deployment, task: createTask },
      operationName: 'RetryTask',
      variables: { input: { task: 'task-upgrade' } },
    },
    {
      method: 'runJob',
      call: (c: StyrminClient) =>
        c.runJob({
          id: deployment.id,
          component: 'server',
          command: ['infrahub', 'db', 'check'],
          timeoutSeconds: 120,
          expectedVersion: 3,
        }),
      data: { runJob: { deployment, task: createTask } },
      result: { deployment, task: createTask },
      operationName: 'RunJob',
      variables: {
        input: {
          id: deployment.id,
          component: 'server',
          command: ['infrahub', 'db', 'check'],
          timeoutSeconds: 120,
          expectedVersion: 3,
        },
      },
    },
    {
      method: 'getClusters',
      call: (c: StyrminClient) => c.getClusters(),
      data: { clusters: [localCluster] },
      result: [localCluster],
      operationName: 'Clusters',
      variables: {},
    },
    {
      method: 'getCluster',
      call: (c: StyrminClient) => c.getCluster('local'),
      data: { cluster: localCluster },
      result: localCluster,
      operationName: 'Cluster',
      variables: { name: 'local' },
    },
    {
      method: 'getEnvironments',
      call: (c: StyrminClient) => c.getEnvironments({ cluster: 'c-local' }),
      data: { environments: [devEnvironment] },
      result: [devEnvironment],
      operationName: 'EnvironmentsWithDeployments',
      variables: { cluster: 'c-local' },
    },
    {
      method: 'getEnvironment, none',
      call: (c: StyrminClient) => c.getEnvironment({ name: 'staging' }),
      data: { environment: null },
      result: undefined,
      operationName: 'EnvironmentWithDeployments',
      variables: { name: 'staging' },
    },
    {
      method: 'createDeployment',
      call: (c: StyrminClient) =>
        c.createDeployment({
          environment: 'e-dev',
          name: 'infrahub',
          driver: 'infrahub',
          driverVersion: '1.1.0',
          configuration: { app_version: '1.6.1' },
        }),
      data: { createDeployment: { changed: true } },
      result: { changed: true },
      operationName: 'CreateDeployment',
      variables: {
        input: {
          environment: 'e-dev',
          name: 'infrahub',
          driver: 'infrahub',
          driverVersion: '1.1.0',
          configuration: { app_version: '1.6.1' },
        },
      },
    },
    {
      method: 'previewClusterUpdate',
      call: (c: StyrminClient) =>
        c.previewClusterUpdate({
          id: 'c-local',
          expectedVersion: 1,
          settings: { base_domain: null },
        }),
      data: { previewClusterUpdate: [] },
      result: [],
      operationName: 'PreviewClusterUpdate',
      variables: {
        input: {
          id: 'c-local',
          expectedVersion: 1,
          settings: { base_domain: null },
        },
      },
    },
    {
      method: 'updateCluster',
      call: (c: StyrminClient) =>
        c.updateCluster({
          id: 'c-local',
          settings: { ingress_class: 'nginx' },
        }),
      data: { updateCluster: { changed: true } },
      result: { changed: true },
      operationName: 'UpdateCluster',
      variables: {
        input: { id: 'c-local', settings: { ingress_class: 'nginx' } },
      },
    },
    {
      method: 'rotateAgentToken',
      call: (c: StyrminClient) => c.rotateAgentToken('c-local'),
      data: {
        rotateAgentToken: { agentToken: 'token', cluster: localCluster },
      },
      result: { agentToken: 'token', cluster: localCluster },
      operationName: 'RotateAgentToken',
      variables: { input: { id: 'c-local' } },
    },
    {
      method: 'getDeploymentBackups',
      call: (c: StyrminClient) =>
        c.getDeploymentBackups({ id: deployment.id, first: 20 }),
      data: { deployment: { backups } },
      result: backups,
      operationName: 'DeploymentBackups',
      variables: { id: deployment.id, first: 20 },
    },
    {
      method: 'getDeploymentRestores',
      call: (c: StyrminClient) => c.getDeploymentRestores(deployment.id),
      data: { deployment: { restores: [runningRestore] } },
      result: [runningRestore],
      operationName: 'DeploymentRestores',
      variables: { id: deployment.id },
    },
    {
      method: 'getBackup, its task a tree of steps',
      call: (c: StyrminClient) => c.getBackup(completedBackup.id),
      data: { backup: backupDetail(completedBackup) },
      result: backupDetail(completedBackup),
      operationName: 'Backup',
      variables: { id: completedBackup.id },
    },
    {
      method: 'createBackup',
      call: (c: StyrminClient) => c.createBackup({ deployment: deployment.id }),
      data: { createBackup: runningBackup },
      result: runningBackup,
      operationName: 'CreateBackup',
      variables: { input: { deployment: deployment.id } },
    },
    {
      method: 'deleteBackup',
      call: (c: StyrminClient) => c.deleteBackup(completedBackup.id),
      data: { deleteBackup: completedBackup },
      result: completedBackup,
      operationName: 'DeleteBackup',
      variables: { input: { id: completedBackup.id } },
    },
    {
      method: 'restoreBackup',
      call: (c: StyrminClient) => c.restoreBackup(completedBackup.id),
      data: { restoreBackup: runningRestore },
      result: runningRestore,
      operationName: 'RestoreBackup',
      variables: { input: { backup: completedBackup.id } },
    },
    {
      method: 'getBackupStorageLocation',
      call: (c: StyrminClient) => c.getBackupStorageLocation('minio'),
      data: { backupStorageLocation: minioLocation },
      result: minioLocation,
      operationName: 'BackupStorageLocation',
      variables: { name: 'minio' },
    },
    {
      method: 'getEnvironmentBackups',
      call: (c: StyrminClient) =>
        c.getEnvironmentBackups({ id: devEnvironment.id, first: 20 }),
      data: { environment: { environmentBackups } },
      result: environmentBackups,
      operationName: 'EnvironmentBackupSummaries',
      variables: { id: devEnvironment.id, first: 20 },
    },
    {
      method: 'getEnvironmentBackup',
      call: (c: StyrminClient) =>
        c.getEnvironmentBackup(completedEnvironmentBackup.id),
      data: { environmentBackup: completedEnvironmentBackup },
      result: completedEnvironmentBackup,
      operationName: 'EnvironmentBackup',
      variables: { id: completedEnvironmentBackup.id },
    },
    {
      method: 'createEnvironmentBackup',
      call: (c: StyrminClient) =>
        c.createEnvironmentBackup({ environment: devEnvironment.id }),
      data: { createEnvironmentBackup: runningEnvironmentBackup },
      result: runningEnvironmentBackup,
      operationName: 'CreateEnvironmentBackup',
      variables: { input: { environment: devEnvironment.id } },
    },
    {
      method: 'getEnvironmentTasks, the environment’s own',
      call: (c: StyrminClient) =>
        c.getEnvironmentTasks({ id: devEnvironment.id, first: 20 }),
      data: { environment: { environmentTasks: environmentTasks } },
      result: environmentTasks,
      operationName: 'EnvironmentOperationTasks',
      variables: { id: devEnvironment.id, first: 20 },
    },
    {
      method: 'getEnvironmentRestorePlan',
      call: (c: StyrminClient) =>
        c.getEnvironmentRestorePlan({ environmentBackup: 'eb-partial' }),
      data: { environmentRestorePlan: restorePlan },
      result: restorePlan,
      operationName: 'EnvironmentRestorePlan',
      variables: { input: { environmentBackup: 'eb-partial' } },
    },
    {
      method: 'getEnvironmentClonePlan',
      call: (c: StyrminClient) =>
        c.getEnvironmentClonePlan({
          source: devEnvironment.id,
          name: 'dev-copy',
        }),
      data: { environmentClonePlan: clonePlan('dev-copy') },
      result: clonePlan('dev-copy'),
      operationName: 'EnvironmentClonePlan',
      variables: { input: { source: devEnvironment.id, name: 'dev-copy' } },
    },
    {
      method: 'getEnvironmentUpgradePlan',
      call: (c: StyrminClient) =>
        c.getEnvironmentUpgradePlan({
          environment: devEnvironment.id,
          backupFirst: true,
        }),
      data: { environmentUpgradePlan: upgradePlan },
      result: upgradePlan,
      operationName: 'EnvironmentUpgradePlan',
      variables: {
        input: { environment: devEnvironment.id, backupFirst: true },
      },
    },
    {
      method: 'planUpgrade',
      call: (c: StyrminClient) =>
        c.planUpgrade({ id: deployment.id, driverVersion: '1.1.0' }),
      data: { upgradeDeployment: { plan: { id: 'plan-1', kind: 'UPGRADE' } } },
      result: { id: 'plan-1', kind: 'UPGRADE' },
      operationName: 'PlanUpgradeDeployment',
      variables: {
        input: { id: deployment.id, driverVersion: '1.1.0', plan: true },
      },
    },
    {
      method: 'applyPlan',
      call: (c: StyrminClient) => c.applyPlan('plan-1'),
      data: { applyPlan: { changed: true } },
      result: { changed: true },
      operationName: 'ApplyPlan',
      variables: { input: { id: 'plan-1' } },
    },
    {
      method: 'deleteEnvironmentBackup',
      call: (c: StyrminClient) =>
        c.deleteEnvironmentBackup(completedEnvironmentBackup.id),
      data: { deleteEnvironmentBackup: completedEnvironmentBackup },
      result: completedEnvironmentBackup,
      operationName: 'DeleteEnvironmentBackup',
      variables: { input: { id: completedEnvironmentBackup.id } },
    },
  ])(
    '$method: one $operationName request with its variables, as the user',
    async ({ call, data, result, operationName, variables }) => {
      answer = { status: 200, body: { data } };

      await expect(call(client)).resolves.toEqual(result);

      expect(requests).toHaveLength(1);
      expect(requests[0].headers.authorization).toBe('Bearer user-token');
      expect(requests[0].body).toEqual({
        operationName,
        query: expect.any(String),
        variables,
      });
    },
  );

  it('rejects with the error code the server sets', async () => {
    answer = {
      status: 200,
      body: {
        data: null,
        errors: [
          {
            message: 'Reading the server needs styrmin.server.read',
            extensions: { code: 'FORBIDDEN' },
          },
        ],
      },
    };

    const error = await client.getServerInfo().catch(e => e);

    expect(error).toBeInstanceOf(StyrminApiError);
    expect(error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Reading the server needs styrmin.server.read',
    });
  });
});
