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
  'styrminctl plans against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;

    const { styrminctl, json } = styrminctlAgainst({
      url: () => url,
      token,
    });

    const planUpgrade = [
      'deployments',
      'upgrade',
      'dev/infrahub',
      '--driver-version',
      '1.1.0',
      '--prompt',
      'run-migrations.migration_timeout_minutes=45',
      '--plan',
    ];

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({ databases, databaseId }));
      // 1.0.0's task_worker_replicas at 5: 1.1.0 carries it over to a replica override.
      await createInfrahubInDev(json, ['task_worker_replicas=5']);
    });

    it('prints an upgrade’s plan as a diff with its steps, hooks and prompts, changing nothing, and applies it by id once', async () => {
      const planned = await styrminctl(planUpgrade);

      expect(planned.exitCode).toBe(0);
      const id = planned.stdout.match(/^plan +(\S+)$/m)![1];
      expect(planned.stderr).toBe(
        `Plan ${id}: nothing was changed; apply it with styrminctl plans apply ${id} (until ${
          planned.stdout.match(/^expires +(\S+)$/m)![1]
        })\n`,
      );
      expect(planned.stdout).toMatch(/^kind +UPGRADE$/m);
      expect(planned.stdout).toMatch(
        /^driver +infrahub 1\.0\.0 -> infrahub 1\.1\.0$/m,
      );
      expect(planned.stdout).toContain(
        [
          '--- dev/infrahub (active, infrahub 1.0.0)',
          '+++ dev/infrahub (planned, infrahub 1.1.0)',
        ].join('\n'),
      );
      expect(planned.stdout).toMatch(
        /^\+components\.task-worker\.replicas: 5$/m,
      );
      expect(planned.stdout).toMatch(
        /^1 +Run the upgrade pre-hook +stop-task-workers$/m,
      );
      expect(planned.stdout).toMatch(
        /^upgrade core run-migrations +migration_timeout_minutes +30$/m,
      );
      // The answer given is kept with the plan, never shown.
      expect(planned.stdout.match(/^.*migration_timeout_minutes.*$/gm)).toEqual(
        [expect.stringMatching(/ 30$/)],
      );
      expect(await json(['deployments', 'show', 'dev/infrahub'])).toMatchObject(
        { version: 1, driverVersion: { version: '1.0.0' } },
      );

      const applied = await json(['plans', 'apply', id]);
      expect(applied).toMatchObject({
        changed: true,
        deployment: { version: 2, driverVersion: { version: '1.1.0' } },
        task: { type: 'upgrade_instance' },
      });
      const again = await styrminctl(['plans', 'apply', id]);
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toMatch(
        new RegExp(
          `^Error \\[CONFLICT\\]: Plan ${id} was applied already, by `,
        ),
      );
      expect(await json(['plans', 'show', id])).toMatchObject({
        id,
        appliedTask: { id: applied.task.id },
      });
    });

    it('prints a plan as JSON, and refuses it after a concurrent edit, naming what changed', async () => {
      const plan = await json([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'default_branch=develop',
        '--plan',
      ]);
      expect(plan).toMatchObject({
        kind: 'EDIT',
        changed: true,
        flow: 'UPDATE_INSTANCE',
        plannedActions: [],
        fingerprint: expect.stringMatching(/^sha256:/),
      });
      const { version } = await json(['deployments', 'show', 'dev/infrahub']);
      await json([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'default_branch=release',
      ]);

      const refused = await styrminctl(['plans', 'apply', plan.id]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain(
        `Error [CONFLICT]: Plan ${
          plan.id
        } no longer applies, since it was computed deployment infrahub changed (version ${version}, now ${
          version + 1
        })`,
      );
      const unknown = await styrminctl([
        'plans',
        'show',
        '00000000-0000-4000-8000-00000000a0a0',
      ]);
      expect(unknown.exitCode).toBe(1);
      expect(unknown.stderr).toMatch(/^Error \[NOT_FOUND\]: Plan /);
    });
  },
);
