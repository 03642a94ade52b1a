import { createTestIo } from '../../__testUtils__/createTestIo';
import { startGraphQLStub } from '../../__testUtils__/startGraphQLStub';
import { main } from '../../main';

/*
 * What `tasks show` and `tasks list` print of a task's cause, against a stub of the
 * GraphQL endpoint.
 */

const TASK_ID = '3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const DEPLOYMENT_ID = '4a3b2c1d-5e6f-4a70-8b9c-0d1e2f3a4b5c';

const cause = {
  kind: 'CLUSTER_SETTINGS',
  message: 'redeployed because cluster sandbox changed ingress_class',
  causedBy: 'user:default/grace',
  record: { type: 'cluster', id: 'c1', name: 'sandbox' },
};

/** An update_instance task of one step that a cluster settings change started. */
const task = {
  id: TASK_ID,
  type: 'update_instance',
  status: 'SUCCEEDED',
  result: 'SUCCEEDED',
  createdBy: 'user:default/grace',
  createdAt: '2026-12-01T10:00:00.000Z',
  cause,
  flowRun: {
    id: 'run-1',
    pool: 'cluster:c1',
    flowName: 'UPDATE_INSTANCE',
    state: 'SUCCEEDED',
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
      id: 'step-1',
      name: 'Apply the StyrminDeployment resource',
      position: 0,
      status: 'SUCCEEDED',
      attempts: 1,
      startedAt: '2026-12-01T10:00:01.000Z',
      endedAt: '2026-12-01T10:00:05.000Z',
      lines: [],
      errors: [],
      startedTasks: [],
      supersededBy: null,
    },
  ],
};

describe('styrminctl tasks: the cause of a task', () => {
  async function run(answers: Record<string, unknown>, argv: string[]) {
    const stub = await startGraphQLStub(answers);
    try {
      const test = createTestIo({ env: { HOME: '/nonexistent' } });
      const exitCode = await main([...argv, '--url', stub.url], test.io);
      return { exitCode, stdout: test.stdout(), stderr: test.stderr() };
    } finally {
      await stub.close();
    }
  }

  it('tasks show prints the cause under the task, and nothing for a task its author started', async () => {
    const caused = await run({ Task: { task } }, ['tasks', 'show', TASK_ID]);
    expect(caused.stderr).toBe('');
    expect(caused.exitCode).toBe(0);
    expect(caused.stdout.split('\n').slice(0, 3)).toEqual([
      `Task ${TASK_ID} update_instance of dev/infrahub: SUCCEEDED (flow run SUCCEEDED, attempt 1 of 3)`,
      'Cause: redeployed because cluster sandbox changed ingress_class, by user:default/grace',
      expect.stringMatching(/^✓ Apply the StyrminDeployment resource/),
    ]);

    const own = await run({ Task: { task: { ...task, cause: null } } }, [
      'tasks',
      'show',
      TASK_ID,
    ]);
    expect(own.exitCode).toBe(0);
    expect(own.stdout).not.toContain('Cause');
  });

  it('tasks show prints what a job ran and the end of the output of its succeeded step', async () => {
    const job = {
      ...task,
      type: 'run_job',
      cause: null,
      job: {
        component: 'server',
        command: ['sh', '-c', 'infrahub db check'],
        timeoutSeconds: 600,
      },
      steps: [
        {
          ...task.steps[0],
          name: 'Run the job',
          outputTail: 'checked 12 tables\nall good\n',
        },
      ],
    };
    const result = await run({ Task: { task: job } }, [
      'tasks',
      'show',
      TASK_ID,
    ]);
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split('\n').slice(1)).toEqual([
      "Job: sh -c 'infrahub db check' (in component server, timeout 600 s)",
      expect.stringMatching(/^✓ Run the job {2}SUCCEEDED {2}1 attempt/),
      '    output:',
      '      | checked 12 tables',
      '      | all good',
      '',
    ]);
  });

  it('tasks show takes a unique prefix of an id, and lists the tasks that an ambiguous one starts', async () => {
    const match = (id: string, type: string) => ({
      ...task,
      id,
      type,
      result: 'FAILED',
      deployment: {
        id: DEPLOYMENT_ID,
        name: 'infrahub',
        environment: { id: 'e1', name: 'dev' },
      },
    });
    const unique = await run(
      {
        TasksByIdPrefix: {
          tasksByIdPrefix: [match(TASK_ID, 'update_instance')],
        },
        Task: { task: { ...task, cause: null } },
      },
      ['tasks', 'show', TASK_ID.slice(0, 6)],
    );
    expect(unique.stderr).toBe('');
    expect(unique.stdout).toMatch(
      new RegExp(`^Task ${TASK_ID} update_instance`),
    );

    const ambiguous = await run(
      {
        TasksByIdPrefix: {
          tasksByIdPrefix: [
            match(TASK_ID, 'update_instance'),
            match('3f2a9999-0000-4000-8000-000000000000', 'run_job'),
          ],
        },
      },
      ['tasks', 'show', '3f2a'],
    );
    expect(ambiguous.exitCode).toBe(1);
    expect(ambiguous.stderr).toBe(
      [
        'Error [VALIDATION_FAILED]: 3f2a starts the ids of several tasks; give more of the id:',
        `  ${TASK_ID}  update_instance of dev/infrahub  FAILED  2026-12-01T10:00:00.000Z`,
        '  3f2a9999-0000-4000-8000-000000000000  run_job of dev/infrahub  FAILED  2026-12-01T10:00:00.000Z',
        '',
      ].join('\n'),
    );
  });

  it('tasks list has a cause column', async () => {
    const result = await run(
      {
        Deployment: { deployment: { id: DEPLOYMENT_ID, name: 'infrahub' } },
        DeploymentTasks: {
          deployment: {
            tasks: {
              nodes: [task],
              pageInfo: { endCursor: null, hasNextPage: false },
            },
          },
        },
      },
      ['tasks', 'list', '--deployment', DEPLOYMENT_ID, '--output', 'table'],
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/CAUSE/i);
    expect(result.stdout).toContain(
      'redeployed because cluster sandbox changed ingress_class, by user:default/grace',
    );
  });
});
