import {
  createMockDirectory,
  MockDirectoryContent,
} from '@backstage/backend-test-utils';
import { rmSync } from 'node:fs';
import { stringify } from 'yaml';
import { readDriverDirectory } from './readDriverDirectory';

/** New content by path inside the driver; null removes the file. */
type Change = Record<string, MockDirectoryContent[string] | null>;

const driverYaml = (change: (doc: any) => void = () => {}) => {
  const doc = {
    apiVersion: 'styrmin.io/v1alpha1',
    kind: 'ApplicationDriver',
    metadata: { name: 'app' },
    spec: {
      version: '1.0.0',
      supported_versions: '>=1.0.0 <2.0.0',
      info: { description: 'An application.' },
      helm: {
        main: {
          source: { type: 'directory', path: 'chart' },
          chart: 'app',
          version: '0.1.0',
          values_template: 'values.yaml.njk',
        },
      },
      components: {
        server: { selector: { app: 'server' }, container: 'server' },
      },
      actions: [
        {
          name: 'stop',
          hook: 'upgrade',
          mode: 'pre',
          function: { module: 'actions/upgrade.ts', export: 'stopWorkers' },
        },
        {
          name: 'migrate',
          hook: 'upgrade',
          mode: 'core',
          function: { module: 'actions/upgrade.ts', export: 'runMigrations' },
        },
      ],
    },
  };
  change(doc);
  return stringify(doc);
};

const driver = (): MockDirectoryContent => ({
  'driver.styrmin.yml': driverYaml(),
  'values.yaml.njk': 'replicas: {{ parameters.replicas | default(1) }}\n',
  'README.md': 'Not part of the driver version.\n',
  actions: {
    'upgrade.ts': [
      "import { run } from './lib.js';",
      'export async function stopWorkers() {}',
      "export * from './migrations';",
    ].join('\n'),
    'lib.ts': 'export const run = () => undefined;\n',
    'migrations.ts': 'export const runMigrations = async () => undefined;\n',
  },
  chart: {
    'Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.1.0\n',
    'values.yaml': 'replicas: 1\n',
    templates: { 'deployment.yaml': 'kind: Deployment\n' },
  },
});

describe('readDriverDirectory', () => {
  const mockDir = createMockDirectory();
  const driverDir = mockDir.resolve('driver');

  beforeEach(() => {
    mockDir.setContent({
      driver: driver(),
      outside: { 'secret.ts': 'export const stopWorkers = 1;\n' },
    });
  });

  it('reads the spec, the bundle and its digest', async () => {
    const result = await readDriverDirectory(driverDir);
    if (!result.success) {
      throw new Error(JSON.stringify(result.problems, null, 2));
    }
    const { bundle } = result;
    expect(bundle.spec.metadata.name).toBe('app');
    expect(bundle.files.map(f => f.path)).toEqual([
      'actions/lib.ts',
      'actions/migrations.ts',
      'actions/upgrade.ts',
      'chart/Chart.yaml',
      'chart/templates/deployment.yaml',
      'chart/values.yaml',
      'driver.styrmin.yml',
      'values.yaml.njk',
    ]);
    expect(bundle.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('digests the content only: another place or a file outside the bundle changes nothing', async () => {
    const first = await readDriverDirectory(driverDir);
    mockDir.addContent({ copy: driver(), 'copy/README.md': 'Changed.\n' });
    const copy = await readDriverDirectory(mockDir.resolve('copy'));
    mockDir.addContent({ 'copy/chart/values.yaml': 'replicas: 2\n' });
    const changed = await readDriverDirectory(mockDir.resolve('copy'));
    const digest = (r: typeof first) =>
      r.success ? r.bundle.digest : r.problems;
    expect(digest(copy)).toBe(digest(first));
    expect(digest(changed)).not.toBe(digest(first));
  });

  it.each<[string, Change, object]>([
    [
      'a spec that breaks the schema, with its line',
      {
        'driver.styrmin.yml': driverYaml(d => {
          d.spec.components.server.replicas = 0;
        }),
      },
      {
        file: 'driver.styrmin.yml',
        path: 'spec.components.server.replicas',
        line: 23,
      },
    ],
    [
      'a missing values template',
      { 'values.yaml.njk': null },
      {
        file: 'driver.styrmin.yml',
        path: 'spec.helm.main.values_template',
        line: 17,
        message: 'values.yaml.njk: Does not exist',
      },
    ],
    [
      'a values template that does not compile',
      { 'values.yaml.njk': 'a: 1\nb: {% if %}\n' },
      {
        file: 'values.yaml.njk',
        path: 'spec.helm.main.values_template',
        line: 2,
      },
    ],
    [
      'a missing action module',
      { 'actions/upgrade.ts': null },
      {
        file: 'driver.styrmin.yml',
        path: 'spec.actions[0].function.module',
        message: 'actions/upgrade.ts: Does not exist',
      },
    ],
    [
      'a missing export',
      { 'actions/migrations.ts': 'export const migrate = 1;\n' },
      {
        file: 'driver.styrmin.yml',
        path: 'spec.actions[1].function.export',
        message:
          'actions/upgrade.ts has no export "runMigrations"; it exports migrate, stopWorkers',
      },
    ],
    [
      'an action module with a syntax error',
      { 'actions/lib.ts': 'export const run = (;\n' },
      { file: 'actions/lib.ts', line: 1 },
    ],
    [
      'an import from outside the driver',
      { 'actions/lib.ts': "export * from '../../outside/secret';\n" },
      {
        file: 'actions/lib.ts',
        message: expect.stringMatching(/outside the driver/),
      },
    ],
    [
      'an import of a module that does not exist',
      { 'actions/lib.ts': "import './gone';\nexport const run = 1;\n" },
      {
        file: 'actions/lib.ts',
        message: expect.stringMatching(/does not exist/),
      },
    ],
    [
      'an action module that links outside',
      {
        'actions/upgrade.ts': ({ symlink }) =>
          symlink('../../outside/secret.ts'),
      },
      {
        path: 'spec.actions[0].function.module',
        message: expect.stringMatching(/symbolic link that points outside/),
      },
    ],
    [
      'a chart file that links outside',
      {
        'chart/templates/secret.yaml': ({ symlink }) =>
          symlink('/etc/hostname'),
      },
      {
        file: 'chart/templates/secret.yaml',
        path: 'spec.helm.main.source.path',
        message: expect.stringMatching(/symbolic link that points outside/),
      },
    ],
    [
      'a chart directory that links outside',
      { 'chart/templates': ({ symlink }) => symlink('../../outside') },
      {
        file: 'chart/templates',
        message: expect.stringMatching(/points outside/),
      },
    ],
    [
      'a chart without Chart.yaml',
      { 'chart/Chart.yaml': null },
      {
        path: 'spec.helm.main.source.path',
        message: 'chart/Chart.yaml: Does not exist',
      },
    ],
    [
      'a Chart.yaml that is no YAML',
      { 'chart/Chart.yaml': 'name: app\nversion: [0.1.0\n' },
      {
        file: 'chart/Chart.yaml',
        message: expect.stringMatching(/^Malformed YAML/),
      },
    ],
    [
      'a chart whose name differs',
      { 'chart/Chart.yaml': 'apiVersion: v2\nname: other\nversion: 0.1.0\n' },
      {
        path: 'spec.helm.main.chart',
        message: 'Is "app", but chart/Chart.yaml says "other"',
      },
    ],
    [
      'a chart whose version differs',
      { 'chart/Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.2.0\n' },
      {
        path: 'spec.helm.main.version',
        message: 'Is "0.1.0", but chart/Chart.yaml says "0.2.0"',
      },
    ],
    [
      'a chart path that is a file',
      {
        'driver.styrmin.yml': driverYaml(d => {
          d.spec.helm.main.source.path = 'README.md';
        }),
      },
      { file: 'README.md', message: 'Is not a directory' },
    ],
    [
      'a file above the size limit',
      { 'chart/values.yaml': 'x'.repeat(2 * 1024 * 1024) },
      {
        file: 'chart/values.yaml',
        message: expect.stringMatching(
          /above the limit of 1048576 bytes per file/,
        ),
      },
    ],
  ])('refuses %s', async (_case, change, expected) => {
    changeDriver(change);
    const result = await readDriverDirectory(driverDir);
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.problems).toContainEqual(
      expect.objectContaining(expected),
    );
  });

  it.each([
    [
      'a directory that does not exist',
      mockDir.resolve('nowhere'),
      'Does not exist',
    ],
    ['a file', mockDir.resolve('outside/secret.ts'), 'Is not a directory'],
  ])('refuses %s', async (_case, dir, message) => {
    expect(await readDriverDirectory(dir)).toEqual({
      success: false,
      problems: [{ file: '.', message }],
    });
  });

  it.each<[string, Change, string]>([
    [
      'a missing driver.styrmin.yml',
      { 'driver.styrmin.yml': null },
      'Does not exist',
    ],
    [
      'a driver.styrmin.yml that links outside',
      {
        'driver.styrmin.yml': ({ symlink }) => symlink('../outside/secret.ts'),
      },
      'Is a symbolic link that points outside the driver directory',
    ],
  ])('refuses %s', async (_case, change, message) => {
    changeDriver(change);
    expect(await readDriverDirectory(driverDir)).toEqual({
      success: false,
      problems: [{ file: 'driver.styrmin.yml', message }],
    });
  });

  it('refuses a driver version above the total limit', async () => {
    const result = await readDriverDirectory(driverDir, {
      maxTotalBytes: 1000,
    });
    expect(result.success ? [] : result.problems).toContainEqual(
      expect.objectContaining({
        message:
          "Takes the driver version's files above the limit of 1000 bytes in total",
      }),
    );
  });

  it('reports every problem at once', async () => {
    changeDriver({
      'values.yaml.njk': null,
      'actions/migrations.ts': 'export const migrate = 1;\n',
      'chart/Chart.yaml': 'apiVersion: v2\nname: other\nversion: 0.2.0\n',
    });
    const result = await readDriverDirectory(driverDir);
    expect(result.success ? [] : result.problems.map(p => p.path)).toEqual([
      'spec.helm.main.values_template',
      'spec.actions[1].function.export',
      'spec.helm.main.chart',
      'spec.helm.main.version',
    ]);
  });

  /** Replaces (or, for null, removes) files of the driver. */
  function changeDriver(change: Change) {
    for (const [path, content] of Object.entries(change)) {
      rmSync(mockDir.resolve('driver', path), { recursive: true, force: true });
      if (content !== null) {
        mockDir.addContent({ [`driver/${path}`]: content });
      }
    }
  }
});
