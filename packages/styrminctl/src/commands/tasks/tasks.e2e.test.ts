import { mockCredentials } from '@backstage/backend-test-utils';
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
const PASSWORD = 'correct horse battery staple';

const databases = testDatabases();

describe.each(databases.eachSupportedId())(
  'styrminctl tasks and --wait against a backend on %s',
  databaseId => {
    const token = mockCredentials.user.token();
    let url: string;
    let agent: AgentProtocolClient;

    /** styrminctl against the test backend; with `answers`, as if on a terminal. */
    async function styrminctl(
      argv: string[],
      stdin?: string,
      answers?: string[],
    ) {
      const { io, stdout, stderr, questions } = createTestIo({
        stdin,
        answers,
        env: { HOME: '/nonexistent', STYRMIN_WAIT_INTERVAL_MS: '20' },
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

    beforeAll(async () => {
      ({ url } = await startStyrminBackend({ databases, databaseId }));
      const registered = await styrminctl([
        'clusters',
        'create',
        'local',
        '--set',
        'storage_class=standard',
        '-o',
        'json',
      ]);
      agent = AgentProtocolClient.create({
        serverUrl: url,
        token: JSON.parse(registered.stdout).agentToken,
      });
      await styrminctl(['environments', 'create', 'dev', '--cluster', 'local']);
      await styrminctl(['drivers', 'load', join(DRIVERS, 'infrahub', '1.0.0')]);
    });

    it('creates with --wait: follows the task to SUCCEEDED and prints its step tree', async () => {
      const [created, run] = await Promise.all([
        styrminctl(
          [
            'deployments',
            'create',
            'dev/infrahub',
            '--driver',
            'infrahub',
            '--app-version',
            '1.5.2',
            '--set-secret',
            'admin_password',
            '--wait',
          ],
          `${PASSWORD}\n`,
        ),
        runNext(agent),
      ]);

      expect(created.stderr).toContain(
        `Waiting for task ${run.task.id} (create_instance)`,
      );
      expect(created.stderr).toContain(
        'create_instance: Apply the StyrminDeployment resource: SUCCEEDED',
      );
      expect(created.exitCode).toBe(0);
      expect(created.stdout).toMatch(/^state +RUNNING$/m);
      expect(created.stdout).toContain(
        `Task ${run.task.id} create_instance of dev/infrahub: SUCCEEDED (flow run SUCCEEDED, attempt 1 of 3)`,
      );
      expect(created.stdout).toContain(
        '✓ Install or upgrade the HelmRelease  SUCCEEDED  1 attempt',
      );
      expect(created.stdout + created.stderr).not.toContain(PASSWORD);
    });

    it('edits with --wait: exits non-zero when the task FAILED, and tasks show prints the error and the output tail', async () => {
      const [edited, run] = await Promise.all([
        styrminctl([
          'deployments',
          'edit',
          'dev/infrahub',
          '--set',
          'task_worker_replicas=3',
          '--wait',
        ]),
        runNext(agent, {
          fail: {
            step: 'Install or upgrade the HelmRelease',
            error: `Helm upgrade failed: password=${PASSWORD}`,
            outputTail: 'rendering templates\nError: chart values invalid\n',
          },
        }),
      ]);

      expect(edited.exitCode).toBe(1);
      expect(edited.stderr).toContain(
        'update_instance: Install or upgrade the HelmRelease: FAILED: Helm upgrade failed: password=<redacted>',
      );
      expect(edited.stderr).toMatch(
        /Error: Task \S+ \(update_instance\) FAILED; the deployment is FAILED: update_instance failed: Helm upgrade failed/,
      );
      expect(edited.stdout).toContain(
        '✗ Install or upgrade the HelmRelease  FAILED  1 attempt',
      );

      const shown = await styrminctl(['tasks', 'show', run.task.id]);
      expect(shown.exitCode).toBe(0);
      expect(shown.stdout).toContain(
        `Task ${run.task.id} update_instance of dev/infrahub: FAILED (flow run FAILED, attempt 1 of 3)`,
      );
      expect(shown.stdout).toContain(
        '    attempt 1: Helm upgrade failed: password=<redacted>',
      );
      expect(shown.stdout).toContain('      | Error: chart values invalid');
      expect(shown.stdout).toContain(
        '· Apply the Services  PENDING  0 attempts',
      );
      expect(shown.stdout).not.toContain(PASSWORD);

      // The start of its id is enough when no other task's id starts so.
      const byPrefix = await styrminctl([
        'tasks',
        'show',
        run.task.id.slice(0, 13),
      ]);
      expect(byPrefix.stdout).toBe(shown.stdout);

      const listed = await styrminctl([
        'tasks',
        'list',
        '--deployment',
        'dev/infrahub',
      ]);
      expect(listed.stdout).toMatch(
        new RegExp(
          `^${run.task.id} +update_instance +infrahub +FAILED +FAILED`,
          'm',
        ),
      );
      const json = await styrminctl([
        'tasks',
        'list',
        '--environment',
        'dev',
        '-o',
        'json',
      ]);
      expect(
        JSON.parse(json.stdout).map((task: { type: string }) => task.type),
      ).toEqual(['update_instance', 'create_instance']);
    });

    it('retries the failed edit with --wait, by a prefix of its id, and refuses it a second time', async () => {
      const [failedTask] = JSON.parse(
        (
          await styrminctl([
            'tasks',
            'list',
            '--deployment',
            'dev/infrahub',
            '-o',
            'json',
          ])
        ).stdout,
      );
      expect(failedTask).toMatchObject({
        type: 'update_instance',
        result: 'FAILED',
      });

      const [retried, run] = await Promise.all([
        styrminctl(['tasks', 'retry', failedTask.id.slice(0, 13), '--wait']),
        runNext(agent),
      ]);
      expect(retried.stderr).toContain(
        `Waiting for task ${run.task.id} (update_instance)`,
      );
      expect(retried.exitCode).toBe(0);
      expect(retried.stdout).toMatch(/^state +RUNNING$/m);
      expect(retried.stdout).toContain(
        `Task ${run.task.id} update_instance of dev/infrahub: SUCCEEDED`,
      );
      // The same instance as the edit's, applied again: the second.
      expect(run.instance?.number).toBe(2);

      const again = await styrminctl(['tasks', 'retry', failedTask.id]);
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toContain(
        `Error [CONFLICT]: The deployment moved on since task ${failedTask.id} (update_instance) failed: task ${run.task.id} (update_instance) is newer`,
      );
    });

    it('refuses tasks show of an unknown task and tasks list without a scope', async () => {
      const unknown = await styrminctl([
        'tasks',
        'show',
        '00000000-0000-4000-8000-000000000000',
      ]);
      expect(unknown).toMatchObject({ exitCode: 1 });
      expect(unknown.stderr).toContain('Error [NOT_FOUND]');
      const prefix = await styrminctl(['tasks', 'show', '038c3098-1']);
      expect(prefix).toMatchObject({
        exitCode: 1,
        stderr: "Error [NOT_FOUND]: No task's id starts with 038c3098-1\n",
      });
      const notAnId = await styrminctl(['tasks', 'show', 'infrahub']);
      expect(notAnId.exitCode).toBe(1);
      expect(notAnId.stderr).toContain(
        'Error [VALIDATION_FAILED]: No task id starts with "infrahub"',
      );
      const unscoped = await styrminctl(['tasks', 'list']);
      expect(unscoped.exitCode).toBe(2);
    });

    it('shows what the agent observed, stops and starts only what needs it, and asks before deleting on a terminal', async () => {
      const { id } = JSON.parse(
        (
          await styrminctl([
            'deployments',
            'show',
            'dev/infrahub',
            '-o',
            'json',
          ])
        ).stdout,
      );
      await agent.reportDeploymentStatus({
        deploymentId: id,
        observedAt: new Date().toISOString(),
        status: {
          stoppedComponents: ['task-worker'],
          conditions: [
            {
              type: 'Ready',
              status: 'True',
              reason: 'Reconciled',
              message: 'HelmRelease is ready',
            },
          ],
        },
        pods: [
          {
            name: 'infrahub-server-0',
            phase: 'Running',
            ready: true,
            restarts: 2,
            component: 'server',
          },
        ],
      });

      const table = await styrminctl(['deployments', 'show', 'dev/infrahub']);
      expect(table.exitCode).toBe(0);
      expect(table.stdout).toMatch(/^observed +Ready/m);
      expect(table.stdout).toMatch(/^server +chart +1 +1 +false$/m);
      expect(table.stdout).toMatch(/^task-worker +\S+ +0 +0 +true$/m);
      expect(table.stdout).toMatch(
        /^infrahub-server-0 +server +Running +true +2$/m,
      );
      const shown = JSON.parse(
        (
          await styrminctl([
            'deployments',
            'show',
            'dev/infrahub',
            '-o',
            'json',
          ])
        ).stdout,
      );
      expect(shown.observed).toMatchObject({
        deploymentStatus: { ready: true },
        components: expect.arrayContaining([
          expect.objectContaining({ name: 'task-worker', stopped: true }),
        ]),
        pods: [expect.objectContaining({ name: 'infrahub-server-0' })],
        services: expect.any(Array),
      });

      const deploymentTasks = async () =>
        JSON.parse(
          (
            await styrminctl([
              'tasks',
              'list',
              '--deployment',
              'dev/infrahub',
              '-o',
              'json',
            ])
          ).stdout,
        );
      const tasksBefore = await deploymentTasks();
      const stopped = await styrminctl([
        'deployments',
        'stop',
        'dev/infrahub',
        '--component',
        'task-worker',
      ]);
      expect(stopped).toMatchObject({
        exitCode: 0,
        stderr: 'Already stopped: task-worker; no task started\n',
      });
      const started = await styrminctl([
        'deployments',
        'start',
        'dev/infrahub',
        '--component',
        'server',
      ]);
      expect(started).toMatchObject({
        exitCode: 0,
        stderr: 'Already started: server; no task started\n',
      });
      const tasksAfter = await deploymentTasks();
      expect(tasksAfter).toEqual(tasksBefore);
      // Of two, the one that runs is stopped; the stopped one is said so.
      const mixed = await styrminctl([
        'deployments',
        'stop',
        'dev/infrahub',
        '--component',
        'task-worker',
        '--component',
        'server',
        '-o',
        'json',
      ]);
      expect(mixed.stderr).toBe('Already stopped: task-worker\n');
      expect(mixed.exitCode).toBe(0);
      expect(JSON.parse(mixed.stdout).task).toMatchObject({
        type: 'stop_components',
      });

      const declined = await styrminctl(
        ['deployments', 'delete', 'dev/infrahub'],
        undefined,
        ['n'],
      );
      expect(declined).toMatchObject({
        exitCode: 2,
        stdout: '',
        stderr: 'Error: Not confirmed: nothing was deleted\n',
        questions: ['Delete deployment dev/infrahub and its workload? [y/N] '],
      });
      await expect(
        styrminctl(['deployments', 'show', 'dev/infrahub']),
      ).resolves.toMatchObject({
        stdout: expect.stringMatching(/^state +(?!DELETING)/m),
      });
      const confirmed = await styrminctl(
        ['deployments', 'delete', 'dev/infrahub', '-o', 'json'],
        undefined,
        ['yes'],
      );
      expect(confirmed.exitCode).toBe(0);
      expect(JSON.parse(confirmed.stdout).deployment.state).toBe('DELETING');
      // --yes asks nothing, even on a terminal.
      const environment = await styrminctl(
        ['environments', 'delete', 'dev', '--yes'],
        undefined,
        [],
      );
      expect(environment.questions).toEqual([]);
    });
  },
);
