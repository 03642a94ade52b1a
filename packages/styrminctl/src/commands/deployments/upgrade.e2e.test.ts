import { mockCredentials } from '@backstage/backend-test-utils';
import {
  startStyrminBackend,
  testDatabases,
} from '../../__testUtils__/startStyrminBackend';
import { createInfrahubInDev } from '../../__testUtils__/createInfrahubInDev';
import { styrminctlAgainst } from '../../__testUtils__/styrminctlAgainst';

jest.setTimeout(120_000);

const databases = testDatabases();

describe.each(databases.eachSupportedId())(
  'styrminctl deployments upgrade against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;

    const { styrminctl, json } = styrminctlAgainst({
      url: () => url,
      token,
    });

    const upgrade = (...flags: string[]) => [
      'deployments',
      'upgrade',
      'dev/infrahub',
      '--driver-version',
      ...flags,
    ];

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({ databases, databaseId }));
      // 1.0.0's task_worker_replicas at 5, not its default (2): 1.1.0 retires it.
      await createInfrahubInDev(json, ['task_worker_replicas=5']);
    });

    it('names every problem of an upgrade at once, its prompt answers included', async () => {
      const refused = await styrminctl(
        upgrade(
          '1.1.0',
          '--app-version',
          '9.0.0',
          '--prompt',
          'run-migrations.migration_timeout_minutes=1',
        ),
      );

      expect(refused.exitCode).toBe(1);
      expect(refused.stderr.split('\n')).toEqual([
        expect.stringMatching(/^Error \[VALIDATION_FAILED\]: 2 problems: /),
        expect.stringMatching(/^\[VALIDATION_FAILED\] app_version /),
        expect.stringMatching(
          /^\[VALIDATION_FAILED\] prompts\.run-migrations\.migration_timeout_minutes /,
        ),
        '',
      ]);
    });

    it('carries the retired value over to the replica override by default, and drops it with --drop-retired', async () => {
      const carried = await styrminctl(upgrade('1.1.0', '--dry-run'));
      const dropped = await json(
        upgrade('1.1.0', '--drop-retired', '--dry-run'),
      );

      expect(carried.exitCode).toBe(0);
      expect(carried.stdout).toMatch(
        /^carriedOverParameters +task_worker_replicas -> components\.task-worker\.replicas = 5$/m,
      );
      expect(carried.stdout).toMatch(
        /^components\.task-worker\.replicas +ADDED +5$/m,
      );
      expect(dropped).toMatchObject({
        carriedOverParameters: [],
        deployment: { configuration: { components: {} } },
      });

      const upgraded = await json(upgrade('1.1.0'));
      expect(upgraded).toMatchObject({
        carriedOverParameters: [
          {
            parameter: 'task_worker_replicas',
            field: 'components.task-worker.replicas',
            value: 5,
          },
        ],
        deployment: {
          driverVersion: { version: '1.1.0' },
          configuration: { components: { 'task-worker': { replicas: 5 } } },
        },
        task: { type: 'upgrade_instance' },
      });
    });

    it('refuses a downgrade unless --allow-downgrade', async () => {
      const refused = await styrminctl(upgrade('1.0.0'));
      const allowed = await json(
        upgrade('1.0.0', '--allow-downgrade', '--dry-run'),
      );

      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(
        /^Error \[VALIDATION_FAILED\]: driverVersion: infrahub 1\.0\.0 is older than infrahub 1\.1\.0: a downgrade is refused unless the change asks for it \(allowDowngrade\)$/m,
      );
      expect(allowed).toMatchObject({
        changed: true,
        task: null,
        deployment: { driverVersion: { version: '1.0.0' } },
      });
    });
  },
);
