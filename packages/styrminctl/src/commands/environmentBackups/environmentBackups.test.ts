import { runAgainstStub } from '../../__testUtils__/runAgainstStub';

/*
 * The parsing and the output of `environments backup` and `environment-backups ...`
 * against a stub of the GraphQL endpoint: the requests each command sends and what it
 * prints of the answers.
 */

const ENVIRONMENT_ID = '1e2d3c4b-5a69-4788-97a6-b5c4d3e2f100';
const ENVIRONMENT_BACKUP_ID = '2f3e4d5c-6b7a-4899-a8b7-c6d5e4f30211';

const environment = {
  id: ENVIRONMENT_ID,
  name: 'dev',
  cluster: { id: 'c1', name: 'local' },
  overrides: {},
  backupStorageLocation: 'minio',
  version: 2,
};

/** A constituent backup: only the fields the commands read. */
function backup(id: string, phase: string | null, taskId: string) {
  return {
    id,
    phase,
    task: {
      id: taskId,
      type: 'create_backup',
      status: 'RUNNING',
      result: 'RUNNING',
    },
    deletion: null,
  };
}

/** A finished task of one step, as `task(id)` answers it. */
function task(id: string, type: string, result: 'SUCCEEDED' | 'FAILED') {
  return {
    id,
    type,
    status: result,
    result,
    createdBy: 'user:default/ada',
    createdAt: '2026-12-01T10:00:00.000Z',
    flowRun: null,
    deployment: null,
    steps: [
      {
        id: `${id}-step`,
        name: 'Back up the namespace',
        position: 0,
        status: result,
        attempts: 1,
        startedAt: '2026-12-01T10:00:01.000Z',
        endedAt: '2026-12-01T10:00:05.000Z',
        errors: [],
        startedTasks: [],
        supersededBy: null,
      },
    ],
  };
}

function environmentBackup(
  status: string,
  backups: Array<ReturnType<typeof backup> | object | null>,
) {
  return {
    id: ENVIRONMENT_BACKUP_ID,
    environment: { id: ENVIRONMENT_ID, name: 'dev' },
    environmentName: 'dev',
    backupStorageLocation: 'minio',
    status,
    constituents: ['infrahub', 'semaphore'].map((name, i) => ({
      deploymentName: name,
      deployment: { id: `d${i}`, name, state: 'RUNNING' },
      driverName: name,
      driverVersion: '1.0.0',
      appVersion: i === 0 ? '1.6.0' : '2.10.0',
      backup: backups[i],
    })),
    createdBy: 'user:default/ada',
    createdAt: '2026-12-01T10:00:00.000Z',
  };
}

describe('styrminctl environment backups', () => {
  it('backs up an environment, printing the record and a row per constituent', async () => {
    const result = await runAgainstStub(
      {
        Environment: { environment },
        CreateEnvironmentBackup: {
          createEnvironmentBackup: environmentBackup('IN_PROGRESS', [
            backup('b1', null, 't1'),
            backup('b2', null, 't2'),
          ]),
        },
      },
      ['environments', 'backup', 'dev', '--ttl', '7d'],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests[1]).toEqual({
      operationName: 'CreateEnvironmentBackup',
      variables: { input: { environment: ENVIRONMENT_ID, ttl: '7d' } },
    });
    expect(result.stdout).toMatch(/^status +IN_PROGRESS$/m);
    expect(result.stdout).toMatch(/^constituents +2\/2$/m);
    expect(result.stdout).toMatch(
      /^infrahub +infrahub 1\.0\.0 +1\.6\.0 +b1 +New$/m,
    );
    expect(result.stdout).toMatch(
      /^semaphore +semaphore 1\.0\.0 +2\.10\.0 +b2 +New$/m,
    );
  });

  it('follows every constituent with --wait and fails naming the deployment whose backup failed', async () => {
    const result = await runAgainstStub(
      {
        Environment: { environment },
        CreateEnvironmentBackup: {
          createEnvironmentBackup: environmentBackup('IN_PROGRESS', [
            backup('b1', null, 't1'),
            backup('b2', null, 't2'),
          ]),
        },
        Task: [
          { task: task('t1', 'create_backup', 'SUCCEEDED') },
          { task: task('t2', 'create_backup', 'FAILED') },
        ],
        EnvironmentBackup: {
          environmentBackup: environmentBackup('FAILED', [
            backup('b1', 'Completed', 't1'),
            backup('b2', 'Failed', 't2'),
          ]),
        },
      },
      ['environments', 'backup', 'dev', '--wait'],
    );

    expect(result.exitCode).toBe(1);
    expect(
      result.requests
        .filter(r => r.operationName === 'Task')
        .map(r => r.variables.id),
    ).toEqual(['t1', 't2']);
    expect(result.stdout).toMatch(/^status +FAILED$/m);
    expect(result.stderr).toMatch(
      /Error: Environment backup \S+ is FAILED: the backup of semaphore \(task t2\) FAILED\n$/,
    );
  });

  it('lists an environment’s environment backups and shows a gone constituent', async () => {
    const partial = environmentBackup('PARTIAL', [
      backup('b1', 'Completed', 't1'),
      null,
    ]);
    const result = await runAgainstStub(
      {
        Environment: { environment },
        EnvironmentBackups: {
          environment: {
            environmentBackups: {
              nodes: [partial],
              pageInfo: { endCursor: null, hasNextPage: false },
            },
          },
        },
        EnvironmentBackup: { environmentBackup: partial },
      },
      ['environment-backups', 'list', 'dev', '--first', '5'],
    );
    const shown = await runAgainstStub(
      { EnvironmentBackup: { environmentBackup: partial } },
      ['environment-backups', 'show', ENVIRONMENT_BACKUP_ID],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests[1]).toEqual({
      operationName: 'EnvironmentBackups',
      variables: { id: ENVIRONMENT_ID, first: 5 },
    });
    expect(result.stdout).toMatch(
      new RegExp(
        `^${ENVIRONMENT_BACKUP_ID} +PARTIAL +1/2 +user:default/ada`,
        'm',
      ),
    );
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toMatch(
      /^semaphore +semaphore 1\.0\.0 +2\.10\.0 +gone/m,
    );
  });

  it('deletes an environment backup with --yes, and answers NOT_FOUND for an unknown one', async () => {
    const found = environmentBackup('COMPLETED', [
      backup('b1', 'Completed', 't1'),
      backup('b2', 'Completed', 't2'),
    ]);
    const deleting = environmentBackup(
      'GONE',
      found.constituents.map(c => ({
        ...(c.backup as ReturnType<typeof backup>),
        deletion: {
          id: `del-${(c.backup as ReturnType<typeof backup>).id}`,
          type: 'delete_backup',
          status: 'SCHEDULED',
          result: 'RUNNING',
        },
      })),
    );
    const result = await runAgainstStub(
      {
        EnvironmentBackup: { environmentBackup: found },
        DeleteEnvironmentBackup: { deleteEnvironmentBackup: deleting },
      },
      ['environment-backups', 'delete', ENVIRONMENT_BACKUP_ID, '--yes'],
    );
    const unknown = await runAgainstStub(
      { EnvironmentBackup: { environmentBackup: null } },
      ['environment-backups', 'delete', ENVIRONMENT_BACKUP_ID, '--yes'],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests[1]).toEqual({
      operationName: 'DeleteEnvironmentBackup',
      variables: { input: { id: ENVIRONMENT_BACKUP_ID } },
    });
    expect(result.stdout).toMatch(/^status +GONE$/m);
    expect(result.stdout).toMatch(
      /^infrahub +infrahub 1\.0\.0 +1\.6\.0 +b1 +Deleting$/m,
    );
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain(
      `No environment backup ${ENVIRONMENT_BACKUP_ID}`,
    );
    expect(unknown.requests.map(r => r.operationName)).toEqual([
      'EnvironmentBackup',
    ]);
  });
});
