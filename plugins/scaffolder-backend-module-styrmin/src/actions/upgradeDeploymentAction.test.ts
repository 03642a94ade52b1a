import { NotAllowedError } from '@backstage/errors';
import { StyrminClient } from '@styrmin/sdk';
import { resolve as resolvePath } from 'node:path';
import { actionContext } from '../__testUtils__/actionContext';
import { TestAgent } from '../__testUtils__/TestAgent';
import {
  CheckpointStore,
  DRIVERS,
  setUpStyrmin,
  startStyrminBackend,
  USERS,
} from '../__testUtils__/testBackend';
import { createStyrminDeploymentUpgradeAction as upgradeDeploymentAction } from './upgradeDeploymentAction';

jest.setTimeout(60_000);

describe('styrmin:deployment:upgrade', () => {
  let backend: Awaited<ReturnType<typeof startStyrminBackend>>;
  let admin: StyrminClient;
  let agent: TestAgent;
  let action: ReturnType<typeof upgradeDeploymentAction>;

  /** A deployment of infrahub 1.0.0 that the agent has applied. */
  async function deployOld(name: string) {
    const environment = await admin.environment({ name: 'dev' });
    const { deployment } = await backend
      .clientAs(USERS.operator)
      .createDeployment({
        environment: environment!.id,
        name,
        driver: 'infrahub',
        driverVersion: '1.0.0',
        configuration: {
          app_version: '1.5.0',
          parameters: { admin_password: 'correct horse battery' },
        },
      });
    while (await agent.runOnce()) {
      // every run succeeds
    }
    return deployment;
  }

  async function instanceNumbers(id: string) {
    const timeline = await admin.deploymentTimeline({ id });
    return timeline!.nodes.map(instance => instance.number);
  }

  beforeAll(async () => {
    backend = await startStyrminBackend();
    admin = backend.clientAs(USERS.admin);
    await admin.loadDriver({
      source: 'DIRECTORY',
      path: resolvePath(DRIVERS, 'infrahub/1.0.0'),
    });
    const { agentToken } = await setUpStyrmin(admin);
    agent = new TestAgent({ serverUrl: backend.serverUrl, token: agentToken });
    action = upgradeDeploymentAction(backend.actionOptions);
  });

  it('upgrades as the user and follows the upgrade task', async () => {
    const deployment = await deployOld('upgraded');
    const { ctx, outputs, lines } = actionContext({
      input: {
        deployment: 'dev/upgraded',
        driverVersion: '1.1.0',
        appVersion: '1.6.0',
        parameters: { log_level: 'WARNING' },
      },
      user: USERS.operator,
    });
    const run = action.handler(ctx);
    await agent.workUntil(run);
    await run;

    const after = await admin.deployment({ id: deployment.id });
    expect(after).toMatchObject({
      driverVersion: { version: '1.1.0' },
      appVersion: '1.6.0',
      state: 'RUNNING',
      updatedBy: USERS.operator,
    });
    expect(outputs).toEqual({
      deploymentId: deployment.id,
      deploymentUrl: `http://portal.example.com/styrmin/deployments/${deployment.id}`,
      entityRef: 'resource:default/dev.upgraded',
      changed: true,
      taskId: after!.activeInstance!.task!.id,
      taskResult: 'SUCCEEDED',
      state: 'RUNNING',
    });
    expect(lines()).toEqual(
      expect.arrayContaining([
        'Upgraded dev/upgraded to driver version 1.1.0',
        expect.stringMatching(/^Following the upgrade_instance task /),
      ]),
    );
  });

  it('upgrades once across a restart, by its checkpoint or by finding nothing left to change', async () => {
    const deployment = await deployOld('twice');
    const input = { deployment: deployment.id, driverVersion: '1.1.0' };
    const checkpoints = new CheckpointStore();
    const abort = new AbortController();
    const first = actionContext({
      input,
      user: USERS.operator,
      checkpoints,
      signal: abort.signal,
    });
    const firstRun = action.handler(first.ctx);
    abort.abort(new Error('The scaffolder stopped'));
    await expect(firstRun).rejects.toThrow('The scaffolder stopped');

    const second = actionContext({ input, user: USERS.operator, checkpoints });
    const secondRun = action.handler(second.ctx);
    await agent.workUntil(secondRun);
    await secondRun;
    expect(await instanceNumbers(deployment.id)).toEqual([2, 1]);
    expect(second.outputs).toMatchObject({
      changed: true,
      taskResult: 'SUCCEEDED',
    });

    // Without the checkpoints, Styrmin itself finds nothing left to do.
    const third = actionContext({ input, user: USERS.operator });
    await action.handler(third.ctx);
    expect(await instanceNumbers(deployment.id)).toEqual([2, 1]);
    expect(third.outputs).toMatchObject({
      changed: false,
      taskResult: 'SUCCEEDED',
      state: 'RUNNING',
    });
  });

  it('refuses a read-only user with FORBIDDEN and changes nothing', async () => {
    const deployment = await deployOld('kept');
    const { ctx } = actionContext({
      input: { deployment: 'dev/kept', driverVersion: '1.1.0' },
      user: USERS.reader,
    });
    await expect(action.handler(ctx)).rejects.toThrow(NotAllowedError);
    expect(await instanceNumbers(deployment.id)).toEqual([1]);
  });

  it('fails the template run when the upgrade task FAILED', async () => {
    await deployOld('broken');
    const { ctx } = actionContext({
      input: {
        deployment: 'resource:default/dev.broken',
        driverVersion: '1.1.0',
      },
      user: USERS.operator,
    });
    const run = action.handler(ctx);
    await agent.workUntil(run, flowRun =>
      flowRun.deployment.name === 'broken'
        ? { failAt: 'Install or upgrade the HelmRelease' }
        : {},
    );
    await expect(run).rejects.toThrow(
      /^The upgrade_instance task \S+ ended FAILED at "Install or upgrade the HelmRelease"/,
    );
  });
});
