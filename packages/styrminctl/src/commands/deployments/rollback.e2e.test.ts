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
  'styrminctl deployments rollback against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;

    const { styrminctl, json } = styrminctlAgainst({
      url: () => url,
      token,
    });

    const rollback = (...flags: string[]) => [
      'deployments',
      'rollback',
      'dev/infrahub',
      ...flags,
    ];

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({ databases, databaseId }));
      await createInfrahubInDev(json);
      await json([
        'deployments',
        'upgrade',
        'dev/infrahub',
        '--driver-version',
        '1.1.0',
      ]);
    });

    it('refuses an instance that is not earlier, and data without a restore point, with their codes', async () => {
      const notEarlier = await styrminctl(rollback('--to-instance', '2'));
      const withData = await styrminctl(
        rollback('--to-instance', '1', '--with-data'),
      );
      const unknown = await styrminctl(rollback('--to-instance', '9'));

      expect(notEarlier.exitCode).toBe(1);
      expect(notEarlier.stderr).toMatch(
        /^Error \[VALIDATION_FAILED\]: Instance 2 is not earlier than the active instance 2 of infrahub/m,
      );
      expect(withData.exitCode).toBe(1);
      expect(withData.stderr).toMatch(
        /^Error \[VALIDATION_FAILED\]: Instance 1 of infrahub has no restore point/m,
      );
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toMatch(/^Error \[NOT_FOUND\]: /m);
    });

    it("rolls back to instance 1's driver version and configuration, and the timeline says so", async () => {
      const rolledBack = await json(rollback('--to-instance', '1'));
      const timeline = await styrminctl([
        'deployments',
        'timeline',
        'dev/infrahub',
      ]);

      expect(rolledBack).toMatchObject({
        changed: true,
        deployment: { driverVersion: { version: '1.0.0' } },
        instance: { number: 3 },
        task: { type: 'upgrade_instance' },
      });
      expect(timeline.exitCode).toBe(0);
      expect(timeline.stdout).toMatch(/^3 .*infrahub 1\.0\.0 .* 1\s*$/m);
    });
  },
);
