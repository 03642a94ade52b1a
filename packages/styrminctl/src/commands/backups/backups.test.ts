import { createTestIo } from '../../__testUtils__/createTestIo';
import { startGraphQLStub } from '../../__testUtils__/startGraphQLStub';
import { main } from '../../main';

/*
 * The parsing and the output of `backups ...` against a stub of the GraphQL endpoint:
 * the requests each command sends and what it prints of the answers. The end-to-end
 * tests against a real backend come with its backup resolvers.
 */

const DEPLOYMENT_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const BACKUP_ID = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';
const RESTORE_ID = '9a8b7c6d-5e4f-4321-8fed-cba987654321';

const deployment = {
  id: DEPLOYMENT_ID,
  name: 'infrahub',
  environment: { id: 'e1', name: 'dev' },
  driverVersion: { name: 'infrahub', version: '1.1.0' },
  appVersion: '1.6.0',
  configuration: {},
  state: 'RUNNING',
  stateReason: null,
  deletedAt: null,
  activeInstance: null,
  version: 4,
};

function task(id: string, type: string, result: string, step: string) {
  return {
    id,
    type,
    status: result === 'RUNNING' ? 'RUNNING' : result,
    result,
    createdBy: 'user:default/ada',
    createdAt: '2026-12-01T10:00:00.000Z',
    flowRun: {
      id: `run-${id}`,
      pool: 'cluster:c1',
      flowName: type.toUpperCase(),
      state: result === 'RUNNING' ? 'RUNNING' : result,
      attempts: 1,
      maxAttempts: 3,
      createdAt: '2026-12-01T10:00:00.000Z',
    },
    deployment: {
      id: DEPLOYMENT_ID,
      name: 'infrahub',
      state: 'RUNNING',
      environment: { id: 'e1', name: 'dev' },
    },
    steps: [
      {
        id: `${id}-step`,
        name: step,
        position: 0,
        status: result === 'RUNNING' ? 'RUNNING' : result,
        attempts: 1,
        startedAt: '2026-12-01T10:00:01.000Z',
        endedAt: null,
        errors:
          result === 'FAILED'
            ? [
                {
                  attempt: 1,
                  message: 'Velero: the location is Unavailable',
                  outputTail: null,
                  occurredAt: '2026-12-01T10:00:05.000Z',
                },
              ]
            : [],
        lines: [],
        outputTail: null,
        startedTasks: [],
        supersededBy: null,
      },
    ],
  };
}

const backupTask = task(
  't-backup',
  'create_backup',
  'SUCCEEDED',
  'Back up the namespace',
);

const backup = {
  id: BACKUP_ID,
  deployment: {
    id: DEPLOYMENT_ID,
    name: 'infrahub',
    environment: { id: 'e1', name: 'dev' },
  },
  instance: { id: 'i2', number: 2 },
  storageLocation: { id: 'l1', name: 'default' },
  veleroName: 'styrmin-6f1c2d3e-20261201100000',
  trigger: 'ON_DEMAND',
  scheduledFor: null,
  ttl: '720h0m0s',
  createdBy: 'user:default/ada',
  createdAt: '2026-12-01T10:00:00.000Z',
  phase: 'Completed',
  itemsBackedUp: 40,
  totalItems: 40,
  sizeBytes: 1572864,
  errors: 0,
  warnings: 1,
  failureReason: null,
  startedAt: '2026-12-01T10:00:01.000Z',
  completedAt: '2026-12-01T10:00:09.000Z',
  expiresAt: '2026-12-31T10:00:01.000Z',
  task: {
    id: 't-backup',
    type: 'create_backup',
    status: 'SUCCEEDED',
    result: 'SUCCEEDED',
  },
  deletion: null,
  restorable: true,
  refusal: null,
};

const restore = {
  id: RESTORE_ID,
  backup: {
    id: BACKUP_ID,
    veleroName: backup.veleroName,
    instance: backup.instance,
  },
  deployment: backup.deployment,
  veleroName: 'styrmin-restore-1',
  phase: null,
  itemsRestored: null,
  totalItems: null,
  errors: 0,
  warnings: 0,
  failureReason: null,
  task: {
    id: 't-restore',
    type: 'restore_backup',
    status: 'SCHEDULED',
    result: 'RUNNING',
  },
  createdBy: 'user:default/ada',
  createdAt: '2026-12-01T11:00:00.000Z',
  startedAt: null,
  completedAt: null,
};

describe('styrminctl backups', () => {
  async function run(
    answers: Record<string, unknown>,
    argv: string[],
    io: { answers?: string[] } = {},
  ) {
    const stub = await startGraphQLStub(answers);
    try {
      const test = createTestIo({
        env: { HOME: '/nonexistent', STYRMIN_WAIT_INTERVAL_MS: '1' },
        answers: io.answers,
      });
      const exitCode = await main([...argv, '--url', stub.url], test.io);
      return {
        exitCode,
        stdout: test.stdout(),
        stderr: test.stderr(),
        questions: test.questions(),
        requests: stub.requests,
        operations: stub.operations(),
      };
    } finally {
      await stub.close();
    }
  }

  it('lists a deployment’s backups newest first, with phase, progress and size', async () => {
    const result = await run(
      {
        Deployment: { deployment },
        DeploymentBackups: {
          deployment: {
            backups: {
              nodes: [
                {
                  ...backup,
                  phase: 'InProgress',
                  itemsBackedUp: 12,
                  sizeBytes: null,
                },
                backup,
              ],
              pageInfo: { endCursor: null, hasNextPage: false },
            },
          },
        },
      },
      ['backups', 'list', 'dev/infrahub', '--first', '5'],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests[1]).toEqual({
      operationName: 'DeploymentBackups',
      variables: { id: DEPLOYMENT_ID, first: 5 },
    });
    const rows = result.stdout.trim().split('\n');
    expect(rows[0]).toMatch(
      /^ID +PHASE +TRIGGER +INSTANCE +ITEMS +SIZE +BY +STARTED +EXPIRES$/,
    );
    expect(rows[1]).toMatch(
      new RegExp(`^${BACKUP_ID} +InProgress +ON_DEMAND +2 +12/40 +user`),
    );
    expect(rows[2]).toMatch(/ Completed +ON_DEMAND +2 +40\/40 +1\.5 MiB +user/);
  });

  it('shows a backup and its task’s steps as tasks show prints them', async () => {
    const result = await run(
      { Backup: { backup: { ...backup, task: backupTask } } },
      ['backups', 'show', BACKUP_ID],
    );

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^deployment +dev\/infrahub$/m);
    expect(result.stdout).toMatch(/^phase +Completed$/m);
    expect(result.stdout).toMatch(/^size +1\.5 MiB$/m);
    expect(result.stdout).toContain(
      'Task t-backup create_backup of dev/infrahub: SUCCEEDED (flow run SUCCEEDED, attempt 1 of 3)',
    );
    expect(result.stdout).toContain(
      '✓ Back up the namespace  SUCCEEDED  1 attempt',
    );
  });

  it('says to give the whole id for a part of one', async () => {
    const result = await run({ Backup: { backup: null } }, [
      'backups',
      'show',
      '0b1c2d3e',
    ]);

    expect(result).toMatchObject({
      exitCode: 1,
      stderr:
        "Error [NOT_FOUND]: No backup 0b1c2d3e: give the backup's whole id, as backups list shows it\n",
    });
  });

  it('backs up with a TTL and follows the task with --wait, failing with the backup’s reason', async () => {
    const failed = task(
      't-backup',
      'create_backup',
      'FAILED',
      'Back up the namespace',
    );
    const result = await run(
      {
        Deployment: { deployment },
        CreateBackup: { createBackup: { ...backup, phase: null } },
        Task: { task: failed },
        Backup: {
          backup: {
            ...backup,
            phase: 'FailedValidation',
            failureReason: 'The location default is Unavailable: access denied',
            restorable: false,
            task: failed,
          },
        },
      },
      ['backups', 'create', 'dev/infrahub', '--ttl', '72h', '--wait'],
    );

    expect(result.requests[1]).toEqual({
      operationName: 'CreateBackup',
      variables: { input: { deployment: DEPLOYMENT_ID, ttl: '72h' } },
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'create_backup: Back up the namespace: FAILED: Velero: the location is Unavailable',
    );
    expect(result.stderr).toMatch(
      /Error: Task t-backup \(create_backup\) FAILED; the backup is FailedValidation: The location default is Unavailable: access denied\n$/,
    );
    expect(result.stdout).toMatch(/^phase +FailedValidation$/m);
    expect(result.stdout).toContain(
      '✗ Back up the namespace  FAILED  1 attempt',
    );
  });

  describe('restore', () => {
    const answers = {
      Backup: { backup: { ...backup, task: backupTask } },
      Deployment: [
        { deployment },
        { deployment: { ...deployment, state: 'RUNNING' } },
      ],
      RestoreBackup: { restoreBackup: restore },
      Task: [
        {
          task: task(
            't-restore',
            'restore_backup',
            'RUNNING',
            'Restore the namespace',
          ),
        },
        {
          task: task(
            't-restore',
            'restore_backup',
            'SUCCEEDED',
            'Restore the namespace',
          ),
        },
      ],
      Restore: { restore: { ...restore, phase: 'Completed' } },
    };

    it('asks on a terminal, naming what will be replaced, and restores nothing when declined', async () => {
      const result = await run(answers, ['backups', 'restore', BACKUP_ID], {
        answers: ['n'],
      });

      expect(result.questions).toEqual([
        `Restore backup ${backup.veleroName} (instance 2, completed 2026-12-01T10:00:09.000Z) into dev/infrahub? ` +
          "Its components stop, the data of its volume claims is replaced by the backup's, " +
          'the objects the backup holds are updated, and its components start again. [y/N] ',
      ]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toBe(
        'Error: Not confirmed: nothing was restored\n',
      );
      expect(result.operations).not.toContain('RestoreBackup');
    });

    it('restores with --yes and follows the task with --wait to the deployment’s state', async () => {
      const result = await run(
        answers,
        ['backups', 'restore', BACKUP_ID, '--yes', '--wait'],
        {
          answers: [],
        },
      );

      expect(result.questions).toEqual([]);
      expect(result.exitCode).toBe(0);
      expect(
        result.requests.find(r => r.operationName === 'RestoreBackup'),
      ).toEqual({
        operationName: 'RestoreBackup',
        variables: { input: { backup: BACKUP_ID } },
      });
      expect(result.stderr).toContain(
        'Waiting for task t-restore (restore_backup)...',
      );
      expect(result.stderr).toContain(
        'restore_backup: Restore the namespace: SUCCEEDED',
      );
      expect(result.stdout).toMatch(/^phase +Completed$/m);
      expect(result.stdout).toMatch(/^state +RUNNING$/m);
      expect(result.stdout).toContain(
        '✓ Restore the namespace  SUCCEEDED  1 attempt',
      );
    });
  });

  it('deletes after confirmation and follows the deletion task', async () => {
    const deletion = task(
      't-delete',
      'delete_backup',
      'SUCCEEDED',
      'Delete the backup from its storage location',
    );
    const result = await run(
      {
        Backup: [{ backup: { ...backup, task: backupTask } }, { backup: null }],
        DeleteBackup: {
          deleteBackup: {
            ...backup,
            deletion: {
              id: 't-delete',
              type: 'delete_backup',
              status: 'SCHEDULED',
              result: 'RUNNING',
            },
          },
        },
        Task: { task: deletion },
      },
      ['backups', 'delete', BACKUP_ID, '--wait'],
      { answers: ['yes'] },
    );

    expect(result.questions).toEqual([
      `Delete backup ${backup.veleroName} of dev/infrahub (instance 2) and its data in default? [y/N] `,
    ]);
    expect(result.exitCode).toBe(0);
    expect(
      result.requests.find(r => r.operationName === 'DeleteBackup')?.variables,
    ).toEqual({
      input: { id: BACKUP_ID },
    });
    expect(result.stdout).toMatch(/^deleted +true$/m);
    expect(result.stdout).toContain(
      '✓ Delete the backup from its storage location  SUCCEEDED',
    );
  });
});
