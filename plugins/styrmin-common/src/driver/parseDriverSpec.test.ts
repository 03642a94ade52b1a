import { parse, stringify } from 'yaml';
import { parseDriverSpec } from './parseDriverSpec';

const valid = `apiVersion: styrmin.io/v1alpha1
kind: ApplicationDriver
metadata:
  name: infrahub
spec:
  version: 1.0.0
  supported_versions: ">=1.4.0 <1.6.0"
  info:
    icon: https://example.com/infrahub.svg
    description: Infrastructure data management.
  helm:
    main:
      source:
        type: directory
        path: chart
      chart: infrahub
      version: 1.0.0
      values_template: values.yaml.njk
  components:
    server:
      selector:
        app.kubernetes.io/component: server
      container: server
      replicas: 2
    database:
      selector:
        app.kubernetes.io/component: database
      singleton: true
  parameters:
    admin_password:
      type: secret
      description: The password of the admin account.
      required: true
    log_level:
      type: enum
      description: How much the server logs.
      values: [DEBUG, INFO]
      default: INFO
  services:
    - name: http
      component: server
      port: 80
      target_port: 8000
  actions:
    - name: run-migrations
      hook: upgrade
      mode: core
      function:
        module: actions/upgrade.ts
        export: runMigrations
`;

type Doc = any;

/** The valid document, changed by `change`, as YAML text. */
function changed(change: (doc: Doc) => void): string {
  const doc = parse(valid);
  change(doc);
  return stringify(doc);
}

describe('parseDriverSpec', () => {
  it('returns the typed specification with its defaults', () => {
    const result = parseDriverSpec(valid);
    if (!result.success) {
      throw new Error(JSON.stringify(result.problems));
    }
    const { spec } = result.spec;
    expect(spec.components.server).toEqual({
      selector: { 'app.kubernetes.io/component': 'server' },
      container: 'server',
      replicas: 2,
      singleton: false,
    });
    expect(spec.services[0]).toMatchObject({
      protocol: 'TCP',
      type: 'ClusterIP',
    });
    expect(spec.actions[0]).toMatchObject({ components: [], prompts: {} });
    expect(spec.info).toMatchObject({ links: [], authors: [] });
    expect(spec.parameters.admin_password).toMatchObject({ required: true });
    expect(result.locate(['spec', 'actions', 0, 'function', 'module'])).toEqual(
      {
        line: 49,
        column: 17,
      },
    );
  });

  it.each<[string, (doc: Doc) => void, string, RegExp]>([
    // apiVersion, kind, metadata
    [
      'an unknown apiVersion',
      d => {
        d.apiVersion = 'styrmin.io/v1';
      },
      'apiVersion',
      /styrmin\.io\/v1alpha1/,
    ],
    [
      'an unknown kind',
      d => {
        d.kind = 'Driver';
      },
      'kind',
      /ApplicationDriver/,
    ],
    [
      'a name that is no DNS label',
      d => {
        d.metadata.name = 'Infra_Hub';
      },
      'metadata.name',
      /DNS label/,
    ],
    [
      'an unknown top-level field',
      d => {
        d.status = {};
      },
      'status',
      /Unknown field "status"/,
    ],
    [
      'an unknown metadata field',
      d => {
        d.metadata.labels = {};
      },
      'metadata.labels',
      /Unknown field/,
    ],
    [
      'a missing spec',
      d => {
        delete d.spec;
      },
      'spec',
      /Required, but missing/,
    ],
    // version and supported versions
    [
      'a version that is not semver',
      d => {
        d.spec.version = '1.0';
      },
      'spec.version',
      /semantic version/,
    ],
    [
      'a version with a v prefix',
      d => {
        d.spec.version = 'v1.0.0';
      },
      'spec.version',
      /semantic version/,
    ],
    [
      'an invalid supported_versions range',
      d => {
        d.spec.supported_versions = 'latest';
      },
      'spec.supported_versions',
      /semver range/,
    ],
    // info
    [
      'a missing description',
      d => {
        delete d.spec.info.description;
      },
      'spec.info.description',
      /Required/,
    ],
    [
      'an icon that is no URL',
      d => {
        d.spec.info.icon = 'logo.png';
      },
      'spec.info.icon',
      /URL/,
    ],
    [
      'a link that is not http(s)',
      d => {
        d.spec.info.links = [{ title: 'x', url: 'ftp://example.com' }];
      },
      'spec.info.links[0].url',
      /https:/,
    ],
    [
      'an author email that is no address',
      d => {
        d.spec.info.authors = [{ name: 'A', email: 'nope' }];
      },
      'spec.info.authors[0].email',
      /email/i,
    ],
    // helm
    [
      'an unknown chart source type',
      d => {
        d.spec.helm.main.source = { type: 's3', url: 'https://x' };
      },
      'spec.helm.main.source.type',
      /./,
    ],
    [
      'a repository that is not http(s)',
      d => {
        d.spec.helm.main.source = { type: 'repository', url: 'oci://x/y' };
      },
      'spec.helm.main.source.url',
      /https:/,
    ],
    [
      'an oci source that is not oci://',
      d => {
        d.spec.helm.main.source = { type: 'oci', url: 'https://x/y' };
      },
      'spec.helm.main.source.url',
      /oci:/,
    ],
    [
      'a git source with a bad URL',
      d => {
        d.spec.helm.main.source = {
          type: 'git',
          url: '--upload-pack=x',
          ref: 'v1',
          path: 'chart',
        };
      },
      'spec.helm.main.source.url',
      /git URL/,
    ],
    [
      'a git ref that looks like an option',
      d => {
        d.spec.helm.main.source = {
          type: 'git',
          url: 'https://example.com/r.git',
          ref: '-c',
          path: 'chart',
        };
      },
      'spec.helm.main.source.ref',
      /leading "-"/,
    ],
    [
      'a chart directory outside the driver',
      d => {
        d.spec.helm.main.source.path = '../chart';
      },
      'spec.helm.main.source.path',
      /inside the driver/,
    ],
    [
      'an absolute chart directory',
      d => {
        d.spec.helm.main.source.path = '/srv/chart';
      },
      'spec.helm.main.source.path',
      /not absolute/,
    ],
    [
      'a chart version range',
      d => {
        d.spec.helm.main.version = '^1.0.0';
      },
      'spec.helm.main.version',
      /semantic version/,
    ],
    [
      'an absolute values template',
      d => {
        d.spec.helm.main.values_template = '/etc/passwd';
      },
      'spec.helm.main.values_template',
      /not absolute/,
    ],
    [
      'a values template with backslashes',
      d => {
        d.spec.helm.main.values_template = '..\\values.njk';
      },
      'spec.helm.main.values_template',
      /separator/,
    ],
    [
      'an unknown helm field',
      d => {
        d.spec.helm.main.repo = 'x';
      },
      'spec.helm.main.repo',
      /Unknown field/,
    ],
    // components
    [
      'no components',
      d => {
        d.spec.components = {};
      },
      'spec.components',
      /at least one component/,
    ],
    [
      'a component name that is no DNS label',
      d => {
        d.spec.components.Task_Worker = d.spec.components.server;
      },
      'spec.components.Task_Worker',
      /Invalid name "Task_Worker"/,
    ],
    [
      'an empty selector',
      d => {
        d.spec.components.server.selector = {};
      },
      'spec.components.server.selector',
      /at least one label/,
    ],
    [
      'a bad label key',
      d => {
        d.spec.components.server.selector = { 'bad key': 'x' };
      },
      'spec.components.server.selector["bad key"]',
      /label key/,
    ],
    [
      'zero replicas',
      d => {
        d.spec.components.server.replicas = 0;
      },
      'spec.components.server.replicas',
      /too small|>=1/,
    ],
    [
      'replicas beyond an int32',
      d => {
        d.spec.components.server.replicas = 1e12;
      },
      'spec.components.server.replicas',
      /default replica count is at most 2147483647/,
    ],
    [
      'fractional replicas',
      d => {
        d.spec.components.server.replicas = 1.5;
      },
      'spec.components.server.replicas',
      /int/,
    ],
    [
      'a singleton with replicas above 1',
      d => {
        d.spec.components.database.replicas = 3;
      },
      'spec.components.database.replicas',
      /singleton component runs 1 replica/,
    ],
    [
      'an unknown component field',
      d => {
        d.spec.components.server.image = 'x';
      },
      'spec.components.server.image',
      /Unknown field/,
    ],
    // parameters
    [
      'a parameter name that is no variable name',
      d => {
        d.spec.parameters['log-level'] = d.spec.parameters.log_level;
      },
      'spec.parameters.log-level',
      /Invalid name/,
    ],
    [
      'an unknown parameter type',
      d => {
        d.spec.parameters.log_level.type = 'list';
      },
      'spec.parameters.log_level.type',
      /string, secret, integer, number, boolean or enum/,
    ],
    [
      'a parameter without a description',
      d => {
        delete d.spec.parameters.log_level.description;
      },
      'spec.parameters.log_level.description',
      /Required/,
    ],
    [
      'a secret with a default',
      d => {
        d.spec.parameters.admin_password.default = 'admin';
      },
      'spec.parameters.admin_password.default',
      /Unknown field/,
    ],
    [
      'an enum default outside its values',
      d => {
        d.spec.parameters.log_level.default = 'TRACE';
      },
      'spec.parameters.log_level.default',
      /not one of the values/,
    ],
    [
      'duplicate enum values',
      d => {
        d.spec.parameters.log_level.values = ['INFO', 'INFO'];
      },
      'spec.parameters.log_level.values[1]',
      /Duplicate value/,
    ],
    [
      'an enum without values',
      d => {
        d.spec.parameters.log_level.values = [];
        delete d.spec.parameters.log_level.default;
      },
      'spec.parameters.log_level.values',
      /too small|>=1/,
    ],
    [
      'a string default of the wrong type',
      d => {
        d.spec.parameters.branch = {
          type: 'string',
          description: 'x',
          default: 3,
        };
      },
      'spec.parameters.branch.default',
      /expected string/,
    ],
    [
      'a string default shorter than min_length',
      d => {
        d.spec.parameters.branch = {
          type: 'string',
          description: 'x',
          default: 'a',
          min_length: 2,
        };
      },
      'spec.parameters.branch.default',
      /shorter than min_length/,
    ],
    [
      'a string default longer than max_length',
      d => {
        d.spec.parameters.branch = {
          type: 'string',
          description: 'x',
          default: 'abc',
          max_length: 2,
        };
      },
      'spec.parameters.branch.default',
      /longer than max_length/,
    ],
    [
      'a string default that breaks the pattern',
      d => {
        d.spec.parameters.branch = {
          type: 'string',
          description: 'x',
          default: 'Main',
          pattern: '^[a-z]+$',
        };
      },
      'spec.parameters.branch.default',
      /does not match the pattern/,
    ],
    [
      'a pattern that is no regular expression',
      d => {
        d.spec.parameters.branch = {
          type: 'string',
          description: 'x',
          pattern: '([a-z',
        };
      },
      'spec.parameters.branch.pattern',
      /regular expression/,
    ],
    [
      'min_length above max_length',
      d => {
        d.spec.parameters.token = {
          type: 'secret',
          description: 'x',
          min_length: 5,
          max_length: 2,
        };
      },
      'spec.parameters.token.min_length',
      /above max_length/,
    ],
    [
      'an integer default that is not whole',
      d => {
        d.spec.parameters.workers = {
          type: 'integer',
          description: 'x',
          default: 1.5,
        };
      },
      'spec.parameters.workers.default',
      /int/,
    ],
    [
      'an integer default below its minimum',
      d => {
        d.spec.parameters.workers = {
          type: 'integer',
          description: 'x',
          default: 0,
          minimum: 1,
        };
      },
      'spec.parameters.workers.default',
      /below the minimum/,
    ],
    [
      'a number default above its maximum',
      d => {
        d.spec.parameters.heap = {
          type: 'number',
          description: 'x',
          default: 9.5,
          maximum: 8,
        };
      },
      'spec.parameters.heap.default',
      /above the maximum/,
    ],
    [
      'a minimum above the maximum',
      d => {
        d.spec.parameters.heap = {
          type: 'number',
          description: 'x',
          minimum: 8,
          maximum: 1,
        };
      },
      'spec.parameters.heap.minimum',
      /above maximum/,
    ],
    [
      'a boolean default that is a string',
      d => {
        d.spec.parameters.telemetry = {
          type: 'boolean',
          description: 'x',
          default: 'yes',
        };
      },
      'spec.parameters.telemetry.default',
      /expected boolean/,
    ],
    // retired parameters
    [
      'a retired parameter replaced by an unknown component',
      d => {
        d.spec.retired_parameters = {
          worker_replicas: { replaced_by: { replica_override: 'worker' } },
        };
      },
      'spec.retired_parameters.worker_replicas.replaced_by.replica_override',
      /Unknown component "worker"; declared: server, database/,
    ],
    [
      'a retired parameter that is still declared',
      d => {
        d.spec.parameters.heap = { type: 'number', description: 'x' };
        d.spec.retired_parameters = {
          heap: { replaced_by: { replica_override: 'server' } },
        };
      },
      'spec.retired_parameters.heap',
      /The parameter heap is declared in spec.parameters, so it is not retired/,
    ],
    [
      'a retired parameter replaced by something else than a replica override',
      d => {
        d.spec.retired_parameters = {
          heap: { replaced_by: { parameter: 'memory' } },
        };
      },
      'spec.retired_parameters.heap.replaced_by.parameter',
      /Unknown field "parameter"/,
    ],
    // services
    [
      'a service of an unknown component',
      d => {
        d.spec.services[0].component = 'worker';
      },
      'spec.services[0].component',
      /Unknown component "worker"; declared: server, database/,
    ],
    [
      'two services with one name',
      d => {
        d.spec.services.push({ ...d.spec.services[0], port: 81 });
      },
      'spec.services[1].name',
      /Duplicate name "http"/,
    ],
    [
      'a port out of range',
      d => {
        d.spec.services[0].port = 70000;
      },
      'spec.services[0].port',
      /too big|<=65535/,
    ],
    [
      'an unknown protocol',
      d => {
        d.spec.services[0].protocol = 'HTTP';
      },
      'spec.services[0].protocol',
      /TCP/,
    ],
    [
      'an unknown service type',
      d => {
        d.spec.services[0].type = 'Ingress';
      },
      'spec.services[0].type',
      /ClusterIP/,
    ],
    // actions
    [
      'an unknown hook',
      d => {
        d.spec.actions[0].hook = 'delete';
      },
      'spec.actions[0].hook',
      /setup.*upgrade/,
    ],
    [
      'an unknown mode',
      d => {
        d.spec.actions[0].mode = 'after';
      },
      'spec.actions[0].mode',
      /pre.*core.*post/,
    ],
    [
      'an action module outside the driver',
      d => {
        d.spec.actions[0].function.module = '../../shared/upgrade.ts';
      },
      'spec.actions[0].function.module',
      /inside the driver/,
    ],
    [
      'an action module that is not a script',
      d => {
        d.spec.actions[0].function.module = 'actions/upgrade.py';
      },
      'spec.actions[0].function.module',
      /JavaScript or TypeScript module/,
    ],
    [
      'an export that is no identifier',
      d => {
        d.spec.actions[0].function.export = 'run migrations';
      },
      'spec.actions[0].function.export',
      /identifier/,
    ],
    [
      'two actions with one name',
      d => {
        d.spec.actions.push({ ...d.spec.actions[0], mode: 'post' });
      },
      'spec.actions[1].name',
      /Duplicate name "run-migrations"/,
    ],
    [
      'an action on an unknown component',
      d => {
        d.spec.actions[0].components = ['server', 'task-worker'];
      },
      'spec.actions[0].components[1]',
      /Unknown component "task-worker"/,
    ],
    [
      'a prompt default outside its values',
      d => {
        d.spec.actions[0].prompts = {
          confirm: {
            type: 'enum',
            description: 'x',
            values: ['yes'],
            default: 'no',
          },
        };
      },
      'spec.actions[0].prompts.confirm.default',
      /not one of the values/,
    ],
  ])('refuses %s', (_case, change, path, message) => {
    const text = changed(change);
    const result = parseDriverSpec(text);
    expect(result.success).toBe(false);
    const problems = result.success ? [] : result.problems;
    expect(problems).toContainEqual(
      expect.objectContaining({
        path,
        message: expect.stringMatching(message),
      }),
    );
    for (const problem of problems) {
      expect(problem.line).toBeGreaterThanOrEqual(1);
      expect(problem.column).toBeGreaterThanOrEqual(1);
    }
  });

  it('places each problem on its line and column, in document order', () => {
    const text = valid
      .replace('      replicas: 2', '      replicas: 0\n      colour: blue')
      .replace(
        '      component: server\n      port: 80',
        '      component: worker\n      port: 80',
      )
      .replace('      hook: upgrade', '      hook: teardown');
    expect(parseDriverSpec(text)).toEqual({
      success: false,
      problems: [
        expect.objectContaining({
          path: 'spec.components.server.replicas',
          line: 24,
          column: 17,
        }),
        expect.objectContaining({
          path: 'spec.components.server.colour',
          line: 25,
          column: 7,
          message: 'Unknown field "colour"',
        }),
        expect.objectContaining({
          path: 'spec.services[0].component',
          line: 42,
          column: 18,
        }),
        expect.objectContaining({
          path: 'spec.actions[0].hook',
          line: 47,
          column: 13,
        }),
      ],
    });
  });

  it('reports dangling references and duplicates together with other problems', () => {
    const result = parseDriverSpec(
      changed(d => {
        d.metadata.name = 'Bad Name';
        d.spec.info.icon = 'logo.png';
        d.spec.services[0].component = 'worker';
        d.spec.services.push({ name: 'http', component: 'server', port: 'x' });
        d.spec.actions.push({ ...d.spec.actions[0] });
      }),
    );
    expect(result.success ? [] : result.problems.map(p => p.path)).toEqual([
      'metadata.name',
      'spec.info.icon',
      'spec.services[0].component',
      'spec.services[1].port',
      'spec.actions[1].name',
    ]);
  });

  it('reports a dangling reference once when it is the only problem', () => {
    const result = parseDriverSpec(
      changed(d => {
        d.spec.services[0].component = 'worker';
      }),
    );
    expect(result.success ? [] : result.problems.map(p => p.path)).toEqual([
      'spec.services[0].component',
    ]);
  });

  it.each([
    [
      'an unclosed flow mapping',
      'apiVersion: {a: 1\nkind: x\n',
      2,
      /Malformed YAML/,
    ],
    ['a tab in the indentation', 'spec:\n\tversion: 1\n', 2, /Malformed YAML/],
    [
      'a duplicate key',
      'apiVersion: a\nkind: b\napiVersion: c\n',
      3,
      /Map keys must be unique/,
    ],
    ['two documents', 'kind: a\n---\nkind: b\n', 2, /Malformed YAML/],
  ])('reports %s with its position', (_case, text, line, message) => {
    const result = parseDriverSpec(text);
    expect(result.success).toBe(false);
    expect(result.success ? undefined : result.problems[0]).toMatchObject({
      path: '',
      line,
      message: expect.stringMatching(message),
    });
  });

  it.each([
    ['an empty file', ''],
    ['a list', '- a\n- b\n'],
    ['a scalar', 'driver\n'],
  ])('refuses %s as a whole', (_case, text) => {
    expect(parseDriverSpec(text)).toEqual({
      success: false,
      problems: [expect.objectContaining({ path: '', line: 1, column: 1 })],
    });
  });

  it('refuses aliases that expand without bound', () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
      ...Array.from(
        { length: 6 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(
            98 + i,
          )} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(',')}]`,
      ),
    ].join('\n');
    const result = parseDriverSpec(bomb);
    expect(result.success).toBe(false);
  });
});
