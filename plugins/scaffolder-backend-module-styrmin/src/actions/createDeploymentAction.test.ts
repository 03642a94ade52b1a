import { NotAllowedError } from '@backstage/errors';
import { StyrminClient } from '@styrmin/sdk';
import { actionContext } from '../__testUtils__/actionContext';
import { TestAgent } from '../__testUtils__/TestAgent';
import {
  APP_BASE_URL,
  CheckpointStore,
  infrahubInput,
  setUpStyrmin,
  startStyrminBackend,
  USERS,
} from '../__testUtils__/testBackend';
import { createStyrminDeploymentCreateAction } from './createDeploymentAction';

jest.setTimeout(60_000);

/** Polls until `check` passes, at most 10 seconds. */
async function eventually(check: () => void): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw error;
      }
      await new Promise(resolve => setTimeout(resolve, 10));
    }
  }
}

describe('styrmin:deployment:create', () => {
  let backend: Awaited<ReturnType<typeof startStyrminBackend>>;
  let admin: StyrminClient;
  let action: ReturnType<typeof createStyrminDeploymentCreateAction>;
  let agent: TestAgent;

  beforeAll(async () => {
    backend = await startStyrminBackend();
    admin = backend.clientAs(USERS.admin);
    const { agentToken } = await setUpStyrmin(admin);
    agent = new TestAgent({ serverUrl: backend.serverUrl, token: agentToken });
    action = createStyrminDeploymentCreateAction(backend.actionOptions);
  });

  /** The deployments of the environment named `name`, tombstones included. */
  async function deploymentsNamed(name: string) {
    const page = await admin.deployments({
      first: 100,
      filter: { includeDeleted: true },
    });
    return page.nodes.filter(deployment => deployment.name === name);
  }

  it('creates the deployment as the user, logs each step, and outputs its links', async () => {
    const { ctx, outputs, lines } = actionContext({
      input: infrahubInput('infrahub'),
      user: USERS.operator,
    });
    const run = action.handler(ctx);
    await agent.workUntil(run);
    await run;

    const deployment = await admin.deployment({
      environment: 'dev',
      name: 'infrahub',
    });
    expect(deployment).toMatchObject({
      createdBy: USERS.operator,
      state: 'RUNNING',
      appVersion: '1.5.2',
      driverVersion: { name: 'infrahub', version: '1.1.0' },
      configuration: {
        parameters: { admin_password: '<secret>', log_level: 'DEBUG' },
      },
    });
    const task = deployment!.activeInstance!.task!;
    expect(outputs).toEqual({
      deploymentId: deployment!.id,
      deploymentUrl: `${APP_BASE_URL}/styrmin/deployments/${deployment!.id}`,
      entityRef: 'resource:default/dev.infrahub',
      taskId: task.id,
      taskResult: 'SUCCEEDED',
      state: 'RUNNING',
    });
    const steps = task.steps.map(step => step.name);
    expect(lines()).toEqual(
      expect.arrayContaining([
        `Created the deployment dev/infrahub (${
          deployment!.id
        }) of infrahub 1.1.0, application version 1.5.2`,
        `Following the create_instance task ${task.id} (${steps.length} steps)`,
        ...steps.map(
          (name, index) => `[${index + 1}/${steps.length}] ${name}: SUCCEEDED`,
        ),
        expect.stringMatching(
          /^The create_instance task ended SUCCEEDED; the deployment is RUNNING: http:/,
        ),
      ]),
    );
    // Steps appear in the order they ran (RUNNING before SUCCEEDED when a poll saw it
    // run), and no secret reaches the log.
    const positions = lines().flatMap(line => {
      const match = /^\[(\d+)\/\d+\] .*: (\w+)$/.exec(line);
      return match ? [`${match[1]}:${match[2]}`] : [];
    });
    expect(positions).toEqual(
      [...positions].sort(
        (a, b) =>
          Number(a.split(':')[0]) - Number(b.split(':')[0]) ||
          (a.endsWith('RUNNING') ? -1 : 1),
      ),
    );
    expect(lines().join('\n')).not.toContain('correct horse battery');
  });

  it('fails the template run when the task result is FAILED', async () => {
    const { ctx, outputs, lines } = actionContext({
      input: infrahubInput('failing'),
      user: USERS.operator,
    });
    const run = action.handler(ctx);
    await agent.workUntil(run, flowRun =>
      flowRun.deployment.name === 'failing'
        ? { failAt: 'Install or upgrade the HelmRelease' }
        : {},
    );
    await expect(run).rejects.toThrow(
      /^The create_instance task \S+ ended FAILED at "Install or upgrade the HelmRelease" \(flow run FAILED\): Install or upgrade the HelmRelease failed in the test; the deployment dev\/failing is FAILED: http:\/\/portal\.example\.com\/styrmin\/deployments\//,
    );
    expect(lines()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\[\d+\/\d+\] Install or upgrade the HelmRelease: FAILED: Install or upgrade the HelmRelease failed in the test$/,
        ),
        'Output of the failed attempt:\nError: the chart did not install\n',
      ]),
    );
    // The links are out before the failure, so the user can look at what failed.
    expect(outputs).toMatchObject({
      deploymentUrl: expect.stringContaining('/styrmin/deployments/'),
      entityRef: 'resource:default/dev.failing',
    });
  });

  it('follows the newer task that superseded its own to the end', async () => {
    const operator = backend.clientAs(USERS.operator);
    const { ctx, outputs, lines } = actionContext({
      input: infrahubInput('edited'),
      user: USERS.operator,
    });
    const run = action.handler(ctx);
    await agent.workUntil(run, flowRun =>
      flowRun.deployment.name === 'edited' && flowRun.flow === 'CREATE_INSTANCE'
        ? {
            after: {
              step: 'Apply the StyrminDeployment resource',
              run: async () => {
                // Someone changes the deployment while it is being created.
                await operator.editDeployment({
                  id: flowRun.deployment.id,
                  configuration: { parameters: { log_level: 'ERROR' } },
                });
              },
            },
          }
        : {},
    );
    await run;
    const deployment = await admin.deployment({
      environment: 'dev',
      name: 'edited',
    });
    const update = deployment!.activeInstance!.task!;
    expect(update.type).toBe('update_instance');
    expect(outputs).toMatchObject({
      taskId: update.id,
      taskResult: 'SUCCEEDED',
      state: 'RUNNING',
    });
    expect(lines()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^The task \\S+ was superseded by the task ${update.id}; following it$`,
          ),
        ),
        `Following the update_instance task ${update.id} (${update.steps.length} steps)`,
      ]),
    );
  });

  it('after a restart, follows the deployment it created instead of creating it again', async () => {
    const checkpoints = new CheckpointStore();
    // The first run dies while it follows the task (the worker stopped).
    const abort = new AbortController();
    const first = actionContext({
      input: infrahubInput('recovered'),
      user: USERS.operator,
      checkpoints,
      signal: abort.signal,
    });
    const firstRun = action.handler(first.ctx);
    await eventually(() =>
      expect(first.lines().some(line => line.startsWith('Following'))).toBe(
        true,
      ),
    );
    abort.abort(new Error('The scaffolder stopped'));
    await expect(firstRun).rejects.toThrow('The scaffolder stopped');

    // Task recovery runs the step again with the task's checkpoints.
    const second = actionContext({
      input: infrahubInput('recovered'),
      user: USERS.operator,
      checkpoints,
    });
    const secondRun = action.handler(second.ctx);
    await agent.workUntil(secondRun);
    await secondRun;

    const [deployment, ...others] = await deploymentsNamed('recovered');
    expect(others).toEqual([]);
    expect(second.outputs).toMatchObject({
      deploymentId: deployment.id,
      taskResult: 'SUCCEEDED',
      state: 'RUNNING',
    });
    const timeline = await admin.deploymentTimeline({ id: deployment.id });
    expect(timeline!.nodes.map(instance => instance.number)).toEqual([1]);
  });

  it('recognises its own deployment when a restart lost the checkpoint of its creation', async () => {
    const checkpoints = new CheckpointStore();
    // The creation happens, but the scaffolder dies before it stores the checkpoint.
    checkpoints.forget = /\.lost$/;
    const abort = new AbortController();
    const first = actionContext({
      input: infrahubInput('lost'),
      user: USERS.operator,
      checkpoints,
      signal: abort.signal,
    });
    const firstRun = action.handler(first.ctx);
    await eventually(() =>
      expect(first.lines().some(line => line.startsWith('Following'))).toBe(
        true,
      ),
    );
    abort.abort(new Error('The scaffolder stopped'));
    await expect(firstRun).rejects.toThrow('The scaffolder stopped');

    const second = actionContext({
      input: infrahubInput('lost'),
      user: USERS.operator,
      checkpoints,
    });
    const secondRun = action.handler(second.ctx);
    await agent.workUntil(secondRun);
    await secondRun;

    expect(await deploymentsNamed('lost')).toHaveLength(1);
    expect(second.lines()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^The deployment dev\/lost \(\S+\) was created by this run before it restarted/,
        ),
      ]),
    );
  });

  it("does not take over another user's deployment of the same name", async () => {
    const { ctx } = actionContext({
      input: infrahubInput('infrahub'),
      user: USERS.admin,
    });
    const refusal = action.handler(ctx).catch(error => error);
    const error = await refusal;
    // The scaffolder's task log shows a failed step's stack: the coded refusal, no trace.
    expect(error.message).toMatch(
      /^Styrmin refused to create the deployment infrahub: CONFLICT: .*infrahub/,
    );
    expect(error.stack).toBe(error.message);
    expect(await deploymentsNamed('infrahub')).toHaveLength(1);
  });

  it('refuses a read-only user with FORBIDDEN and creates nothing', async () => {
    const { ctx } = actionContext({
      input: infrahubInput('readers-infrahub'),
      user: USERS.reader,
    });
    const run = action.handler(ctx);
    await expect(run).rejects.toThrow(NotAllowedError);
    await expect(run).rejects.toThrow(
      /Styrmin refused to create the deployment readers-infrahub: .*styrmin\.deployment\.create.*\(FORBIDDEN\)/,
    );
    expect(
      await admin.deployment({ environment: 'dev', name: 'readers-infrahub' }),
    ).toBeUndefined();
  });

  it('refuses an unknown environment before it creates anything', async () => {
    const { ctx } = actionContext({
      input: infrahubInput('x', 'resource:default/nowhere'),
      user: USERS.operator,
    });
    const error = await action.handler(ctx).catch(e => e);
    expect(error.message).toMatch(/no Styrmin environment "nowhere"/);
    expect(error.stack).toBe(error.message);
  });

  it("fails with the server's code when the configuration is invalid", async () => {
    const { ctx } = actionContext({
      input: { ...infrahubInput('old-infrahub'), appVersion: '1.0.0' },
      user: USERS.operator,
    });
    await expect(action.handler(ctx)).rejects.toThrow(/VALIDATION_FAILED/);
  });
});
