import { mockCredentials } from '@backstage/backend-test-utils';
import { StyrminRole } from '@styrmin/plugin-styrmin-common';
import { join, resolve } from 'node:path';
import {
  startStyrminBackend,
  testDatabases,
} from '../../__testUtils__/startStyrminBackend';
import { styrminctlAgainst } from '../../__testUtils__/styrminctlAgainst';

jest.setTimeout(120_000);

const DRIVERS = resolve(__dirname, '../../../../../drivers');

const databases = testDatabases();

describe.each(databases.eachSupportedId())(
  'styrminctl environments restore and clone against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;
    let role: StyrminRole = 'administrator';

    const { styrminctl, json } = styrminctlAgainst({
      url: () => url,
      token,
    });

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({
        databases,
        databaseId,
        permissions: () => role,
      }));
      await json(['clusters', 'create', 'local']);
      await json(['environments', 'create', 'dev', '--cluster', 'local']);
      await json(['drivers', 'load', join(DRIVERS, 'infrahub', '1.0.0')]);
      await json(
        [
          'deployments',
          'create',
          'dev/infrahub',
          '--driver',
          'infrahub',
          '--driver-version',
          '1.0.0',
          '--app-version',
          '1.5.2',
          '--set-secret',
          'admin_password',
        ],
        'correct horse battery staple\n',
      );
    });

    it('previews a clone: what it would create, and its problems with the exit code of VALIDATION_FAILED', async () => {
      const preview = await styrminctl([
        'environments',
        'clone',
        'dev',
        'dev-copy',
        '--set',
        'storage_class=fast',
        '--preview',
      ]);

      // dev has no backup storage location: the clone could not take its backup.
      expect(preview.exitCode).toBe(1);
      expect(preview.stdout).toMatch(/^into +dev-copy$/m);
      expect(preview.stdout).toMatch(
        /^from +an environment backup taken first$/m,
      );
      expect(preview.stdout).toMatch(/^infrahub +infrahub 1\.0\.0 +1\.5\.2$/m);
      expect(preview.stdout).toContain(
        'Problem: Environment dev has no backup storage location: a clone takes an environment backup of it first',
      );
      expect(preview.stderr).toMatch(/^Error \[VALIDATION_FAILED\]: /);
      await expect(
        json(['environments', 'show', 'dev-copy']).catch(() => undefined),
      ).resolves.toBeUndefined();
    });

    it('refuses an operator a restore and a clone: FORBIDDEN, with its exit code', async () => {
      role = 'operator';
      try {
        for (const [argv, permission] of [
          [
            ['environments', 'restore', '00000000-0000-4000-8000-000000000001'],
            'restore',
          ],
          [['environments', 'clone', 'dev', 'dev-copy'], 'clone'],
        ] as const) {
          const refused = await styrminctl([...argv]);
          expect({
            exitCode: refused.exitCode,
            stderr: refused.stderr,
          }).toEqual({
            exitCode: 1,
            stderr: `Error [FORBIDDEN]: This needs the permission styrmin.environment.${permission}, which the caller does not have\n`,
          });
        }
      } finally {
        role = 'administrator';
      }
    });
  },
);
