import type {
  Driver,
  DriverVersion,
  DriverVersionParameter,
  DriverVersionSummary,
  ServerInfo,
} from '@styrmin/sdk';
import { StyrminApiError } from '@styrmin/sdk';
import { StyrminApi } from '../api';
import { backupAnswers } from './backupFixtures';
import { deploymentAnswers } from './deploymentFixtures';
import { environmentOperationAnswers } from './environmentOperationFixtures';
import { recordAnswers } from './recordFixtures';
import { kubernetesEvents } from './eventFixtures';

/** What the tests' pages read, shaped as the GraphQL API answers. */

export const serverInfo: ServerInfo = {
  version: '0.1.0',
  installationId: '5f0c6f5e-2d7a-4b8e-9a51-3c1d2e4f6a7b',
  installedAt: '2025-03-01T12:30:00.000Z',
  database: {
    engine: 'SQLITE',
    version: '3.49.1',
    schemaVersion: '20250301000000_init.js',
  },
};

/** A parameter with every bound unset, for the fixtures to fill in. */
function parameter(
  fields: Pick<DriverVersionParameter, 'name' | 'type' | 'title'> &
    Partial<DriverVersionParameter>,
): DriverVersionParameter {
  return {
    description: '',
    required: false,
    default: null,
    values: null,
    minimum: null,
    maximum: null,
    minLength: null,
    maxLength: null,
    pattern: null,
    ...fields,
  };
}

/** infrahub 1.1.0 as drivers/infrahub/1.1.0 declares it, shortened. */
export const infrahubVersion: DriverVersion = {
  name: 'infrahub',
  version: '1.1.0',
  title: 'Infrahub',
  supportedVersions: '>=1.5.0 <1.7.0',
  info: {
    icon: 'https://example.com/infrahub.png',
    description:
      'Infrahub is a graph-based source of truth for infrastructure.',
    links: [
      { title: 'Documentation', url: 'https://docs.infrahub.app' },
      { title: 'Source', url: 'https://github.com/opsmill/infrahub' },
    ],
    authors: [
      { name: 'Styrmin maintainers', email: null, url: null },
      {
        name: 'Ada Operator',
        email: 'ada@example.com',
        url: 'https://example.com/ada',
      },
    ],
    license: 'Apache-2.0',
  },
  chart: {
    source: { type: 'directory', url: null, ref: null, path: 'chart' },
    chart: 'infrahub',
    version: '1.1.0',
    valuesTemplate: 'values.yaml.njk',
  },
  components: [
    {
      name: 'server',
      selector: {
        'app.kubernetes.io/name': 'infrahub',
        'app.kubernetes.io/component': 'server',
      },
      container: 'server',
      replicas: null,
      singleton: false,
    },
    {
      name: 'task-worker',
      selector: {
        'app.kubernetes.io/name': 'infrahub',
        'app.kubernetes.io/component': 'task-worker',
      },
      container: 'task-worker',
      replicas: 2,
      singleton: false,
    },
    {
      name: 'database',
      selector: {
        'app.kubernetes.io/name': 'infrahub',
        'app.kubernetes.io/component': 'database',
      },
      container: null,
      replicas: null,
      singleton: true,
    },
  ],
  parameters: [
    parameter({
      name: 'admin_password',
      type: 'secret',
      title: 'Admin password',
      description: 'The password of the initial admin account.',
      required: true,
      minLength: 12,
    }),
    parameter({
      name: 'default_branch',
      type: 'string',
      title: 'Default branch',
      description: 'The branch that holds the main line.',
      default: 'main',
      pattern: '^[a-z0-9][a-z0-9._/-]*$',
      maxLength: 250,
    }),
    parameter({
      name: 'log_level',
      type: 'enum',
      title: 'Log level',
      description: 'How much the server logs.',
      values: ['DEBUG', 'INFO', 'WARNING', 'ERROR'],
      default: 'INFO',
    }),
    parameter({
      name: 'telemetry_enabled',
      type: 'boolean',
      title: 'Send telemetry',
      description: 'Whether Infrahub sends anonymous usage data.',
      default: false,
    }),
    parameter({
      name: 'database_heap_gib',
      type: 'number',
      title: 'Database heap (GiB)',
      description: 'The heap size of the database, in GiB.',
      default: 1,
      minimum: 0.5,
      maximum: 64,
    }),
  ],
  parametersJsonSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      admin_password: {
        type: 'string',
        title: 'Admin password',
        description: 'The password of the initial admin account.',
        format: 'password',
        writeOnly: true,
        minLength: 12,
      },
      default_branch: {
        type: 'string',
        title: 'Default branch',
        description: 'The branch that holds the main line.',
        default: 'main',
        maxLength: 250,
        pattern: '^[a-z0-9][a-z0-9._/-]*$',
      },
      log_level: {
        type: 'string',
        title: 'Log level',
        description: 'How much the server logs.',
        enum: ['DEBUG', 'INFO', 'WARNING', 'ERROR'],
        default: 'INFO',
      },
      telemetry_enabled: {
        type: 'boolean',
        title: 'Send telemetry',
        description: 'Whether Infrahub sends anonymous usage data.',
        default: false,
      },
      database_heap_gib: {
        type: 'number',
        title: 'Database heap (GiB)',
        description: 'The heap size of the database, in GiB.',
        default: 1,
        minimum: 0.5,
        maximum: 64,
      },
    },
    required: ['admin_password'],
    additionalProperties: false,
  },
  services: [
    {
      name: 'http',
      component: 'server',
      port: 80,
      targetPort: 'http',
      protocol: 'TCP',
      type: 'ClusterIP',
    },
  ],
  // Not in run order, as a driver may declare them: the pages sort them.
  actions: [
    {
      name: 'start-task-workers',
      description: 'Starts the task workers again.',
      hook: 'upgrade',
      mode: 'post',
      function: {
        module: 'actions/upgrade.ts',
        export: 'startTaskWorkersAndVerify',
      },
      components: ['task-worker', 'server'],
      prompts: [],
    },
    {
      name: 'run-migrations',
      description: 'Migrates the database to the new application version.',
      hook: 'upgrade',
      mode: 'core',
      function: { module: 'actions/upgrade.ts', export: 'runMigrations' },
      components: ['server'],
      prompts: [
        parameter({
          name: 'migration_timeout_minutes',
          type: 'integer',
          title: 'Migration timeout (minutes)',
          description: 'How long the migrations may run.',
          default: 30,
          minimum: 5,
          maximum: 240,
        }),
      ],
    },
    {
      name: 'stop-task-workers',
      description: 'Stops the task workers.',
      hook: 'upgrade',
      mode: 'pre',
      function: { module: 'actions/upgrade.ts', export: 'stopTaskWorkers' },
      components: ['task-worker'],
      prompts: [],
    },
    {
      name: 'verify-server',
      description: 'Waits until the server answers its API.',
      hook: 'setup',
      mode: 'post',
      function: { module: 'actions/verify.ts', export: 'verifyServer' },
      components: ['server'],
      prompts: [],
    },
  ],
  digest:
    'sha256:3b1f9e0c5d7a2b4c6e8f0a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d',
  source: {
    type: 'UPLOAD',
    path: '/work/drivers/infrahub/1.1.0',
    url: null,
    ref: null,
    commit: null,
  },
  loadedBy: 'user:default/guest',
  loadedAt: '2025-03-02T09:15:00.000Z',
  // The pages read the API's fields, never the document as written.
  spec: {} as DriverVersion['spec'],
};

/** infrahub 1.0.0, the version before: what the version lists show of it. */
export const infrahubPreviousVersion: DriverVersion = {
  ...infrahubVersion,
  version: '1.0.0',
  supportedVersions: '>=1.4.0 <1.6.0',
  digest:
    'sha256:9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b',
  source: {
    type: 'GIT',
    path: 'drivers/infrahub/1.0.0',
    url: 'https://github.com/example/styrmin-drivers.git',
    ref: 'main',
    commit: '0123456789abcdef0123456789abcdef01234567',
  },
  loadedBy: 'styrminctl-local',
  loadedAt: '2025-03-01T13:00:00.000Z',
};

/** A second driver, with no icon. */
export const semaphoreVersion: DriverVersion = {
  ...infrahubVersion,
  name: 'semaphore',
  version: '1.0.0',
  title: 'Semaphore',
  supportedVersions: '>=2.10.0 <3.0.0',
  info: {
    icon: null,
    description: 'Semaphore UI runs Ansible playbooks.',
    links: [],
    authors: [],
    license: null,
  },
  loadedAt: '2025-03-03T08:00:00.000Z',
};

/** The summary of a version, as the driver lists carry it. */
export function summaryOf(version: DriverVersion): DriverVersionSummary {
  return {
    version: version.version,
    title: version.title,
    supportedVersions: version.supportedVersions,
    info: { icon: version.info.icon, description: version.info.description },
    digest: version.digest,
    source: version.source,
    loadedBy: version.loadedBy,
    loadedAt: version.loadedAt,
  };
}

/** A driver with its versions, newest first, as `drivers` and `driver` answer. */
export function driverOf(versions: DriverVersion[]): Driver {
  return {
    name: versions[0].name,
    title: versions[0].title,
    versions: versions.map(summaryOf),
    latestVersion: summaryOf(versions[0]),
  };
}

export const infrahub = driverOf([infrahubVersion, infrahubPreviousVersion]);
export const semaphore = driverOf([semaphoreVersion]);

const versions = [infrahubVersion, infrahubPreviousVersion, semaphoreVersion];

/**
 * A {@link StyrminApi} whose methods are jest mocks that answer from the fixtures above;
 * `answers` replaces some of them.
 */
export function mockStyrminApi(
  answers: Partial<StyrminApi> = {},
): jest.Mocked<StyrminApi> {
  const api: StyrminApi = {
    getServerInfo: async () => serverInfo,
    getDrivers: async () => [infrahub, semaphore],
    getDriver: async name =>
      [infrahub, semaphore].find(driver => driver.name === name),
    getDriverVersion: async ({ name, version }) =>
      versions.find(v => v.name === name && v.version === version),
    loadDriver: async () => {
      throw new Error('The pages never load drivers');
    },
    ...deploymentAnswers,
    ...recordAnswers,
    ...backupAnswers,
    ...environmentOperationAnswers,
    getDeploymentEvents: async () => kubernetesEvents,
    editDeployment: async () => {
      throw new Error('Each test of a change answers it');
    },
    upgradeDeployment: async () => {
      throw new Error('Each test of a change answers it');
    },
    planUpgrade: async () => {
      throw new Error('Each test of a change answers it');
    },
    applyPlan: async () => {
      throw new Error('Each test of a change answers it');
    },
    rollbackDeployment: async () => {
      throw new Error('Each test of a change answers it');
    },
    // Administration: each test of one answers it.
    registerCluster: async () => {
      throw new Error('Each test of a registration answers it');
    },
    getBackupStorageLocations: async () => [],
    createEnvironment: async () => {
      throw new Error('Each test of a creation answers it');
    },
    previewEnvironmentUpdate: async () => [],
    updateEnvironment: async () => {
      throw new Error('Each test of a change answers it');
    },
    deleteEnvironment: async () => {
      throw new Error('Each test of a deletion answers it');
    },
    ...answers,
  };
  // Every method a jest mock of its answer, so that a method added to the API needs only
  // its answer above.
  return Object.fromEntries(
    Object.entries(api).map(([method, answer]) => [method, jest.fn(answer)]),
  ) as unknown as jest.Mocked<StyrminApi>;
}

/** A read the user may not make, as the SDK reports it. */
export const forbidden = new StyrminApiError({
  code: 'FORBIDDEN',
  status: 200,
  message: 'Reading drivers needs styrmin.driver.read',
});
