import { once } from 'node:events';
import {
  createServer,
  IncomingHttpHeaders,
  OutgoingHttpHeaders,
  Server,
} from 'node:http';
import { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import {
  backupOperation,
  backupStorageLocationOperation,
  backupStorageLocationsOperation,
  createBackupOperation,
  createBackupStorageLocationOperation,
  deleteBackupOperation,
  deleteBackupStorageLocationOperation,
  deploymentBackupsOperation,
  deploymentRestoresOperation,
  createEnvironmentBackupOperation,
  deleteEnvironmentBackupOperation,
  driverOperation,
  driversOperation,
  driverVersionOperation,
  environmentBackupOperation,
  environmentBackupsOperation,
  environmentUpgradePlanOperation,
  environmentsWithDeploymentsOperation,
  environmentWithDeploymentsOperation,
  loadDriverOperation,
  removeBackupScheduleOperation,
  restoreBackupOperation,
  restoreOperation,
  retryTaskOperation,
  serverInfoOperation,
  tasksByIdPrefixOperation,
  setBackupScheduleOperation,
  backupScheduleOperation,
  updateBackupStorageLocationOperation,
  upgradeEnvironmentOperation,
} from './operations';
import { StyrminApiError } from './StyrminApiError';
import { StyrminClient } from './StyrminClient';

const token = 'secret-token-4f1c9';

const serverInfo = {
  version: '0.1.0',
  installationId: '7d1f1f9e-5c0e-4f7e-9a43-0b8c4c6f0b1a',
  installedAt: '2025-01-02T03:04:05.000Z',
  database: {
    engine: 'SQLITE',
    version: '3.45.0',
    schemaVersion: '20250101000000_init.js',
  },
};

interface RecordedRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Answer {
  status: number;
  headers?: OutgoingHttpHeaders;
  body: string;
}

const json = (status: number, body: unknown): Answer => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

/** Answers like Backstage with the styrmin plugin: every request gets `answer`. */
function startFakeBackend() {
  const requests: RecordedRequest[] = [];
  let answer: Answer = json(200, { data: { server: serverInfo } });
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) {
      body += chunk;
    }
    requests.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body,
    });
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  return {
    requests,
    answer(next: Answer) {
      answer = next;
    },
    async listen(): Promise<string> {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Neither the message, the enumerable fields nor the cause chain mention the token. */
function expectNoToken(error: Error) {
  expect(error.message).not.toContain(token);
  expect(JSON.stringify(error)).not.toContain(token);
  expect(inspect(error, { depth: Infinity, showHidden: true })).not.toContain(
    token,
  );
}

const pageInfo = { endCursor: null, hasNextPage: false };

/** A create_backup task as the Backup query answers it: its step started no task. */
const backupTask = {
  id: 't1',
  type: 'create_backup',
  steps: [{ id: 's1', name: 'Back up the namespace', startedTasks: [] }],
};

describe('StyrminClient', () => {
  const backend = startFakeBackend();
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = `${await backend.listen()}/api/styrmin`;
  });

  afterAll(() => backend.close());

  beforeEach(() => {
    backend.requests.length = 0;
    backend.answer(json(200, { data: { server: serverInfo } }));
  });

  describe('serverInfo', () => {
    it('posts the ServerInfo operation with the token and returns the server', async () => {
      const client = StyrminClient.create({ baseUrl, token });

      await expect(client.serverInfo()).resolves.toEqual(serverInfo);

      expect(backend.requests).toEqual([
        {
          method: 'POST',
          url: '/api/styrmin/graphql',
          headers: expect.objectContaining({
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: `Bearer ${token}`,
          }),
          body: expect.any(String),
        },
      ]);
      expect(JSON.parse(backend.requests[0].body)).toEqual({
        query: serverInfoOperation.document,
        variables: {},
        operationName: 'ServerInfo',
      });
    });
  });

  describe('the typed operations', () => {
    it.each([
      [
        'drivers',
        (client: StyrminClient) => client.drivers(),
        driversOperation,
        {},
        { drivers: [{ name: 'infrahub' }] },
        [{ name: 'infrahub' }],
      ],
      [
        'driver',
        (client: StyrminClient) => client.driver('infrahub'),
        driverOperation,
        { name: 'infrahub' },
        { driver: { name: 'infrahub' } },
        { name: 'infrahub' },
      ],
      [
        'driver, not loaded',
        (client: StyrminClient) => client.driver('gitlab'),
        driverOperation,
        { name: 'gitlab' },
        { driver: null },
        undefined,
      ],
      [
        'driverVersion',
        (client: StyrminClient) =>
          client.driverVersion({ name: 'infrahub', version: '1.0.0' }),
        driverVersionOperation,
        { name: 'infrahub', version: '1.0.0' },
        { driverVersion: { version: '1.0.0' } },
        { version: '1.0.0' },
      ],
      [
        'driverVersion, not loaded',
        (client: StyrminClient) =>
          client.driverVersion({ name: 'infrahub', version: '9.0.0' }),
        driverVersionOperation,
        { name: 'infrahub', version: '9.0.0' },
        { driverVersion: null },
        undefined,
      ],
      [
        'loadDriver',
        (client: StyrminClient) =>
          client.loadDriver({
            source: 'GIT',
            url: 'https://github.com/opsmill/drivers.git',
            ref: 'v1',
          }),
        loadDriverOperation,
        {
          input: {
            source: 'GIT',
            url: 'https://github.com/opsmill/drivers.git',
            ref: 'v1',
          },
        },
        { loadDriver: { created: true, driverVersion: { version: '1.0.0' } } },
        { created: true, driverVersion: { version: '1.0.0' } },
      ],
      [
        'environmentsWithDeployments',
        (client: StyrminClient) => client.environmentsWithDeployments(),
        environmentsWithDeploymentsOperation,
        {},
        { environments: [{ name: 'dev', deployments: [] }] },
        [{ name: 'dev', deployments: [] }],
      ],
      [
        'environmentsWithDeployments of a cluster',
        (client: StyrminClient) =>
          client.environmentsWithDeployments({ cluster: 'c1' }),
        environmentsWithDeploymentsOperation,
        { cluster: 'c1' },
        { environments: [] },
        [],
      ],
      [
        'environmentWithDeployments',
        (client: StyrminClient) =>
          client.environmentWithDeployments({ name: 'dev' }),
        environmentWithDeploymentsOperation,
        { name: 'dev' },
        { environment: { name: 'dev', deployments: [] } },
        { name: 'dev', deployments: [] },
      ],
      [
        'environmentWithDeployments, unknown',
        (client: StyrminClient) =>
          client.environmentWithDeployments({ name: 'prod' }),
        environmentWithDeploymentsOperation,
        { name: 'prod' },
        { environment: null },
        undefined,
      ],
      [
        'backups.list',
        (client: StyrminClient) => client.backups.list({ id: 'd1', first: 5 }),
        deploymentBackupsOperation,
        { id: 'd1', first: 5 },
        { deployment: { backups: { nodes: [{ id: 'b1' }], pageInfo } } },
        { nodes: [{ id: 'b1' }], pageInfo },
      ],
      [
        'backups.list of an unknown deployment',
        (client: StyrminClient) => client.backups.list({ id: 'd9' }),
        deploymentBackupsOperation,
        { id: 'd9' },
        { deployment: null },
        undefined,
      ],
      [
        'backups.get: the task as a tree, in one request when its steps started none',
        (client: StyrminClient) => client.backups.get('b1'),
        backupOperation,
        { id: 'b1' },
        { backup: { id: 'b1', task: backupTask } },
        { id: 'b1', task: backupTask },
      ],
      [
        'backups.get, none',
        (client: StyrminClient) => client.backups.get('b9'),
        backupOperation,
        { id: 'b9' },
        { backup: null },
        undefined,
      ],
      [
        'backups.create',
        (client: StyrminClient) =>
          client.backups.create({ deployment: 'd1', ttl: '72h' }),
        createBackupOperation,
        { input: { deployment: 'd1', ttl: '72h' } },
        { createBackup: { id: 'b1' } },
        { id: 'b1' },
      ],
      [
        'environmentBackups.list',
        (client: StyrminClient) =>
          client.environmentBackups.list({ id: 'e1', first: 5 }),
        environmentBackupsOperation,
        { id: 'e1', first: 5 },
        { environment: { environmentBackups: { nodes: [] } } },
        { nodes: [] },
      ],
      [
        'environmentBackups.get, none',
        (client: StyrminClient) => client.environmentBackups.get('eb9'),
        environmentBackupOperation,
        { id: 'eb9' },
        { environmentBackup: null },
        undefined,
      ],
      [
        'environmentBackups.create',
        (client: StyrminClient) =>
          client.environmentBackups.create({ environment: 'e1', ttl: '7d' }),
        createEnvironmentBackupOperation,
        { input: { environment: 'e1', ttl: '7d' } },
        { createEnvironmentBackup: { id: 'eb1' } },
        { id: 'eb1' },
      ],
      [
        'environmentUpgradePlan',
        (client: StyrminClient) =>
          client.environmentUpgradePlan({
            environment: 'e1',
            versions: [{ deployment: 'd1', driverVersion: '1.1.0' }],
          }),
        environmentUpgradePlanOperation,
        {
          input: {
            environment: 'e1',
            versions: [{ deployment: 'd1', driverVersion: '1.1.0' }],
          },
        },
        { environmentUpgradePlan: { upgrades: [], problems: ['none'] } },
        { upgrades: [], problems: ['none'] },
      ],
      [
        'upgradeEnvironment',
        (client: StyrminClient) =>
          client.upgradeEnvironment({ environment: 'e1', backupFirst: true }),
        upgradeEnvironmentOperation,
        { input: { environment: 'e1', backupFirst: true } },
        { upgradeEnvironment: { task: { id: 't1' } } },
        { task: { id: 't1' } },
      ],
      [
        'environmentBackups.delete',
        (client: StyrminClient) => client.environmentBackups.delete('eb1'),
        deleteEnvironmentBackupOperation,
        { input: { id: 'eb1' } },
        { deleteEnvironmentBackup: { id: 'eb1' } },
        { id: 'eb1' },
      ],
      [
        'backups.delete',
        (client: StyrminClient) => client.backups.delete('b1'),
        deleteBackupOperation,
        { input: { id: 'b1' } },
        { deleteBackup: { id: 'b1' } },
        { id: 'b1' },
      ],
      [
        'backups.restore',
        (client: StyrminClient) => client.backups.restore('b1'),
        restoreBackupOperation,
        { input: { backup: 'b1' } },
        { restoreBackup: { id: 'r1' } },
        { id: 'r1' },
      ],
      [
        'backups.restores',
        (client: StyrminClient) => client.backups.restores({ id: 'd1' }),
        deploymentRestoresOperation,
        { id: 'd1' },
        { deployment: { restores: [{ id: 'r1' }] } },
        [{ id: 'r1' }],
      ],
      [
        'backups.getRestore, none',
        (client: StyrminClient) => client.backups.getRestore('r9'),
        restoreOperation,
        { id: 'r9' },
        { restore: null },
        undefined,
      ],
      [
        'backups.setSchedule',
        (client: StyrminClient) =>
          client.backups.setSchedule({ deployment: 'd1', cron: '@daily' }),
        setBackupScheduleOperation,
        { input: { deployment: 'd1', cron: '@daily' } },
        { setBackupSchedule: { cron: '0 0 * * *' } },
        { cron: '0 0 * * *' },
      ],
      [
        'backups.schedule of a deployment',
        (client: StyrminClient) =>
          client.backups.schedule({ deployment: 'd1' }),
        backupScheduleOperation,
        { deployment: 'd1', environment: null, ofDeployment: true },
        { deployment: { backupSchedule: { cron: '@daily', inherited: true } } },
        { cron: '@daily', inherited: true },
      ],
      [
        'backups.schedule of an environment, none',
        (client: StyrminClient) =>
          client.backups.schedule({ environment: 'e1' }),
        backupScheduleOperation,
        { deployment: null, environment: 'e1', ofDeployment: false },
        { environment: { backupSchedule: null } },
        null,
      ],
      [
        'backups.removeSchedule',
        (client: StyrminClient) =>
          client.backups.removeSchedule({ environment: 'e1' }),
        removeBackupScheduleOperation,
        { input: { environment: 'e1' } },
        { removeBackupSchedule: false },
        false,
      ],
      [
        'backupStorageLocations.list',
        (client: StyrminClient) => client.backupStorageLocations.list(),
        backupStorageLocationsOperation,
        {},
        { backupStorageLocations: [{ name: 'default' }] },
        [{ name: 'default' }],
      ],
      [
        'backupStorageLocations.get by name, none',
        (client: StyrminClient) =>
          client.backupStorageLocations.get({ name: 'offsite' }),
        backupStorageLocationOperation,
        { name: 'offsite' },
        { backupStorageLocation: null },
        undefined,
      ],
      [
        'backupStorageLocations.create',
        (client: StyrminClient) =>
          client.backupStorageLocations.create({
            name: 'offsite',
            bucket: 'backups',
            credentialsSecret: { name: 'velero-credentials', key: 'cloud' },
          }),
        createBackupStorageLocationOperation,
        {
          input: {
            name: 'offsite',
            bucket: 'backups',
            credentialsSecret: { name: 'velero-credentials', key: 'cloud' },
          },
        },
        { createBackupStorageLocation: { name: 'offsite' } },
        { name: 'offsite' },
      ],
      [
        'backupStorageLocations.update',
        (client: StyrminClient) =>
          client.backupStorageLocations.update({ id: 'l1', bucket: 'b2' }),
        updateBackupStorageLocationOperation,
        { input: { id: 'l1', bucket: 'b2' } },
        { updateBackupStorageLocation: { bucket: 'b2' } },
        { bucket: 'b2' },
      ],
      [
        'backupStorageLocations.delete',
        (client: StyrminClient) => client.backupStorageLocations.delete('l1'),
        deleteBackupStorageLocationOperation,
        { input: { id: 'l1' } },
        { deleteBackupStorageLocation: { name: 'offsite' } },
        { name: 'offsite' },
      ],
      [
        'retryTask',
        (client: StyrminClient) => client.retryTask('t1'),
        retryTaskOperation,
        { input: { task: 't1' } },
        { retryTask: { task: { id: 't2' } } },
        { task: { id: 't2' } },
      ],
      [
        'tasksByIdPrefix',
        (client: StyrminClient) =>
          client.tasksByIdPrefix('3f2a', { first: 11 }),
        tasksByIdPrefixOperation,
        { prefix: '3f2a', first: 11 },
        { tasksByIdPrefix: [{ id: '3f2a1b0c' }] },
        [{ id: '3f2a1b0c' }],
      ],
    ])(
      '%s posts its operation and variables and returns the result',
      async (_, call, operation, variables, data, expected) => {
        backend.answer(json(200, { data }));

        await expect(
          call(StyrminClient.create({ baseUrl, token })),
        ).resolves.toEqual(expected);
        expect(backend.requests).toHaveLength(1);
        expect(JSON.parse(backend.requests[0].body)).toEqual({
          query: operation.document,
          variables,
          operationName: operation.operationName,
        });
      },
    );
  });

  describe('request', () => {
    it('posts any document with its variables and returns the data', async () => {
      backend.answer(json(200, { data: { deployment: { id: 'd1' } } }));
      const client = StyrminClient.create({ baseUrl, token });
      const query = 'query ($id: ID!) { deployment(id: $id) { id } }';

      await expect(client.request(query, { id: 'd1' })).resolves.toEqual({
        deployment: { id: 'd1' },
      });
      expect(JSON.parse(backend.requests[0].body)).toEqual({
        query,
        variables: { id: 'd1' },
      });
    });
  });

  describe('options', () => {
    it('resolves the base URL and the token for every request', async () => {
      const tokens = ['first-token', undefined];
      const client = StyrminClient.create({
        baseUrl: async () => `${baseUrl}/`,
        token: async () => tokens.shift(),
      });

      await client.serverInfo();
      await client.serverInfo();

      expect(backend.requests.map(r => r.url)).toEqual([
        '/api/styrmin/graphql',
        '/api/styrmin/graphql',
      ]);
      expect(backend.requests.map(r => r.headers.authorization)).toEqual([
        'Bearer first-token',
        undefined,
      ]);
    });

    it('sends through the given fetch, which may attach credentials itself', async () => {
      const fetchApi = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
        fetch(input, {
          ...init,
          headers: { ...init?.headers, Authorization: 'Bearer from-fetch-api' },
        }),
      );
      const client = StyrminClient.create({ baseUrl, fetch: fetchApi });

      await client.serverInfo();

      expect(fetchApi).toHaveBeenCalledWith(
        `${baseUrl}/graphql`,
        expect.objectContaining({ method: 'POST' }),
      );
      expect(backend.requests[0].headers.authorization).toBe(
        'Bearer from-fetch-api',
      );
    });
  });

  describe('errors', () => {
    async function failure(answer: Answer): Promise<StyrminApiError> {
      backend.answer(answer);
      const error = await StyrminClient.create({ baseUrl, token })
        .serverInfo()
        .catch(e => e);
      expect(error).toBeInstanceOf(StyrminApiError);
      expectNoToken(error);
      return error;
    }

    it.each<[string, Answer, Partial<StyrminApiError>]>([
      [
        'HTTP 401 from Backstage auth',
        json(401, {
          error: {
            name: 'AuthenticationError',
            message: 'Missing credentials',
          },
        }),
        {
          code: 'UNAUTHENTICATED',
          status: 401,
          message: 'Missing credentials',
        },
      ],
      [
        'HTTP 403 from Backstage auth',
        json(403, {
          error: { name: 'NotAllowedError', message: 'Not allowed' },
        }),
        { code: 'FORBIDDEN', status: 403, message: 'Not allowed' },
      ],
      [
        'GraphQL errors: the first code and field, every message',
        json(200, {
          data: null,
          errors: [
            {
              message: 'Component server is a singleton',
              extensions: {
                code: 'SINGLETON_REPLICA_OVERRIDE',
                field: 'components.server.replicas',
              },
            },
            {
              message: 'Parameter size was retired',
              extensions: { code: 'RETIRED_PARAMETER_VALUE' },
            },
          ],
        }),
        {
          code: 'SINGLETON_REPLICA_OVERRIDE',
          status: 200,
          field: 'components.server.replicas',
          message:
            'Component server is a singleton; Parameter size was retired',
        },
      ],
      [
        'a GraphQL error body on a non-2xx status',
        json(400, {
          errors: [
            {
              message: 'Cannot query field "nope"',
              extensions: { code: 'VALIDATION_FAILED' },
            },
          ],
        }),
        {
          code: 'VALIDATION_FAILED',
          status: 400,
          message: 'Cannot query field "nope"',
        },
      ],
      [
        'a GraphQL error without a known code',
        json(200, { errors: [{ message: 'Boom', extensions: { code: 'X' } }] }),
        { code: 'INTERNAL', status: 200, message: 'Boom' },
      ],
      [
        'HTTP 500 without a GraphQL body',
        { status: 500, body: 'Internal Server Error' },
        {
          code: 'INTERNAL',
          status: 500,
          message: expect.stringContaining('answered HTTP 500'),
        },
      ],
      [
        'HTTP 503 from a gateway',
        { status: 503, body: '<html>down</html>' },
        { code: 'UNAVAILABLE', status: 503 },
      ],
      [
        'HTTP 404: a Backstage without the styrmin plugin',
        { status: 404, body: '' },
        {
          code: 'UNAVAILABLE',
          status: 404,
          message: expect.stringContaining(
            'answered HTTP 404 Not Found without a GraphQL response',
          ),
        },
      ],
      [
        'HTTP 200 that is not GraphQL (the app, not the backend)',
        {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
          body: '<!doctype html>',
        },
        { code: 'UNAVAILABLE', status: 200 },
      ],
      [
        'HTTP 200 with neither data nor errors',
        json(200, { data: null }),
        {
          code: 'INTERNAL',
          status: 200,
          message: expect.stringContaining('without data'),
        },
      ],
    ])('maps %s', async (_, answer, expected) => {
      const error = await failure(answer);
      expect(error).toMatchObject({ name: 'StyrminApiError', ...expected });
    });

    it('carries the problems of a document that failed validation', async () => {
      const problems = [
        {
          file: 'driver.styrmin.yml',
          path: 'spec.actions[0].hook',
          line: 96,
          column: 13,
          message: 'Invalid option',
        },
        { file: 'chart/big.yaml', message: 'Is too large' },
      ];
      const error = await failure(
        json(200, {
          data: null,
          errors: [
            {
              message: 'The driver has 2 problems',
              extensions: {
                code: 'VALIDATION_FAILED',
                problems: [...problems, 'not a problem', { line: 1 }],
              },
            },
          ],
        }),
      );
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.problems).toEqual(problems);
      expect((await failure(json(200, { data: null }))).problems).toEqual([]);
    });

    it('keeps every GraphQL error', async () => {
      const errors = [
        { message: 'a', extensions: { code: 'NOT_FOUND' } },
        { message: 'b', path: ['server'], extensions: { code: 'INTERNAL' } },
      ];
      const error = await failure(json(200, { errors }));
      expect(error.errors).toEqual(errors);
    });

    it('maps a network failure to UNAVAILABLE without a status', async () => {
      const closed = startFakeBackend();
      const url = await closed.listen();
      await closed.close();

      const error = await StyrminClient.create({ baseUrl: url, token })
        .serverInfo()
        .catch(e => e);

      expect(error).toBeInstanceOf(StyrminApiError);
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.status).toBeUndefined();
      expect(error.message).toMatch(
        new RegExp(
          `^Could not reach the Styrmin server at ${url}/graphql: .*ECONNREFUSED`,
        ),
      );
      expectNoToken(error);
    });
  });
});
