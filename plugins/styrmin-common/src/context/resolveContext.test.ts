import { parse as parseYaml } from 'yaml';
import {
  exampleDriver,
  exampleValuesTemplate,
} from '../__testUtils__/exampleDriver';
import { ClusterSettings } from '../configuration/ClusterSettings';
import { DeploymentConfiguration } from '../configuration/DeploymentConfiguration';
import { EnvironmentOverrides } from '../configuration/EnvironmentOverrides';
import { renderValuesTemplate } from '../driver/renderValuesTemplate';
import { EnvironmentDeployment, resolveContext } from './resolveContext';

const INFRAHUB_1_0 = exampleDriver('infrahub/1.0.0');
const INFRAHUB_1_1 = exampleDriver('infrahub/1.1.0');
const SEMAPHORE = exampleDriver('semaphore/1.0.0');

const SEMAPHORE_DEPLOYMENT: EnvironmentDeployment = {
  id: 'd2',
  name: 'semaphore',
  services: [{ name: 'http', port: 80 }],
};

/** The context of the infrahub deployment `d1` in environment dev, with what a case changes. */
function infrahubContext({
  driver = INFRAHUB_1_0,
  configuration = {},
  settings = { storage_class: 'standard' },
  overrides = {},
  deployments = [SEMAPHORE_DEPLOYMENT],
}: {
  driver?: typeof INFRAHUB_1_0;
  configuration?: Partial<DeploymentConfiguration>;
  settings?: ClusterSettings;
  overrides?: EnvironmentOverrides;
  deployments?: EnvironmentDeployment[];
} = {}) {
  return resolveContext({
    driver,
    cluster: { name: 'local', settings },
    environment: { name: 'dev', overrides, deployments },
    deployment: {
      id: 'd1',
      name: 'infrahub',
      configuration: DeploymentConfiguration.parse({
        app_version: '1.5.2',
        parameters: { admin_password: 'correct horse battery' },
        ...configuration,
      }),
    },
  });
}

const address = (
  service: string,
  namespace: string,
  domain = 'cluster.local',
) => ({
  host: `${service}.${namespace}.svc.${domain}`,
  port: 80,
  url: `http://${service}.${namespace}.svc.${domain}:80`,
});

describe('resolveContext', () => {
  it('resolves the context of a deployment of infrahub 1.0.0', () => {
    expect(infrahubContext()).toEqual({
      app: { version: '1.5.2' },
      driver: { name: 'infrahub', version: '1.0.0' },
      deployment: { id: 'd1', name: 'infrahub', namespace: 'styrmin-d1' },
      cluster: {
        name: 'local',
        cluster_domain: 'cluster.local',
        storage_class: 'standard',
        storage_classes: {},
        extra: {},
      },
      environment: {
        name: 'dev',
        deployments: {
          infrahub: {
            id: 'd1',
            namespace: 'styrmin-d1',
            services: { http: address('http', 'styrmin-d1') },
          },
          semaphore: {
            id: 'd2',
            namespace: 'styrmin-d2',
            services: { http: address('http', 'styrmin-d2') },
          },
        },
      },
      parameters: {
        admin_password: 'correct horse battery',
        database_heap_gib: 1,
        default_branch: 'main',
        log_level: 'INFO',
        task_worker_replicas: 2,
        telemetry_enabled: false,
      },
      components: { database: { replicas: 1 }, server: {}, 'task-worker': {} },
      secret_paths: ['parameters.admin_password'],
    });
  });

  describe('the cluster defaults, then the environment overrides', () => {
    it.each<[string, ClusterSettings, EnvironmentOverrides, object]>([
      [
        'a cluster setting applies where the environment sets none',
        { storage_class: 'standard', ingress_class: 'nginx' },
        { base_domain: 'dev.example.com' },
        {
          storage_class: 'standard',
          ingress_class: 'nginx',
          base_domain: 'dev.example.com',
        },
      ],
      [
        "the environment's value replaces the cluster's",
        { storage_class: 'standard', base_domain: 'example.com' },
        { storage_class: 'fast', base_domain: 'dev.example.com' },
        { storage_class: 'fast', base_domain: 'dev.example.com' },
      ],
      [
        'named storage classes merge by name',
        { storage_classes: { fast: 'ssd', archive: 'hdd' } },
        { storage_classes: { fast: 'nvme' } },
        { storage_classes: { fast: 'nvme', archive: 'hdd' } },
      ],
      [
        'extra settings merge object by object, and a list is replaced whole',
        {
          extra: {
            proxy: { http: 'http://proxy:3128', no_proxy: ['a'] },
            tier: 1,
          },
        },
        { extra: { proxy: { no_proxy: ['b'] }, tier: 2 } },
        {
          extra: {
            proxy: { http: 'http://proxy:3128', no_proxy: ['b'] },
            tier: 2,
          },
        },
      ],
      [
        'a key named __proto__ stays a key',
        { extra: JSON.parse('{"nested": {"__proto__": {"polluted": true}}}') },
        {},
        { extra: JSON.parse('{"nested": {"__proto__": {"polluted": true}}}') },
      ],
    ])('%s', (_case, settings, overrides, expected) => {
      expect(infrahubContext({ settings, overrides }).cluster).toMatchObject(
        expected,
      );
      expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    });

    it("addresses the environment's services in the cluster domain", () => {
      const context = infrahubContext({
        settings: { cluster_domain: 'corp.internal' },
        overrides: {},
      });
      expect(context.environment.deployments.semaphore.services.http).toEqual(
        address('http', 'styrmin-d2', 'corp.internal'),
      );
    });
  });

  describe('the driver defaults, then the deployment configuration', () => {
    it.each<[string, Record<string, string | number | boolean>, object]>([
      ['a default applies to what is not set', {}, { log_level: 'INFO' }],
      [
        'a set value replaces the default',
        { log_level: 'DEBUG' },
        { log_level: 'DEBUG' },
      ],
      [
        'a value equal to the default is the default',
        { log_level: 'INFO', telemetry_enabled: false },
        { log_level: 'INFO', telemetry_enabled: false },
      ],
    ])('%s', (_case, parameters, expected) => {
      expect(
        infrahubContext({
          configuration: {
            parameters: {
              admin_password: 'correct horse battery',
              ...parameters,
            },
          },
        }).parameters,
      ).toMatchObject(expected);
    });

    it('leaves out a parameter without a default that is not set', () => {
      expect(
        infrahubContext({ configuration: { parameters: {} } }).parameters,
      ).not.toHaveProperty('admin_password');
    });

    it('reads only what the driver version declares', () => {
      const context = infrahubContext({
        driver: INFRAHUB_1_1,
        configuration: {
          parameters: { admin_password: 'x', task_worker_replicas: 4 },
          components: { worker: { replicas: 3 } },
        },
      });
      expect(context.parameters).not.toHaveProperty('task_worker_replicas');
      expect(Object.keys(context.components)).toEqual([
        'database',
        'server',
        'task-worker',
      ]);
    });
  });

  it('takes names that objects inherit for what they are: names', () => {
    const driver = {
      ...INFRAHUB_1_0,
      spec: {
        ...INFRAHUB_1_0.spec,
        parameters: {
          constructor: {
            type: 'string' as const,
            description: 'A name.',
            required: false,
          },
        },
        components: {
          constructor: { selector: { app: 'x' }, singleton: false },
        },
      },
    };
    const context = infrahubContext({
      driver,
      configuration: { parameters: {} },
    });
    expect(context.parameters).toEqual({});
    expect(context.components).toEqual({ constructor: {} });
  });

  describe('replica precedence: the override, the driver default (1 for a singleton), the chart', () => {
    it.each([
      ['server', '1.0.0', undefined, undefined],
      ['server', '1.0.0', 3, 3],
      ['task-worker', '1.0.0', undefined, undefined],
      ['task-worker', '1.1.0', undefined, 2],
      ['task-worker', '1.1.0', 5, 5],
      ['task-worker', '1.1.0', 1, 1],
      ['database', '1.1.0', undefined, 1],
      ['database', '1.1.0', 1, 1],
    ])(
      '%s of infrahub %s with replica override %s: %s',
      (component, version, replicas, expected) => {
        const context = infrahubContext({
          driver: version === '1.0.0' ? INFRAHUB_1_0 : INFRAHUB_1_1,
          configuration: {
            components:
              replicas === undefined ? {} : { [component]: { replicas } },
          },
        });
        expect(context.components[component].replicas).toBe(expected);
      },
    );
  });

  it('resolves the component overrides, and marks the secret env vars', () => {
    const context = infrahubContext({
      configuration: {
        components: {
          server: {
            env: {
              LOG_FORMAT: 'json',
              SENTRY_DSN: { secret: 'https://key@sentry.example.com/1' },
            },
            image:
              'registry.opsmill.io/opsmill/infrahub:{{ app.version }}-debug',
            command: ['infrahub', 'server'],
            args: [],
          },
        },
      },
    });
    expect(context.components.server).toEqual({
      env: {
        LOG_FORMAT: 'json',
        SENTRY_DSN: 'https://key@sentry.example.com/1',
      },
      image: 'registry.opsmill.io/opsmill/infrahub:1.5.2-debug',
      command: ['infrahub', 'server'],
      args: [],
    });
    expect(context.secret_paths).toEqual([
      'components.server.env.SENTRY_DSN',
      'parameters.admin_password',
    ]);
  });

  it('formats secret paths whose keys are not plain words', () => {
    const context = infrahubContext({
      configuration: {
        components: {
          'task-worker': { env: { 'spring.password': { secret: 's' } } },
        },
      },
    });
    expect(context.secret_paths).toContain(
      'components.task-worker.env["spring.password"]',
    );
  });

  describe("the environment's deployments", () => {
    it.each<[string, EnvironmentDeployment[], string[]]>([
      ['it is the only one', [], ['infrahub']],
      [
        'its own stored entry is replaced by what its driver version declares',
        [{ id: 'd1', name: 'infrahub', services: [{ name: 'old', port: 1 }] }],
        ['infrahub'],
      ],
      [
        'another deployment of the same name loses to it',
        [{ id: 'd9', name: 'infrahub', services: [] }, SEMAPHORE_DEPLOYMENT],
        ['infrahub', 'semaphore'],
      ],
    ])('%s', (_case, deployments, names) => {
      const context = infrahubContext({ deployments });
      expect(Object.keys(context.environment.deployments)).toEqual(names);
      expect(context.environment.deployments.infrahub).toEqual({
        id: 'd1',
        namespace: 'styrmin-d1',
        services: { http: address('http', 'styrmin-d1') },
      });
    });
  });

  it('gives byte-identical JSON for equal inputs, whatever their key order, with keys sorted', () => {
    const forward = infrahubContext({
      settings: {
        storage_class: 'a',
        storage_classes: { x: 'x', y: 'y' },
        extra: { b: 1, a: { d: 1, c: 2 } },
      },
      configuration: {
        parameters: { admin_password: 'p'.repeat(12), log_level: 'DEBUG' },
        components: { server: { env: { B: '1', A: '2' }, replicas: 2 } },
      },
    });
    const backward = infrahubContext({
      settings: {
        extra: { a: { c: 2, d: 1 }, b: 1 },
        storage_classes: { y: 'y', x: 'x' },
        storage_class: 'a',
      },
      configuration: {
        components: { server: { replicas: 2, env: { A: '2', B: '1' } } },
        parameters: { log_level: 'DEBUG', admin_password: 'p'.repeat(12) },
      },
    });
    expect(JSON.stringify(backward)).toBe(JSON.stringify(forward));
    expect(Object.keys(forward)).toEqual([...Object.keys(forward)].sort());
    expect(Object.keys(forward.components.server.env!)).toEqual(['A', 'B']);
  });

  describe('is what the example values templates read', () => {
    it.each([
      ['infrahub/1.0.0', INFRAHUB_1_0],
      ['infrahub/1.1.0', INFRAHUB_1_1],
    ])('%s renders', (driverVersion, driver) => {
      const values = parseYaml(
        renderValuesTemplate(
          exampleValuesTemplate(driverVersion),
          infrahubContext({ driver }),
        ),
      );
      expect(values).toMatchObject({
        image: { tag: '1.5.2' },
        infrahub: {
          adminPassword: 'correct horse battery',
          defaultBranch: 'main',
        },
        database: { heapSize: '1024m', storage: { storageClass: 'standard' } },
      });
    });

    it('semaphore/1.0.0 reaches the infrahub deployment of its environment', () => {
      const context = resolveContext({
        driver: SEMAPHORE,
        cluster: { name: 'local', settings: {} },
        environment: {
          name: 'dev',
          overrides: {},
          deployments: [
            {
              id: 'd1',
              name: 'infrahub',
              services: INFRAHUB_1_0.spec.services,
            },
          ],
        },
        deployment: {
          id: 'd2',
          name: 'semaphore',
          configuration: DeploymentConfiguration.parse({
            app_version: '2.10.0',
            parameters: {
              admin_password: 'correct horse battery',
              infrahub_api_token: 'token',
            },
          }),
        },
      });
      const values = parseYaml(
        renderValuesTemplate(exampleValuesTemplate('semaphore/1.0.0'), context),
      );
      expect(values.infrahub).toEqual({
        address: 'http://http.styrmin-d1.svc.cluster.local:80',
        apiToken: 'token',
      });
      // No storage class set: the template falls back to the cluster's default.
      expect(values.storage).toEqual({ storageClass: '' });
      expect(context.secret_paths).toEqual([
        'parameters.admin_password',
        'parameters.infrahub_api_token',
      ]);
    });
  });
});
