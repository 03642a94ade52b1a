import {
  createMockDirectory,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { parametersJsonSchema } from '@styrmin/plugin-styrmin-common';
import {
  DriverBundle,
  MAX_DRIVER_ARCHIVE_BYTES,
  packDriverBundle,
  readDriverDirectory,
} from '@styrmin/plugin-styrmin-node';
import { Knex } from 'knex';
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestDatabases } from '../../__testUtils__/databases';
import {
  copyExampleDriver,
  EXAMPLE_DRIVERS,
  readExampleDriver,
} from '../../__testUtils__/exampleDrivers';
import { styrminPlugin } from '../../plugin';

const DRIVER_VERSION_FIELDS = /* GraphQL */ `
  fragment Version on DriverVersion {
    name
    version
    title
    supportedVersions
    info {
      icon
      description
      links {
        title
        url
      }
      authors {
        name
        email
        url
      }
      license
    }
    chart {
      source {
        type
        url
        ref
        path
      }
      chart
      version
      valuesTemplate
    }
    components {
      name
      selector
      container
      replicas
      singleton
    }
    parameters {
      name
      type
      title
      description
      required
      default
      values
      minimum
      maximum
      minLength
      maxLength
      pattern
    }
    parametersJsonSchema
    services {
      name
      component
      port
      targetPort
      protocol
      type
    }
    actions {
      name
      description
      hook
      mode
      function {
        module
        export
      }
      components
      prompts {
        name
        default
      }
    }
    digest
    source {
      type
      path
      url
      ref
      commit
    }
    loadedBy
    loadedAt
    spec
  }
`;

const LOAD = /* GraphQL */ `
  mutation Load($input: LoadDriverInput!) {
    loadDriver(input: $input) {
      created
      driverVersion {
        ...Version
      }
    }
  }
  ${DRIVER_VERSION_FIELDS}
`;

const READ = /* GraphQL */ `
  query Read($name: String!, $version: String!) {
    drivers {
      name
      title
      versions {
        version
      }
      latestVersion {
        version
      }
    }
    driver(name: $name) {
      name
      latestVersion {
        version
      }
    }
    driverVersion(name: $name, version: $version) {
      ...Version
    }
  }
  ${DRIVER_VERSION_FIELDS}
`;

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args],
    { cwd },
  );
  return stdout.trim();
}

jest.setTimeout(60_000);

describe('the driver API', () => {
  const databases = createTestDatabases();
  const mockDir = createMockDirectory();
  let infrahub100: DriverBundle;
  const repository = mockDir.resolve('allowed/repository');
  let commit: string;

  beforeAll(async () => {
    infrahub100 = await readExampleDriver('infrahub/1.0.0');
    mockDir.setContent({ allowed: {}, outside: {} });
    await mkdir(repository);
    await git(repository, 'init', '--quiet', '--initial-branch=main');
    await copyExampleDriver(
      'semaphore/1.0.0',
      join(repository, 'drivers/semaphore'),
    );
    await git(repository, 'add', '.');
    await git(repository, 'commit', '--quiet', '-m', 'Semaphore 1.0.0');
    commit = await git(repository, 'rev-parse', 'HEAD');
  });

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    async function startBackend(
      options: {
        permissions?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
      } = {},
    ) {
      const knex = await databases.init(databaseId);
      const { server } = await startTestBackend({
        features: [
          styrminPlugin,
          mockServices.database.factory({ knex }),
          mockServices.rootConfig.factory({
            data: {
              styrmin: {
                drivers: {
                  allowedDirectories: [
                    EXAMPLE_DRIVERS,
                    mockDir.resolve('allowed'),
                  ],
                  git: {
                    allowFileUrls: true,
                    allowedHosts: ['*.invalid', '127.0.0.1'],
                  },
                },
              },
            },
          }),
          ...(options.permissions
            ? [
                mockServices.permissions.factory({
                  result: options.permissions,
                }),
              ]
            : []),
        ],
      });
      const graphql = async (query: string, variables: object = {}) => {
        const res = await request(server)
          .post('/api/styrmin/graphql')
          .send({ query, variables });
        expect(res.status).toBe(200);
        return res.body;
      };
      return { knex, graphql };
    }

    let knex: Knex;
    let graphql: Awaited<ReturnType<typeof startBackend>>['graphql'];

    beforeAll(async () => {
      ({ knex, graphql } = await startBackend());
    });

    async function versionCount(db: Knex = knex) {
      const [{ n }] = await db('styrmin_driver_versions').count({ n: '*' });
      return Number(n);
    }

    it('loads a driver version from a directory on the server, once', async () => {
      const path = join(EXAMPLE_DRIVERS, 'infrahub/1.0.0');

      const first = await graphql(LOAD, {
        input: { source: 'DIRECTORY', path },
      });

      expect(first.errors).toBeUndefined();
      const { driverVersion } = first.data.loadDriver;
      expect(first.data.loadDriver.created).toBe(true);
      const { spec } = infrahub100;
      expect(driverVersion).toMatchObject({
        name: 'infrahub',
        version: '1.0.0',
        title: 'Infrahub',
        supportedVersions: '>=1.4.0 <1.6.0',
        info: {
          icon: 'https://github.com/opsmill.png',
          description: spec.spec.info.description,
          links: spec.spec.info.links,
          authors: [{ name: 'Styrmin maintainers', email: null, url: null }],
          license: 'Apache-2.0',
        },
        chart: {
          source: { type: 'directory', url: null, ref: null, path: 'chart' },
          chart: 'infrahub',
          version: '1.0.0',
          valuesTemplate: 'values.yaml.njk',
        },
        parametersJsonSchema: parametersJsonSchema(spec),
        digest: infrahub100.digest,
        source: { type: 'DIRECTORY', path, url: null, ref: null, commit: null },
        loadedBy: 'user:default/mock',
        spec,
      });
      expect(driverVersion.components.map((c: any) => c.name)).toEqual([
        'server',
        'task-worker',
        'database',
      ]);
      expect(driverVersion.components[2]).toEqual({
        name: 'database',
        selector: spec.spec.components.database.selector,
        container: 'database',
        replicas: null,
        singleton: true,
      });
      expect(driverVersion.parameters).toContainEqual({
        name: 'admin_password',
        type: 'secret',
        title: 'Admin password',
        description: 'The password of the initial admin account.',
        required: true,
        default: null,
        values: null,
        minimum: null,
        maximum: null,
        minLength: 12,
        maxLength: null,
        pattern: null,
      });
      expect(driverVersion.parameters).toContainEqual(
        expect.objectContaining({
          name: 'log_level',
          values: ['DEBUG', 'INFO', 'WARNING', 'ERROR'],
          default: 'INFO',
        }),
      );
      expect(driverVersion.services).toEqual([
        {
          name: 'http',
          component: 'server',
          port: 80,
          targetPort: 'http',
          protocol: 'TCP',
          type: 'ClusterIP',
        },
      ]);
      expect(driverVersion.actions[2]).toEqual({
        name: 'run-migrations',
        description: 'Migrates the database to the new application version.',
        hook: 'upgrade',
        mode: 'core',
        function: { module: 'actions/upgrade.ts', export: 'runMigrations' },
        components: ['server'],
        prompts: [{ name: 'migration_timeout_minutes', default: 30 }],
      });

      const again = await graphql(LOAD, {
        input: { source: 'DIRECTORY', path },
      });
      expect(again).toEqual({
        data: { loadDriver: { created: false, driverVersion } },
      });

      const read = await graphql(READ, { name: 'infrahub', version: '1.0.0' });
      expect(read.data.driverVersion).toEqual(driverVersion);
    });

    it('loads a driver version from a git repository, recording the commit', async () => {
      const res = await graphql(LOAD, {
        input: {
          source: 'GIT',
          url: `file://${repository}`,
          ref: 'main',
          path: './drivers/semaphore/',
        },
      });

      expect(res.errors).toBeUndefined();
      expect(res.data.loadDriver).toMatchObject({
        created: true,
        driverVersion: {
          name: 'semaphore',
          version: '1.0.0',
          digest: (await readExampleDriver('semaphore/1.0.0')).digest,
          source: {
            type: 'GIT',
            url: `file://${repository}`,
            ref: 'main',
            commit,
            path: 'drivers/semaphore',
          },
        },
      });
    });

    it('loads a driver version that a client sent, validated again', async () => {
      const [semaphore, infrahub110] = await Promise.all(
        ['semaphore/1.0.0', 'infrahub/1.1.0'].map(readExampleDriver),
      );
      const upload = (bundle: DriverBundle, path?: string) =>
        graphql(LOAD, {
          input: {
            source: 'UPLOAD',
            archive: packDriverBundle(bundle.files).toString('base64'),
            path,
          },
        });

      // The same content as the git load: nothing changes.
      const same = await upload(semaphore);
      expect(same.errors).toBeUndefined();
      expect(same.data.loadDriver).toMatchObject({
        created: false,
        driverVersion: { source: { type: 'GIT' } },
      });

      const res = await upload(infrahub110, '/home/ada/infrahub/1.1.0');
      expect(res.errors).toBeUndefined();
      expect(res.data.loadDriver).toMatchObject({
        created: true,
        driverVersion: {
          name: 'infrahub',
          version: '1.1.0',
          digest: infrahub110.digest,
          source: { type: 'UPLOAD', path: '/home/ada/infrahub/1.1.0' },
        },
      });
    });

    it('lists the drivers with their versions, newest first', async () => {
      const res = await graphql(READ, { name: 'infrahub', version: '9.9.9' });

      expect(res.errors).toBeUndefined();
      expect(res.data.drivers).toEqual([
        {
          name: 'infrahub',
          title: 'Infrahub',
          versions: [{ version: '1.1.0' }, { version: '1.0.0' }],
          latestVersion: { version: '1.1.0' },
        },
        {
          name: 'semaphore',
          title: expect.any(String),
          versions: [{ version: '1.0.0' }],
          latestVersion: { version: '1.0.0' },
        },
      ]);
      expect(res.data.driver).toEqual({
        name: 'infrahub',
        latestVersion: { version: '1.1.0' },
      });
      expect(res.data.driverVersion).toBeNull();
      const missing = await graphql(READ, { name: 'gitlab', version: '1.0.0' });
      expect(missing.data).toMatchObject({ driver: null, driverVersion: null });
    });

    it('refuses a loaded version with other content with CONFLICT, storing nothing', async () => {
      const changed = await readDriverDirectory(
        await copyExampleDriver(
          'infrahub/1.0.0',
          mockDir.resolve('allowed/changed'),
          {
            'values.yaml.njk': text => `${text}# changed\n`,
          },
        ),
      );
      expect(changed.success).toBe(true);
      const before = await versionCount();

      const res = await graphql(LOAD, {
        input: {
          source: 'DIRECTORY',
          path: mockDir.resolve('allowed/changed'),
        },
      });

      expect(res.data).toBeNull();
      expect(res.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(
            /^Driver version infrahub 1.0.0 is loaded already, with other content/,
          ),
          extensions: { code: 'CONFLICT' },
        }),
      ]);
      await expect(versionCount()).resolves.toBe(before);
    });

    it('answers a driver with problems with VALIDATION_FAILED and every problem', async () => {
      await copyExampleDriver(
        'infrahub/1.0.0',
        mockDir.resolve('allowed/broken'),
        {
          'driver.styrmin.yml': text =>
            text
              .replace('singleton: true', 'singleton: true\n      replicas: 3')
              .replace('hook: setup', 'hook: install'),
        },
      );

      const res = await graphql(LOAD, {
        input: { source: 'DIRECTORY', path: mockDir.resolve('allowed/broken') },
      });

      expect(res.errors).toHaveLength(1);
      const [error] = res.errors;
      expect(error.message).toMatch(
        /^The driver has 2 problems, the first: driver.styrmin.yml:\d+:\d+ /,
      );
      expect(error.extensions).toEqual({
        code: 'VALIDATION_FAILED',
        problems: [
          {
            file: 'driver.styrmin.yml',
            path: 'spec.components.database.replicas',
            line: expect.any(Number),
            column: 17,
            message: expect.stringContaining(
              'A singleton component runs 1 replica',
            ),
          },
          {
            file: 'driver.styrmin.yml',
            path: 'spec.actions[0].hook',
            line: expect.any(Number),
            column: 13,
            message: expect.stringContaining('setup'),
          },
        ],
      });
    });

    it.each([
      [
        'a directory outside the allowed ones',
        { source: 'DIRECTORY', path: '/etc' },
        'FORBIDDEN',
        'path',
      ],
      [
        'a directory that is not there',
        { source: 'DIRECTORY', path: join(EXAMPLE_DRIVERS, 'gitlab') },
        'VALIDATION_FAILED',
        'path',
      ],
      [
        'a repository outside the allowed directories',
        { source: 'GIT', url: `file://${EXAMPLE_DRIVERS}/../..` },
        'FORBIDDEN',
        'url',
      ],
      [
        'a ref the repository does not have',
        { source: 'GIT', url: repository, ref: 'v9' },
        'VALIDATION_FAILED',
        'ref',
      ],
      [
        'a local repository that is not there',
        { source: 'GIT', url: `file://${mockDir.resolve('allowed')}/missing` },
        'VALIDATION_FAILED',
        'url',
      ],
      [
        'an unreachable repository',
        { source: 'GIT', url: 'https://drivers.invalid/drivers.git' },
        'VALIDATION_FAILED',
        'url',
      ],
      [
        'a host that is not allowed',
        { source: 'GIT', url: 'https://evil.example.org/drivers.git' },
        'FORBIDDEN',
        'url',
      ],
      [
        'an allowed host on a loopback address',
        { source: 'GIT', url: 'http://127.0.0.1:9/drivers.git' },
        'FORBIDDEN',
        'url',
      ],
      [
        'a URL that smuggles an option',
        { source: 'GIT', url: '--upload-pack=touch /tmp/x' },
        'VALIDATION_FAILED',
        'url',
      ],
      [
        'a field the source does not take',
        { source: 'DIRECTORY', path: '/x', url: 'https://x' },
        'VALIDATION_FAILED',
        'url',
      ],
      ['a missing field', { source: 'GIT' }, 'VALIDATION_FAILED', 'url'],
      [
        'an archive that is not base64',
        { source: 'UPLOAD', archive: 'not base64!' },
        'VALIDATION_FAILED',
        'archive',
      ],
      [
        'an archive that is not a driver archive',
        { source: 'UPLOAD', archive: Buffer.from('driver').toString('base64') },
        'VALIDATION_FAILED',
        'archive',
      ],
      [
        'an archive above the size limit, in a request the server still reads',
        {
          source: 'UPLOAD',
          archive: Buffer.alloc(MAX_DRIVER_ARCHIVE_BYTES + 1).toString(
            'base64',
          ),
        },
        'VALIDATION_FAILED',
        'archive',
      ],
    ])('refuses %s, storing nothing', async (_case, input, code, field) => {
      const before = await versionCount();

      const res = await graphql(LOAD, { input });

      expect(res.errors).toEqual([
        expect.objectContaining({ extensions: { code, field } }),
      ]);
      await expect(versionCount()).resolves.toBe(before);
    });

    it('refuses callers without the permissions with FORBIDDEN, storing nothing', async () => {
      const denied = await startBackend({ permissions: AuthorizeResult.DENY });

      const load = await denied.graphql(LOAD, {
        input: {
          source: 'DIRECTORY',
          path: join(EXAMPLE_DRIVERS, 'infrahub/1.0.0'),
        },
      });
      const read = await denied.graphql(READ, {
        name: 'infrahub',
        version: '1.0.0',
      });

      expect(load.errors).toEqual([
        expect.objectContaining({
          message:
            'This needs the permission styrmin.driver.load, which the caller does not have',
          extensions: { code: 'FORBIDDEN' },
        }),
      ]);
      expect(
        read.errors.map((e: any) => [e.path[0], e.extensions.code]).sort(),
      ).toEqual([
        ['driver', 'FORBIDDEN'],
        ['driverVersion', 'FORBIDDEN'],
        ['drivers', 'FORBIDDEN'],
      ]);
      await expect(versionCount(denied.knex)).resolves.toBe(0);
    });
  });
});
