import { createTestIo } from '../../__testUtils__/createTestIo';
import { startGraphQLStub } from '../../__testUtils__/startGraphQLStub';
import { main } from '../../main';

/*
 * The parsing and the output of `bsl ...` against a stub of the GraphQL endpoint. The
 * end-to-end tests against a real backend come with its backup resolvers.
 */

const location = {
  id: '3c4d5e6f-7081-4293-a4b5-c6d7e8f90a1b',
  name: 'default',
  provider: 'S3',
  bucket: 'styrmin-backups',
  prefix: 'dev',
  region: 'us-east-1',
  endpointUrl: 'http://127.0.0.1:9000',
  pathStyle: true,
  credentialsSecret: { name: 'velero-credentials', key: 'cloud' },
  configured: true,
  clusters: [
    {
      cluster: { id: 'c1', name: 'local' },
      phase: 'Unavailable',
      message: 'AccessDenied: the credentials were refused',
      lastValidationTime: '2026-12-01T10:00:00.000Z',
      observedAt: '2026-12-01T10:00:01.000Z',
    },
  ],
  version: 3,
  createdBy: 'user:default/admin',
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedBy: 'user:default/admin',
  updatedAt: '2026-12-01T09:30:00.000Z',
};

describe('styrminctl bsl', () => {
  async function run(
    answers: Record<string, unknown>,
    argv: string[],
    io: { answers?: string[] } = {},
  ) {
    const stub = await startGraphQLStub(answers);
    try {
      const test = createTestIo({ answers: io.answers });
      const exitCode = await main([...argv, '--url', stub.url], test.io);
      return {
        exitCode,
        stdout: test.stdout(),
        stderr: test.stderr(),
        questions: test.questions(),
        requests: stub.requests,
      };
    } finally {
      await stub.close();
    }
  }

  it('lists the locations with each cluster’s phase', async () => {
    const result = await run(
      { BackupStorageLocations: { backupStorageLocations: [location] } },
      ['bsl', 'list'],
    );

    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^NAME +PROVIDER +BUCKET +PREFIX +CONFIGURED +PHASE$/,
      ),
      expect.stringMatching(
        /^default +S3 +styrmin-backups +dev +true +local Unavailable$/,
      ),
    ]);
  });

  it('shows a location by name: its store, the Secret of its credentials, and Velero’s message', async () => {
    const result = await run(
      { BackupStorageLocation: { backupStorageLocation: location } },
      ['bsl', 'show', 'default'],
    );

    expect(result.requests[0].variables).toEqual({ name: 'default' });
    expect(result.stdout).toMatch(
      /^credentialsSecret +velero-credentials\/cloud$/m,
    );
    expect(result.stdout).toMatch(
      /^local +Unavailable +2026-12-01T10:00:00.000Z +AccessDenied: the credentials were refused$/m,
    );
  });

  it('registers a location with its credentials named by their Secret', async () => {
    const result = await run(
      {
        CreateBackupStorageLocation: { createBackupStorageLocation: location },
      },
      [
        'bsl',
        'create',
        'default',
        '--bucket',
        'styrmin-backups',
        '--endpoint-url',
        'http://127.0.0.1:9000',
        '--path-style',
        '--credentials-secret',
        'velero-credentials/cloud',
        '-o',
        'json',
      ],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests[0].variables).toEqual({
      input: {
        name: 'default',
        provider: 'S3',
        bucket: 'styrmin-backups',
        endpointUrl: 'http://127.0.0.1:9000',
        pathStyle: true,
        credentialsSecret: { name: 'velero-credentials', key: 'cloud' },
      },
    });
    expect(JSON.parse(result.stdout)).toEqual(location);
  });

  it.each([['aws_secret_access_key=abc'], ['velero-credentials'], ['a/b/c']])(
    'refuses --credentials-secret %s: only a Secret and its key, never credentials',
    async value => {
      const result = await run({}, [
        'bsl',
        'create',
        'default',
        '--credentials-secret',
        value,
      ]);

      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(
        'Give the Secret and its key as <secret-name>/<key>',
      );
      expect(result.requests).toEqual([]);
    },
  );

  it('updates what the flags name and sends the rest of the store as it was read, at its version', async () => {
    const result = await run(
      {
        BackupStorageLocation: { backupStorageLocation: location },
        UpdateBackupStorageLocation: {
          updateBackupStorageLocation: {
            ...location,
            prefix: 'prod',
            version: 4,
          },
        },
      },
      ['bsl', 'update', 'default', '--prefix', 'prod', '--no-path-style'],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests[1].variables).toEqual({
      input: {
        id: location.id,
        expectedVersion: 3,
        provider: 'S3',
        bucket: 'styrmin-backups',
        prefix: 'prod',
        region: 'us-east-1',
        endpointUrl: 'http://127.0.0.1:9000',
        pathStyle: false,
        credentialsSecret: { name: 'velero-credentials', key: 'cloud' },
      },
    });
    expect(result.stdout).toMatch(/^prefix +prod$/m);
  });

  it('deletes a location once confirmed', async () => {
    const result = await run(
      {
        BackupStorageLocation: { backupStorageLocation: location },
        DeleteBackupStorageLocation: { deleteBackupStorageLocation: location },
      },
      ['bsl', 'delete', location.id],
      { answers: ['y'] },
    );

    expect(result.questions).toEqual([
      'Delete backup storage location default? Its store and the data in it stay. [y/N] ',
    ]);
    expect(result.requests.map(r => r.variables)).toEqual([
      { id: location.id },
      { input: { id: location.id } },
    ]);
    expect(result.stdout).toMatch(/^deleted +true$/m);
  });
});
