import { runAgainstStub } from '../../__testUtils__/runAgainstStub';

/*
 * The parsing and the output of `environments upgrade` against a stub of the GraphQL
 * endpoint: the requests it sends and what it prints of the answers.
 */

const ENVIRONMENT_ID = '1e2d3c4b-5a69-4788-97a6-b5c4d3e2f100';
const INFRAHUB_ID = '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d';

const environment = {
  id: ENVIRONMENT_ID,
  name: 'dev',
  cluster: { id: 'c1', name: 'local' },
  overrides: {},
  backupStorageLocation: 'minio',
  version: 2,
};

const plan = (problems: string[] = []) => ({
  environmentUpgradePlan: {
    environment: { id: ENVIRONMENT_ID, name: 'dev' },
    upgrades: [
      {
        position: 1,
        deployment: { id: INFRAHUB_ID, name: 'infrahub' },
        fromVersion: '1.0.0',
        toVersion: '1.1.0',
        after: [],
      },
      {
        position: 2,
        deployment: { id: 'd2', name: 'semaphore' },
        fromVersion: '1.0.0',
        toVersion: '1.2.0',
        after: ['infrahub'],
      },
    ],
    skipped: [
      {
        deploymentName: 'gateway',
        deployment: { id: 'd3', name: 'gateway' },
        reason: 'no version of gateway newer than 2.0.0',
      },
    ],
    backupFirst: false,
    problems,
  },
});

/** A task as `task(id)` answers it, its steps each with the tasks they started. */
function task(
  id: string,
  type: string,
  result: string,
  steps: Array<{ name: string; status: string; startedTasks?: string[] }>,
) {
  return {
    id,
    type,
    status: result,
    result,
    createdBy: 'user:default/ada',
    createdAt: '2026-12-01T10:00:00.000Z',
    flowRun: {
      id: `run-${id}`,
      pool: 'server',
      flowName: 'UPGRADE_ENVIRONMENT',
      state: result,
      attempts: 1,
      maxAttempts: 3,
      createdAt: '2026-12-01T10:00:00.000Z',
    },
    cause: null,
    job: null,
    deployment: null,
    environment: { id: ENVIRONMENT_ID, name: 'dev' },
    steps: steps.map((step, position) => ({
      id: `${id}-step-${position}`,
      name: step.name,
      position,
      status: step.status,
      attempts: 1,
      startedAt: null,
      endedAt: null,
      outputTail: null,
      lines: [],
      errors:
        step.status === 'FAILED'
          ? [
              {
                attempt: 1,
                message: 'The upgrade of infrahub ended FAILED',
                outputTail: null,
                occurredAt: '2026-12-01T10:00:05.000Z',
              },
            ]
          : [],
      startedTasks: (step.startedTasks ?? []).map(started => ({
        id: started,
        type: 'upgrade_instance',
      })),
      supersededBy: null,
    })),
  };
}

describe('styrminctl environments upgrade', () => {
  it('prints the plan in order with --preview, the named version by the deployment’s id, and changes nothing', async () => {
    const result = await runAgainstStub(
      {
        Environment: { environment },
        Deployment: { deployment: { id: INFRAHUB_ID, name: 'infrahub' } },
        EnvironmentUpgradePlan: plan(),
      },
      [
        'environments',
        'upgrade',
        'dev',
        '--driver-version',
        'infrahub=1.1.0',
        '--preview',
      ],
    );

    expect(result.exitCode).toBe(0);
    expect(result.requests.map(r => r.operationName)).toEqual([
      'Environment',
      'Deployment',
      'EnvironmentUpgradePlan',
    ]);
    expect(result.requests[1].variables).toEqual({
      environment: 'dev',
      name: 'infrahub',
    });
    expect(result.requests[2].variables).toEqual({
      input: {
        environment: ENVIRONMENT_ID,
        versions: [{ deployment: INFRAHUB_ID, driverVersion: '1.1.0' }],
        backupFirst: false,
        allowDowngrade: false,
      },
    });
    const lines = result.stdout.split('\n');
    const first = lines.findIndex(line =>
      /^1 +infrahub +1\.0\.0 +1\.1\.0/.test(line),
    );
    const second = lines.findIndex(line =>
      /^2 +semaphore +1\.0\.0 +1\.2\.0 +infrahub$/.test(line),
    );
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(result.stdout).toMatch(
      /^gateway +no version of gateway newer than 2\.0\.0$/m,
    );
  });

  it('exits as for VALIDATION_FAILED when the preview has problems, after printing them', async () => {
    const result = await runAgainstStub(
      {
        Environment: { environment },
        EnvironmentUpgradePlan: plan([
          'Environment dev has no deployment to upgrade',
        ]),
      },
      ['environments', 'upgrade', 'dev', '--preview'],
    );

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      'Problem: Environment dev has no deployment to upgrade',
    );
    expect(result.stderr).toMatch(/^Error \[VALIDATION_FAILED\]: /);
    expect(result.requests.map(r => r.operationName)).not.toContain(
      'UpgradeEnvironment',
    );
  });

  it('waits for the parent task with --wait and prints its linked tasks under their steps, failing when it FAILED', async () => {
    const parent = task('t-env', 'upgrade_environment', 'FAILED', [
      {
        name: 'Upgrade infrahub to 1.1.0',
        status: 'FAILED',
        startedTasks: ['t-infrahub'],
      },
      { name: 'Upgrade semaphore to 1.2.0', status: 'PENDING' },
    ]);
    const infrahub = {
      ...task('t-infrahub', 'upgrade_instance', 'FAILED', [
        { name: 'Run the upgrade core-hook', status: 'FAILED' },
      ]),
      deployment: {
        id: INFRAHUB_ID,
        name: 'infrahub',
        state: 'FAILED',
        environment: { id: ENVIRONMENT_ID, name: 'dev' },
      },
    };
    const result = await runAgainstStub(
      {
        Environment: { environment },
        UpgradeEnvironment: {
          upgradeEnvironment: {
            environment: { id: ENVIRONMENT_ID, name: 'dev' },
            task: { ...parent, status: 'SCHEDULED', result: 'RUNNING' },
          },
        },
        Task: [{ task: parent }, { task: infrahub }],
      },
      ['environments', 'upgrade', 'dev', '--backup-first', '--wait'],
    );

    expect(result.requests[1]).toEqual({
      operationName: 'UpgradeEnvironment',
      variables: {
        input: {
          environment: ENVIRONMENT_ID,
          backupFirst: true,
          allowDowngrade: false,
        },
      },
    });
    expect(result.stdout).toMatch(
      /^Task t-env upgrade_environment of environment dev: FAILED/m,
    );
    expect(result.stdout).toMatch(/^✗ Upgrade infrahub to 1\.1\.0 +FAILED/m);
    expect(result.stdout).toMatch(
      /^ +→ Task t-infrahub upgrade_instance: FAILED/m,
    );
    expect(result.stdout).toMatch(/^· Upgrade semaphore to 1\.2\.0 +PENDING/m);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toContain(
      'Task t-env (upgrade_environment) FAILED: the upgrades after the failed one did not run',
    );
  });
});
