import { mockCredentials } from '@backstage/backend-test-utils';
import { StyrminRole } from '@styrmin/plugin-styrmin-common';
import { AgentProtocolClient } from '@styrmin/sdk';
import { join, resolve } from 'node:path';
import { createTestIo } from '../../__testUtils__/createTestIo';
import { runNext } from '../../__testUtils__/runNext';
import {
  startStyrminBackend,
  testDatabases,
} from '../../__testUtils__/startStyrminBackend';
import { main } from '../../main';

jest.setTimeout(120_000);

const DRIVERS = resolve(__dirname, '../../../../../drivers');
const REFUSED = 'AccessDenied: the store refused the credentials';

const databases = testDatabases();

/** What the agent reports of a Velero object, read now. */
const observed = <T extends object>(more: T) => ({
  observedAt: new Date().toISOString(),
  ...more,
});

describe.each(databases.eachSupportedId())(
  'styrminctl backups and bsl against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;
    let agent: AgentProtocolClient;
    /** The role of every caller, as Styrmin's role policy decides for it. */
    let role: StyrminRole = 'administrator';

    /** styrminctl against the test backend; with `answers`, as if on a terminal. */
    async function styrminctl(argv: string[], answers?: string[]) {
      const { io, stdout, stderr, questions } = createTestIo({
        answers,
        env: {
          HOME: '/nonexistent',
          STYRMIN_WAIT_INTERVAL_MS: '20',
          STYRMIN_E2E_PASSWORD: 'correct horse battery staple',
        },
      });
      const exitCode = await main(
        [...argv, '--url', url, '--token', token],
        io,
      );
      return {
        exitCode,
        stdout: stdout(),
        stderr: stderr(),
        questions: questions(),
      };
    }

    /** Runs a command that must succeed with -o json, and returns what it printed. */
    async function json(argv: string[]) {
      const result = await styrminctl([...argv, '-o', 'json']);
      expect({ exitCode: result.exitCode, stderr: result.stderr }).toEqual({
        exitCode: 0,
        stderr: expect.not.stringContaining('Error'),
      });
      return JSON.parse(result.stdout);
    }

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({
        databases,
        databaseId,
        permissions: () => role,
      }));
      const { agentToken } = await json(['clusters', 'create', 'local']);
      agent = AgentProtocolClient.create({ serverUrl: url, token: agentToken });
      await json([
        'bsl',
        'create',
        'sandbox',
        '--bucket',
        'velero',
        '--region',
        'minio',
        '--endpoint-url',
        'http://127.0.0.1:9000',
        '--path-style',
        '--credentials-secret',
        'cloud-credentials/cloud',
      ]);
      await json([
        'environments',
        'create',
        'dev',
        '--cluster',
        'local',
        '--backup-storage-location',
        'sandbox',
      ]);
      await json(['drivers', 'load', join(DRIVERS, 'infrahub', '1.0.0')]);
      await Promise.all([
        json([
          'deployments',
          'create',
          'dev/infrahub',
          '--driver',
          'infrahub',
          '--app-version',
          '1.5.2',
          '--set-secret',
          'admin_password=STYRMIN_E2E_PASSWORD',
          '--wait',
        ]),
        runNext(agent),
      ]);
    });

    it("registers a location and shows each cluster's phase with Velero's reason", async () => {
      const [location] = await json(['bsl', 'list']);
      expect(location).toMatchObject({
        name: 'sandbox',
        configured: true,
        credentialsSecret: { name: 'cloud-credentials', key: 'cloud' },
      });
      await agent.reportBackupStorageLocationStatus({
        id: location.id,
        ...observed({ phase: 'Unavailable' as const, message: REFUSED }),
      });

      const shown = await styrminctl(['bsl', 'show', 'sandbox']);
      expect(shown.exitCode).toBe(0);
      expect(shown.stdout).toMatch(
        /^credentialsSecret +cloud-credentials\/cloud$/m,
      );
      expect(shown.stdout).toMatch(
        new RegExp(`^local +Unavailable +${REFUSED}$`, 'm'),
      );

      await agent.reportBackupStorageLocationStatus({
        id: location.id,
        ...observed({ phase: 'Available' as const, message: null }),
      });
      const updated = await json([
        'bsl',
        'update',
        'sandbox',
        '--prefix',
        'e2e',
      ]);
      expect(updated).toMatchObject({
        prefix: 'e2e',
        bucket: 'velero',
        pathStyle: true,
        version: location.version + 1,
      });
    });

    it('backs up with --wait, lists the history and shows the steps', async () => {
      const [created] = await Promise.all([
        styrminctl([
          'backups',
          'create',
          'dev/infrahub',
          '--ttl',
          '72h',
          '--wait',
        ]),
        runNext(agent, {
          onStep: async () => {
            const [backup] = await json(['backups', 'list', 'dev/infrahub']);
            await agent.reportBackupStatus({
              backupId: backup.id,
              ...observed({
                phase: 'Completed' as const,
                itemsBackedUp: 40,
                totalItems: 40,
                sizeBytes: 1572864,
                completedAt: new Date().toISOString(),
              }),
            });
          },
        }),
      ]);

      expect(created.exitCode).toBe(0);
      expect(created.stderr).toContain(
        'create_backup: Back up the namespace: SUCCEEDED',
      );
      expect(created.stdout).toMatch(/^phase +Completed$/m);
      expect(created.stdout).toMatch(/^ttl +72h0m0s$/m);
      expect(created.stdout).toContain(
        '✓ Back up the namespace  SUCCEEDED  1 attempt',
      );

      const list = await styrminctl(['backups', 'list', 'dev/infrahub']);
      const rows = list.stdout.trim().split('\n');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatch(
        / Completed +ON_DEMAND +1 +40\/40 +1\.5 MiB +user:default\//,
      );
      const [backup] = await json(['backups', 'list', 'dev/infrahub']);
      const shown = await styrminctl(['backups', 'show', backup.id]);
      expect(shown.stdout).toMatch(/^restorable +true$/m);
      expect(shown.stdout).toMatch(
        /^Task .* create_backup of dev\/infrahub: SUCCEEDED/m,
      );
    });

    it('lets a read-only user list backups and read their steps, and refuses to create, delete or restore one, writing nothing', async () => {
      const [backup] = await json(['backups', 'list', 'dev/infrahub']);
      role = 'readOnly';
      try {
        const list = await styrminctl(['backups', 'list', 'dev/infrahub']);
        expect(list.exitCode).toBe(0);
        expect(list.stdout.trim().split('\n')).toHaveLength(2);
        const shown = await styrminctl(['backups', 'show', backup.id]);
        expect(shown.exitCode).toBe(0);
        expect(shown.stdout).toContain(
          '✓ Back up the namespace  SUCCEEDED  1 attempt',
        );

        for (const [argv, permission] of [
          [['backups', 'create', 'dev/infrahub'], 'create'],
          [['backups', 'delete', backup.id, '--yes'], 'delete'],
          [['backups', 'restore', backup.id, '--yes'], 'restore'],
        ] as const) {
          const refused = await styrminctl([...argv]);
          expect({
            exitCode: refused.exitCode,
            stderr: refused.stderr,
          }).toEqual({
            exitCode: 1,
            stderr: `Error [FORBIDDEN]: This needs the permission styrmin.backup.${permission}, which the caller does not have\n`,
          });
        }
      } finally {
        role = 'administrator';
      }
      expect(await json(['backups', 'list', 'dev/infrahub'])).toEqual([backup]);
      await expect(
        json(['deployments', 'show', 'dev/infrahub']),
      ).resolves.toMatchObject({ state: 'RUNNING' });
    });

    it('sets, pauses and removes the backup schedules of a deployment and of its environment', async () => {
      await expect(
        json([
          'backups',
          'schedule',
          'set',
          'dev/infrahub',
          '--cron',
          '0 3 * * *',
          '--ttl',
          '7d',
        ]),
      ).resolves.toEqual({
        cron: '0 3 * * *',
        ttl: '168h0m0s',
        paused: false,
        inherited: false,
        nextRunAt: expect.stringMatching(/T03:00:00/),
      });
      await expect(
        json([
          'backups',
          'schedule',
          'set',
          '--environment',
          'dev',
          '--cron',
          '@daily',
          '--paused',
        ]),
      ).resolves.toMatchObject({
        cron: '@daily',
        ttl: '720h0m0s',
        paused: true,
        inherited: false,
      });
      await expect(
        json(['backups', 'schedule', 'show', 'dev/infrahub']),
      ).resolves.toMatchObject({ cron: '0 3 * * *', inherited: false });
      await expect(
        json(['backups', 'schedule', 'remove', 'dev/infrahub']),
      ).resolves.toEqual({ removed: true });
      await expect(
        json(['backups', 'schedule', 'show', 'dev/infrahub']),
      ).resolves.toEqual({
        cron: '@daily',
        ttl: '720h0m0s',
        paused: true,
        inherited: true,
        nextRunAt: null,
      });
      const shown = await styrminctl([
        'backups',
        'schedule',
        'show',
        '--environment',
        'dev',
      ]);
      expect(shown.stdout).toMatch(/^paused +true$/m);
      expect(shown.stdout).toMatch(/^inherited +false$/m);
      await expect(
        json(['backups', 'schedule', 'remove', 'dev/infrahub']),
      ).resolves.toEqual({ removed: false });
      await expect(
        json(['backups', 'schedule', 'remove', '--environment', 'dev']),
      ).resolves.toEqual({ removed: true });
      await expect(
        json(['backups', 'schedule', 'show', 'dev/infrahub']),
      ).resolves.toBeNull();
      const none = await styrminctl([
        'backups',
        'schedule',
        'show',
        'dev/infrahub',
      ]);
      expect(none.stdout).toMatch(/^schedule +none$/m);

      const both = await styrminctl([
        'backups',
        'schedule',
        'set',
        'dev/infrahub',
        '--environment',
        'dev',
        '--cron',
        '@daily',
      ]);
      expect({ exitCode: both.exitCode, stderr: both.stderr }).toEqual({
        exitCode: 2,
        stderr:
          'Error: Name a deployment (<environment>/<name>) or --environment <environment>, not both\n',
      });
      const bad = await styrminctl([
        'backups',
        'schedule',
        'set',
        'dev/infrahub',
        '--cron',
        'every night',
      ]);
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr).toMatch(
        /^Error \[VALIDATION_FAILED\]: backupSchedule\.cron: A cron expression has five fields/,
      );
      role = 'readOnly';
      try {
        const refused = await styrminctl([
          'backups',
          'schedule',
          'set',
          'dev/infrahub',
          '--cron',
          '@daily',
        ]);
        expect({ exitCode: refused.exitCode, stderr: refused.stderr }).toEqual({
          exitCode: 1,
          stderr:
            'Error [FORBIDDEN]: This needs the permission styrmin.backup.schedule, which the caller does not have\n',
        });
      } finally {
        role = 'administrator';
      }
      await expect(
        json(['backups', 'schedule', 'remove', 'dev/infrahub']),
      ).resolves.toEqual({ removed: false });
    });

    it('restores in place: declined on a terminal it writes nothing; with --yes --wait the deployment is RESTORING, then RUNNING', async () => {
      const [backup] = await json(['backups', 'list', 'dev/infrahub']);
      const declined = await styrminctl(
        ['backups', 'restore', backup.id],
        ['no'],
      );
      expect(declined.questions[0]).toMatch(
        /^Restore backup \S+ \(instance 1, completed .+\) into dev\/infrahub\? Its components stop, the data of its volume claims is replaced by the backup's/,
      );
      expect(declined.exitCode).toBe(2);
      await expect(
        json(['deployments', 'show', 'dev/infrahub']),
      ).resolves.toMatchObject({
        state: 'RUNNING',
      });

      const states: string[] = [];
      const [restored] = await Promise.all([
        styrminctl(['backups', 'restore', backup.id, '--yes', '--wait']),
        runNext(agent, {
          onStep: async () => {
            states.push(
              (await json(['deployments', 'show', 'dev/infrahub'])).state,
            );
          },
        }),
      ]);

      expect(states).toEqual([
        'RESTORING',
        'RESTORING',
        'RESTORING',
        'RESTORING',
      ]);
      expect(restored.exitCode).toBe(0);
      expect(restored.stdout).toMatch(/^state +RUNNING$/m);
      for (const step of [
        'Stop the components',
        'Remove the volume claims of the backup',
        'Restore the namespace',
        'Start the components',
      ]) {
        expect(restored.stdout).toContain(`✓ ${step}  SUCCEEDED  1 attempt`);
      }
    });

    it('fails a backup with its reason in words, refuses to restore it, and deletes it', async () => {
      const [failed] = await Promise.all([
        styrminctl(['backups', 'create', 'dev/infrahub', '--wait']),
        runNext(agent, {
          onStep: async () => {
            const [backup] = await json(['backups', 'list', 'dev/infrahub']);
            await agent.reportBackupStatus({
              backupId: backup.id,
              ...observed({
                phase: 'FailedValidation' as const,
                failureReason: REFUSED,
              }),
            });
          },
          fail: { step: 'Back up the namespace', error: REFUSED },
        }),
      ]);
      expect(failed.exitCode).toBe(1);
      expect(failed.stderr).toMatch(
        new RegExp(`FAILED; the backup is FailedValidation: ${REFUSED}\n$`),
      );

      const [backup] = await json(['backups', 'list', 'dev/infrahub']);
      const refused = await styrminctl([
        'backups',
        'restore',
        backup.id,
        '--yes',
      ]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(
        /^Error \[CONFLICT\]: The backup is FailedValidation/,
      );
      await expect(
        json(['deployments', 'show', 'dev/infrahub']),
      ).resolves.toMatchObject({
        state: 'RUNNING',
      });

      const [deleted] = await Promise.all([
        styrminctl(['backups', 'delete', backup.id, '--yes', '--wait']),
        runNext(agent),
      ]);
      expect(deleted.exitCode).toBe(0);
      expect(deleted.stdout).toMatch(/^deleted +true$/m);
      const missing = await styrminctl(['backups', 'show', backup.id]);
      expect(missing.stderr).toBe(
        `Error [NOT_FOUND]: No backup ${backup.id}\n`,
      );
    });
  },
);
