import {
  createMockDirectory,
  mockCredentials,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { parseDriverSpec } from '@styrmin/plugin-styrmin-common';
import { readDriverDirectory } from '@styrmin/plugin-styrmin-node';
import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createTestIo } from '../../__testUtils__/createTestIo';
import {
  startStyrminBackend,
  testDatabases,
} from '../../__testUtils__/startStyrminBackend';
import { main } from '../../main';

jest.setTimeout(60_000);

const DRIVERS = resolve(__dirname, '../../../../../drivers');
const EXAMPLES = ['infrahub/1.0.0', 'infrahub/1.1.0', 'semaphore/1.0.0'];

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args],
    { cwd },
  );
  return stdout.trim();
}

/** Runs styrminctl in-process; no config file and no server unless the arguments name one. */
async function run(argv: string[]) {
  const { io, stdout, stderr } = createTestIo();
  const exitCode = await main(argv, io);
  return { exitCode, stdout: stdout(), stderr: stderr() };
}

/** A copy of an example driver with one file changed. */
async function changedCopy(
  example: string,
  target: string,
  file: string,
  change: (text: string) => string,
): Promise<string> {
  await cp(join(DRIVERS, example), target, { recursive: true });
  const text = await readFile(join(target, file), 'utf8');
  await writeFile(join(target, file), change(text));
  return target;
}

const databases = testDatabases();

describe('styrminctl drivers validate', () => {
  const mockDir = createMockDirectory();

  it.each(EXAMPLES)('passes on drivers/%s, offline', async example => {
    const result = await run([
      'drivers',
      'validate',
      join(DRIVERS, example),
      '-o',
      'json',
    ]);
    const read = await readDriverDirectory(join(DRIVERS, example));

    expect(result).toEqual({
      exitCode: 0,
      stdout: expect.any(String),
      stderr: '',
    });
    expect(JSON.parse(result.stdout)).toEqual({
      valid: true,
      name: example.split('/')[0],
      version: example.split('/')[1],
      digest: read.success && read.bundle.digest,
      files: read.success && read.bundle.files.length,
    });
  });

  it('fails on a broken copy, printing each problem as file:line:column path message', async () => {
    const broken = await changedCopy(
      'infrahub/1.0.0',
      mockDir.resolve('broken'),
      'driver.styrmin.yml',
      text =>
        text
          .replace('kind: ApplicationDriver', 'kind: Driver')
          .replace('hook: setup', 'hook: install'),
    );

    const result = await run(['drivers', 'validate', broken]);

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      `Error [VALIDATION_FAILED]: ${broken} has 2 problems`,
      'driver.styrmin.yml:3:7 kind Invalid input: expected "ApplicationDriver"',
      'driver.styrmin.yml:100:13 spec.actions[0].hook Invalid option: expected one of "setup"|"upgrade"',
      '',
    ]);
  });
});

describe.each(databases.eachSupportedId())(
  'styrminctl drivers against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    const mockDir = createMockDirectory();
    const repository = mockDir.resolve('allowed/repository');
    let url: string;
    let commit: string;

    /** styrminctl against the test backend. */
    const styrminctl = (...argv: string[]) =>
      run([...argv, '--url', url, '--token', token]);

    beforeAll(async () => {
      mockDir.setContent({ allowed: { repository: {} } });
      await git(repository, 'init', '--quiet', '--initial-branch=main');
      for (const example of ['infrahub/1.0.0', 'semaphore/1.0.0']) {
        await cp(
          join(DRIVERS, example),
          join(repository, 'drivers', example.split('/')[0]),
          { recursive: true },
        );
      }
      await changedCopy(
        'semaphore/1.0.0',
        join(repository, 'drivers', 'broken'),
        'driver.styrmin.yml',
        text => text.replace('mode: post', 'mode: later'),
      );
      await git(repository, 'add', '.');
      await git(repository, 'commit', '--quiet', '-m', 'Drivers');
      commit = await git(repository, 'rev-parse', 'HEAD');

      ({ url } = await startStyrminBackend({
        databases,
        databaseId,
        config: {
          styrmin: {
            drivers: {
              allowedDirectories: [mockDir.resolve('allowed')],
              git: { allowFileUrls: true },
            },
          },
        },
      }));
    });

    it('loads a driver directory by sending its files, once', async () => {
      const dir = join(DRIVERS, 'infrahub/1.0.0');

      const first = await styrminctl('drivers', 'load', dir, '-o', 'json');

      expect(first.stderr).toBe('');
      expect(first.exitCode).toBe(0);
      const loaded = JSON.parse(first.stdout);
      expect(loaded.created).toBe(true);
      expect(loaded.driverVersion).toMatchObject({
        name: 'infrahub',
        version: '1.0.0',
        source: { type: 'UPLOAD', path: dir },
        loadedBy: 'user:default/mock',
      });

      const again = await styrminctl('drivers', 'load', dir);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toMatch(/^created +false$/m);
      expect(again.stdout).toMatch(
        new RegExp(`^digest +${loaded.driverVersion.digest}$`, 'm'),
      );
    });

    it('loads from a local git repository through the server, recording the commit', async () => {
      const semaphore = await styrminctl(
        'drivers',
        'load',
        `file://${repository}`,
        '--ref',
        'main',
        '--path',
        'drivers/semaphore',
        '-o',
        'json',
      );

      expect(semaphore.stderr).toBe('');
      expect(JSON.parse(semaphore.stdout)).toMatchObject({
        created: true,
        driverVersion: {
          name: 'semaphore',
          source: {
            type: 'GIT',
            url: `file://${repository}`,
            ref: 'main',
            commit,
            path: 'drivers/semaphore',
          },
        },
      });

      // The same content as the directory loaded before: the same digest, nothing changes.
      const infrahub = await styrminctl(
        'drivers',
        'load',
        repository,
        '--path',
        'drivers/infrahub',
        '-o',
        'json',
      );
      expect(infrahub.exitCode).toBe(0);
      expect(JSON.parse(infrahub.stdout)).toMatchObject({
        created: false,
        driverVersion: { source: { type: 'UPLOAD' } },
      });
    });

    it('lists the drivers with their versions', async () => {
      const json = await styrminctl('drivers', 'list', '-o', 'json');
      const table = await styrminctl('drivers', 'list');

      expect(json.exitCode).toBe(0);
      expect(
        JSON.parse(json.stdout).map((driver: any) => [
          driver.name,
          driver.latestVersion.version,
          driver.versions.map((version: any) => version.version),
        ]),
      ).toEqual([
        ['infrahub', '1.0.0', ['1.0.0']],
        ['semaphore', '1.0.0', ['1.0.0']],
      ]);
      expect(table.stdout.split('\n')).toEqual([
        expect.stringMatching(/^NAME +TITLE +LATEST +VERSIONS$/),
        expect.stringMatching(/^infrahub +Infrahub +1\.0\.0 +1\.0\.0$/),
        expect.stringMatching(/^semaphore +\S.* +1\.0\.0 +1\.0\.0$/),
        '',
      ]);
    });

    it.each([
      ['infrahub', ['--version', '1.0.0']],
      ['infrahub', []],
      ['semaphore', []],
    ])('shows %s %j as the files say', async (name, versionArgs) => {
      const result = await styrminctl(
        'drivers',
        'show',
        name,
        ...versionArgs,
        '-o',
        'json',
      );

      expect(result.exitCode).toBe(0);
      const shown = JSON.parse(result.stdout);
      const dir = join(DRIVERS, name, '1.0.0');
      const parsed = parseDriverSpec(
        await readFile(join(dir, 'driver.styrmin.yml'), 'utf8'),
      );
      const read = await readDriverDirectory(dir);
      if (!parsed.success || !read.success) {
        throw new Error(`drivers/${name}/1.0.0 does not validate`);
      }
      const { spec } = parsed;
      expect(shown.spec).toEqual(spec);
      expect(shown.digest).toBe(read.bundle.digest);
      expect(shown).toMatchObject({
        name,
        version: '1.0.0',
        supportedVersions: spec.spec.supported_versions,
        info: { description: spec.spec.info.description },
        components: Object.keys(spec.spec.components).map(component => ({
          name: component,
        })),
        parameters: Object.keys(spec.spec.parameters).map(parameter => ({
          name: parameter,
        })),
        services: spec.spec.services.map(service => ({
          name: service.name,
        })),
        actions: spec.spec.actions.map(action => ({ name: action.name })),
      });
    });

    it('shows a version as a table of what to read first', async () => {
      const result = await styrminctl('drivers', 'show', 'infrahub');

      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/^chart +infrahub 1\.0\.0 \(directory\)$/m);
      expect(result.stdout).toMatch(
        /^components +server, task-worker, database$/m,
      );
      expect(result.stdout).toMatch(/^source\.type +UPLOAD$/m);
    });

    it('exits 1 with NOT_FOUND for a driver that is not loaded', async () => {
      const result = await styrminctl('drivers', 'show', 'gitlab');

      expect(result).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'Error [NOT_FOUND]: No version of driver gitlab is loaded\n',
      });
    });

    it('exits 1 with CONFLICT when a loaded version is loaded with changed content', async () => {
      const changed = await changedCopy(
        'infrahub/1.0.0',
        mockDir.resolve('changed'),
        'values.yaml.njk',
        text => `${text}# changed\n`,
      );

      const result = await styrminctl('drivers', 'load', changed);

      expect(result.exitCode).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^Error \[CONFLICT\]: Driver version infrahub 1\.0\.0 is loaded already, with other content/,
      );
    });

    it('exits 1 with the problems the server found', async () => {
      const result = await styrminctl(
        'drivers',
        'load',
        `file://${repository}`,
        '--path',
        'drivers/broken',
      );

      expect(result.exitCode).toBe(1);
      expect(result.stderr.split('\n')).toEqual([
        expect.stringMatching(
          /^Error \[VALIDATION_FAILED\]: The driver has a problem/,
        ),
        expect.stringMatching(
          /^driver\.styrmin\.yml:\d+:13 spec\.actions\[0\]\.mode Invalid option/,
        ),
        '',
      ]);
    });

    it('exits 1 with FORBIDDEN for a caller without the permissions', async () => {
      const denied = await startStyrminBackend({
        databases,
        databaseId,
        permissions: AuthorizeResult.DENY,
      });
      const deniedRun = (...argv: string[]) =>
        run([...argv, '--url', denied.url, '--token', token]);

      const load = await deniedRun(
        'drivers',
        'load',
        join(DRIVERS, 'infrahub/1.0.0'),
      );

      expect(load.exitCode).toBe(1);
      expect(load.stderr).toBe(
        'Error [FORBIDDEN]: This needs the permission styrmin.driver.load, which the caller does not have\n',
      );
      const list = await deniedRun('drivers', 'list');
      expect(list.stderr).toMatch(/^Error \[FORBIDDEN\]/);
    });
  },
);
