import { mockCredentials } from '@backstage/backend-test-utils';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestIo } from '../../__testUtils__/createTestIo';
import {
  startStyrminBackend,
  testDatabases,
} from '../../__testUtils__/startStyrminBackend';
import { main } from '../../main';

jest.setTimeout(120_000);

const DRIVERS = resolve(__dirname, '../../../../../drivers');
const PASSWORD = 'correct horse battery staple';
const PASSPHRASE = 'a passphrase no output holds';

/**
 * infrahub 1.1.0 as version 1.2.0, whose run-migrations action also asks for a secret:
 * the example drivers declare no secret prompt.
 */
function driverWithSecretPrompt(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'styrminctl-')), 'infrahub');
  cpSync(join(DRIVERS, 'infrahub', '1.1.0'), dir, { recursive: true });
  const file = join(dir, 'driver.styrmin.yml');
  const spec = readFileSync(file, 'utf8')
    .replace('  version: 1.1.0\n  supported', '  version: 1.2.0\n  supported')
    .replace(
      '          maximum: 240\n',
      [
        '          maximum: 240',
        '        backup_passphrase:',
        '          type: secret',
        '          description: The passphrase of the backup taken first.',
        '          min_length: 12',
        '',
      ].join('\n'),
    );
  writeFileSync(file, spec);
  return dir;
}

const databases = testDatabases();

describe.each(databases.eachSupportedId())(
  'styrminctl clusters, environments and deployments against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;
    let knex: Awaited<ReturnType<typeof startStyrminBackend>>['knex'];

    /** styrminctl against the test backend, with what stdin holds. */
    async function styrminctl(argv: string[], stdin?: string) {
      const { io, stdout, stderr } = createTestIo({ stdin });
      const exitCode = await main(
        [...argv, '--url', url, '--token', token],
        io,
      );
      return { exitCode, stdout: stdout(), stderr: stderr() };
    }

    /** Runs a command that must succeed with -o json, and returns what it printed. */
    async function json(argv: string[], stdin?: string) {
      const result = await styrminctl([...argv, '-o', 'json'], stdin);
      expect({ ...result, stdout: undefined }).toEqual({
        exitCode: 0,
        stdout: undefined,
        stderr: expect.not.stringContaining('Error'),
      });
      return JSON.parse(result.stdout);
    }

    beforeAll(async () => {
      ({ url, knex } = await startStyrminBackend({ databases, databaseId }));
    });

    it('registers a cluster, creates an environment, deploys a loaded driver and shows its first instance', async () => {
      const registered = await styrminctl([
        'clusters',
        'create',
        'local',
        '--set',
        'storage_class=standard',
        '-o',
        'json',
      ]);
      expect(registered.exitCode).toBe(0);
      expect(registered.stderr).toContain('shown this once');
      const { cluster, agentToken } = JSON.parse(registered.stdout);
      expect(agentToken).toMatch(/^styrmin-agent\./);
      expect(cluster).toMatchObject({
        name: 'local',
        settings: { storage_class: 'standard' },
        workPool: `cluster:${cluster.id}`,
      });

      await expect(
        json(['environments', 'create', 'dev', '--cluster', 'local']),
      ).resolves.toMatchObject({ name: 'dev', cluster: { name: 'local' } });
      for (const version of ['1.0.0', '1.1.0']) {
        await json(['drivers', 'load', join(DRIVERS, 'infrahub', version)]);
      }

      const created = await json(
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
          '--set',
          'task_worker_replicas=3',
          '--env',
          'server.LOG_FORMAT=json',
        ],
        `${PASSWORD}\n`,
      );

      expect(created).toMatchObject({
        changed: true,
        deployment: { name: 'dev/infrahub'.split('/')[1], state: 'DEPLOYING' },
        instance: { number: 1, active: true },
        task: {
          type: 'create_instance',
          status: 'SCHEDULED',
          flowRun: {
            pool: `cluster:${cluster.id}`,
            flowName: 'CREATE_INSTANCE',
          },
        },
      });
      expect(created.instance.context).toMatchObject({
        parameters: { admin_password: '<secret>', task_worker_replicas: 3 },
        components: { server: { env: { LOG_FORMAT: 'json' } } },
        // Of the cluster, only what infrahub's values template reads.
        cluster: { storage_class: 'standard' },
      });
      expect(created.instance.context.cluster).not.toHaveProperty('name');

      const shown = await styrminctl(['deployments', 'show', 'dev/infrahub']);
      expect(shown.exitCode).toBe(0);
      expect(shown.stdout).toMatch(/^state +DEPLOYING$/m);
      expect(shown.stdout).toMatch(/^task +create_instance RUNNING/m);
      const full = await json(['deployments', 'show', 'dev/infrahub']);
      expect(full.activeInstance.context.deployment.namespace).toBe(
        `styrmin-${full.id}`,
      );
      expect(JSON.stringify([created, full]) + shown.stdout).not.toContain(
        PASSWORD,
      );
    });

    it('stores nothing for an edit that changes nothing, and refuses broken rules with their codes', async () => {
      const same = await json([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'log_level=INFO',
      ]);
      expect(same).toMatchObject({ changed: false, instance: null });

      const singleton = await styrminctl([
        'deployments',
        'edit',
        'dev/infrahub',
        '--replicas',
        'database=2',
        '--image',
        'server=no-registry',
      ]);
      expect(singleton.exitCode).toBe(1);
      expect(singleton.stdout).toBe('');
      expect(singleton.stderr.split('\n')).toEqual([
        expect.stringMatching(
          /^Error \[SINGLETON_REPLICA_OVERRIDE\]: 2 problems: /,
        ),
        expect.stringMatching(
          /^\[SINGLETON_REPLICA_OVERRIDE\] components\.database\.replicas /,
        ),
        expect.stringMatching(
          /^\[VALIDATION_FAILED\] components\.server\.image /,
        ),
        '',
      ]);

      // 1.1.0 would carry task_worker_replicas (3) over; the prompt answer is refused.
      const retired = await styrminctl([
        'deployments',
        'upgrade',
        'dev/infrahub',
        '--driver-version',
        '1.1.0',
        '--app-version',
        '1.6.0',
        '--prompt',
        'run-migrations.migration_timeout_minutes=1',
      ]);
      expect(retired.exitCode).toBe(1);
      expect(retired.stderr).toMatch(
        /^Error \[VALIDATION_FAILED\]: prompts\.run-migrations\.migration_timeout_minutes: /,
      );

      const conflict = await styrminctl([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'log_level=DEBUG',
        '--expected-version',
        '7',
      ]);
      expect(conflict.exitCode).toBe(1);
      expect(conflict.stderr).toMatch(/^Error \[CONFLICT\]: /);

      const unknown = await styrminctl(['deployments', 'show', 'dev/nothing']);
      expect(unknown).toMatchObject({
        exitCode: 1,
        stderr: expect.stringMatching(/^Error \[NOT_FOUND\]: /),
      });
      const secretOnCommandLine = await styrminctl([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'admin_password=visible',
      ]);
      expect(secretOnCommandLine.exitCode).toBe(2);
    });

    it('shows what an edit and an upgrade would do with --dry-run, and changes nothing', async () => {
      const shown = await json(['deployments', 'show', 'dev/infrahub']);

      const edit = await styrminctl([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'log_level=DEBUG',
        '--dry-run',
      ]);
      expect(edit.exitCode).toBe(0);
      expect(edit.stderr).toContain('Dry run: nothing was stored');
      expect(edit.stdout).toMatch(/^changed +true$/m);
      expect(edit.stdout).toMatch(
        /^parameters\.log_level +CHANGED +INFO +DEBUG$/m,
      );
      expect(edit.stdout).toMatch(/^1 +Apply the StyrminDeployment resource$/m);
      await expect(
        json(['deployments', 'show', 'dev/infrahub']),
      ).resolves.toEqual(shown);

      // At its default, the parameter that 1.1.0 retires is dropped by the upgrade.
      await json([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'task_worker_replicas=2',
      ]);
      const before = await json(['deployments', 'show', 'dev/infrahub']);
      const upgrade = [
        'deployments',
        'upgrade',
        'dev/infrahub',
        '--driver-version',
        '1.1.0',
        '--app-version',
        '1.6.0',
        '--dry-run',
      ];
      const table = await styrminctl(upgrade);
      expect(table.exitCode).toBe(0);
      expect(table.stdout).toMatch(
        /^1 +Run the upgrade pre-hook +stop-task-workers$/m,
      );
      expect(table.stdout).toMatch(
        /^3 +Run the upgrade core-hook +run-migrations$/m,
      );
      await expect(json(upgrade)).resolves.toMatchObject({
        changed: true,
        instance: null,
        task: null,
        droppedParameters: ['task_worker_replicas'],
      });

      const refused = await styrminctl([
        'deployments',
        'edit',
        'dev/infrahub',
        '--replicas',
        'database=2',
        '--dry-run',
      ]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/^Error \[SINGLETON_REPLICA_OVERRIDE\]/);
      await expect(
        json(['deployments', 'show', 'dev/infrahub']),
      ).resolves.toEqual(before);
    });

    it('upgrades to the newer driver version, dropping the retired parameter at its default, and shows the timeline and diffs', async () => {
      await json([
        'deployments',
        'edit',
        'dev/infrahub',
        '--set',
        'task_worker_replicas=2',
      ]);
      const upgraded = await json([
        'deployments',
        'upgrade',
        'dev/infrahub',
        '--driver-version',
        '1.1.0',
        '--app-version',
        '1.6.0',
      ]);
      expect(upgraded).toMatchObject({
        droppedParameters: ['task_worker_replicas'],
        deployment: {
          driverVersion: { version: '1.1.0' },
          appVersion: '1.6.0',
        },
        task: { type: 'upgrade_instance' },
      });

      const timeline = await styrminctl([
        'deployments',
        'timeline',
        'dev/infrahub',
      ]);
      expect(timeline.exitCode).toBe(0);
      const rows = timeline.stdout.trim().split('\n');
      expect(rows[0]).toMatch(
        /^NUMBER +ACTIVE +CREATED +BY +DRIVER +TASK +CHANGES +RESTORE POINT +ROLLBACK TO$/,
      );
      expect(rows.slice(1).map(row => row.split(/ +/).slice(0, 2))).toEqual([
        ['3', 'true'],
        ['2', 'false'],
        ['1', 'false'],
      ]);

      const diff = await styrminctl(['deployments', 'diff', 'dev/infrahub']);
      expect(diff.stdout).toMatch(
        /^driver\.version +CHANGED +1\.0\.0 +1\.1\.0$/m,
      );
      const second = await json([
        'deployments',
        'diff',
        'dev/infrahub',
        '--instance',
        '2',
      ]);
      expect(second).toEqual([
        {
          path: 'parameters.task_worker_replicas',
          kind: 'CHANGED',
          before: 3,
          after: 2,
          secret: false,
        },
      ]);
    });

    it("answers the prompts of the change's actions, typed as declared, secrets from stdin, and never shows them", async () => {
      const driver = driverWithSecretPrompt();
      try {
        await json(['drivers', 'load', driver]);
      } finally {
        rmSync(resolve(driver, '..'), { recursive: true, force: true });
      }
      const upgrade = [
        'deployments',
        'upgrade',
        'dev/infrahub',
        '--driver-version',
        '1.2.0',
      ];

      const unknown = await styrminctl([
        ...upgrade,
        '--prompt',
        'run-migrations.nope=1',
      ]);
      expect(unknown).toMatchObject({
        exitCode: 1,
        stdout: '',
        stderr: expect.stringMatching(
          /^Error \[VALIDATION_FAILED\]: prompts\.run-migrations\.nope: Action "run-migrations" has no prompt "nope"/,
        ),
      });
      const belowMinimum = await styrminctl([
        ...upgrade,
        '--prompt',
        'run-migrations.migration_timeout_minutes=1',
      ]);
      expect(belowMinimum).toMatchObject({
        exitCode: 1,
        stderr: expect.stringMatching(
          /^Error \[VALIDATION_FAILED\]: prompts\.run-migrations\.migration_timeout_minutes: /,
        ),
      });
      const shortSecret = await styrminctl(
        [...upgrade, '--prompt-secret', 'run-migrations.backup_passphrase'],
        'short\n',
      );
      expect(shortSecret).toMatchObject({
        exitCode: 1,
        stderr: expect.stringMatching(
          /^Error \[VALIDATION_FAILED\]: prompts\.run-migrations\.backup_passphrase: /,
        ),
      });
      expect(shortSecret.stderr).not.toContain('short');
      // An action of another hook: create runs the setup hook's actions only.
      const otherHook = await styrminctl(
        [
          'deployments',
          'create',
          'dev/infrahub-2',
          '--driver',
          'infrahub',
          '--driver-version',
          '1.2.0',
          '--app-version',
          '1.6.0',
          '--set-secret',
          'admin_password',
          '--prompt',
          'run-migrations.migration_timeout_minutes=45',
        ],
        `${PASSWORD}\n`,
      );
      expect(otherHook).toMatchObject({
        exitCode: 1,
        stderr: expect.stringMatching(
          /^Error \[VALIDATION_FAILED\]: prompts\.run-migrations: .*has no action "run-migrations" at the setup hook/,
        ),
      });
      const secretOnCommandLine = await styrminctl([
        ...upgrade,
        '--prompt',
        `run-migrations.backup_passphrase=${PASSPHRASE}`,
      ]);
      expect(secretOnCommandLine.exitCode).toBe(2);
      const twoFromStdin = await styrminctl([
        ...upgrade,
        '--set-secret',
        'admin_password',
        '--prompt-secret',
        'run-migrations.backup_passphrase',
      ]);
      expect(twoFromStdin).toMatchObject({
        exitCode: 2,
        stderr: expect.stringContaining(
          'Only one --set-secret or --prompt-secret can read stdin',
        ),
      });
      await expect(
        knex('styrmin_tasks').whereNotNull('prompts'),
      ).resolves.toEqual([]);

      const upgraded = await json(
        [
          ...upgrade,
          '--prompt',
          'run-migrations.migration_timeout_minutes=45',
          '--prompt-secret',
          'run-migrations.backup_passphrase',
        ],
        `${PASSPHRASE}\n`,
      );
      expect(upgraded).toMatchObject({
        deployment: { driverVersion: { version: '1.2.0' } },
        task: { type: 'upgrade_instance' },
      });
      // Stored with the task for the agent, sealed at rest (docs/secrets-at-rest.md): the
      // secret answer is not in the row.
      const [task] = await knex('styrmin_tasks').where({
        id: upgraded.task.id,
      });
      expect(task.prompts).toMatch(/^styrmin-sealed:v1:/);
      expect(task.prompts).not.toContain(PASSPHRASE);
      const taskShown = await json(['tasks', 'show', upgraded.task.id]);
      expect(taskShown).toMatchObject({ id: upgraded.task.id });
      const deploymentShown = await json([
        'deployments',
        'show',
        'dev/infrahub',
      ]);
      const shown = JSON.stringify([upgraded, taskShown, deploymentShown]);
      expect(shown).not.toContain(PASSPHRASE);
    });

    it('previews and applies a cluster settings change, rotates the agent token, and deletes to a tombstone', async () => {
      const preview = await json([
        'clusters',
        'update',
        'local',
        '--set',
        'storage_class=premium',
        '--preview',
      ]);
      expect(preview).toEqual([
        expect.objectContaining({
          deployment: expect.objectContaining({ name: 'infrahub' }),
          flow: 'UPDATE_INSTANCE',
          task: null,
        }),
      ]);
      const updated = await styrminctl([
        'clusters',
        'update',
        'local',
        '--set',
        'storage_class=premium',
      ]);
      expect(updated.exitCode).toBe(0);
      expect(updated.stdout).toMatch(/^changed +true$/m);
      expect(updated.stdout).toMatch(
        /^dev +infrahub +UPDATE_INSTANCE +1 +update_instance SCHEDULED$/m,
      );

      const rotated = await styrminctl(['clusters', 'rotate-token', 'local']);
      expect(rotated.stdout).toMatch(/^agentToken +styrmin-agent\./m);

      const deleted = await json(['deployments', 'delete', 'dev/infrahub']);
      expect(deleted).toMatchObject({
        deployment: { state: 'DELETING' },
        task: { type: 'delete_deployment' },
      });
      await expect(json(['deployments', 'list'])).resolves.toEqual([]);
      await expect(
        json(['deployments', 'list', '--all', '--state', 'DELETING']),
      ).resolves.toEqual([expect.objectContaining({ name: 'infrahub' })]);
      await expect(
        json(['environments', 'delete', 'dev']),
      ).resolves.toMatchObject({ name: 'dev', deletedAt: expect.any(String) });
      await expect(json(['environments', 'list'])).resolves.toEqual([]);
    });
  },
);
