import { AgentFlowRun } from '@styrmin/sdk';
import { Knex } from 'knex';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(120_000);

const POST_HOOK = 'Run the setup post-hook';

/*
 * upgrade_deployment_version over the agent protocol: an action of a deployment's setup
 * post-hook upgrades its own deployment (POST /runs/:runId/steps/:stepId/tasks with
 * UPGRADE_INSTANCE). The upgrade is linked to the hook step and recorded as an upgrade
 * through the API is; its run is not the caller's, and runs after the caller's run ended.
 */
describe('upgradeDeploymentVersion over the agent protocol', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0', 'infrahub/1.1.0'],
      });
    });

    /**
     * A new infrahub deployment whose creation's run the agent claimed, and `start`, the
     * upgrade_deployment_version call of its setup post-hook.
     */
    async function claimedCreation() {
      const { agent, createInfrahub } = await backend.newCluster();
      const created = await createInfrahub();
      const owner = 'agent-0';
      const first = (await agent.claim({ owner }))!;
      const hook = first.task.steps.find(step => step.name === POST_HOOK)!;
      const start = (call: number, driverVersion: string) =>
        agent.startTask({
          runId: first.id,
          owner,
          attempt: first.attempt,
          stepId: hook.id,
          stepAttempt: 1,
          call,
          flow: 'UPGRADE_INSTANCE',
          driverVersion,
          prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
        });
      return { agent, created, owner, first, hook, start };
    }

    it('records a linked upgrade from a hook, which runs after the hook’s task and counts in its result', async () => {
      const { agent, created, owner, first, hook, start } =
        await claimedCreation();
      let upgradeTaskId: string | undefined;
      const outcome = await runScripted(agent, first, owner, {
        onRun: async step => {
          if (step.name !== POST_HOOK) {
            return;
          }
          const started = await start(0, '1.1.0');
          // Recorded, not claimed: the deployment's own run (this one) comes first.
          expect(started).toMatchObject({
            task: { status: 'SCHEDULED' },
            run: null,
          });
          upgradeTaskId = started.task.id;
          // The same call again finds it.
          await expect(start(0, '1.1.0')).resolves.toMatchObject({
            task: { id: upgradeTaskId },
            run: null,
          });
          // The next calls are upgrades of a deployment whose intent is 1.1.0 now: to the
          // same version changes nothing, and a downgrade is refused as through the API.
          await expect(start(1, '1.1.0')).rejects.toMatchObject({
            code: 'VALIDATION_FAILED',
            message: expect.stringContaining('is at infrahub 1.1.0 already'),
          });
          await expect(start(1, '1.0.0')).rejects.toMatchObject({
            code: 'VALIDATION_FAILED',
            message: expect.stringMatching(/downgrade/i),
          });
        },
      });
      // The hook step went on and ended: the upgrade did not supersede the task that
      // started it.
      expect(outcome).toBe('SUCCEEDED');

      let tree = (await backend.readOnly.taskTree(created.task!.id))!;
      const startedTasks = tree.steps.find(s => s.id === hook.id)!.startedTasks;
      expect(startedTasks.map(t => [t.id, t.type, t.result])).toEqual([
        [upgradeTaskId, 'upgrade_instance', 'RUNNING'],
      ]);
      expect(tree.result).toBe('RUNNING');
      expect(tree.steps.every(s => s.status === 'SUCCEEDED')).toBe(true);
      // The hook's run ended, the upgrade it started has not: the deployment still deploys.
      await expect(
        backend.styrmin.deployment({ id: created.deployment.id }),
      ).resolves.toMatchObject({
        state: 'DEPLOYING',
        driverVersion: { version: '1.1.0' },
      });

      const next: AgentFlowRun = (await agent.claim({ owner }))!;
      expect(next).toMatchObject({
        flow: 'UPGRADE_INSTANCE',
        task: { id: upgradeTaskId, type: 'upgrade_instance' },
        driverVersion: { version: '1.1.0' },
        instance: { number: 2 },
        prompts: { 'run-migrations': { migration_timeout_minutes: 45 } },
      });
      await expect(runScripted(agent, next, owner)).resolves.toBe('SUCCEEDED');
      tree = (await backend.readOnly.taskTree(created.task!.id))!;
      expect(tree.result).toBe('SUCCEEDED');
      await expect(
        backend.styrmin.deployment({ id: created.deployment.id }),
      ).resolves.toMatchObject({
        state: 'RUNNING',
        activeInstance: { number: 2, driverVersion: { version: '1.1.0' } },
      });
    });

    it('fails the deployment with the reason when the upgrade a hook started fails', async () => {
      const { agent, created, owner, first, start } = await claimedCreation();
      await expect(
        runScripted(agent, first, owner, {
          onRun: async step => {
            if (step.name === POST_HOOK) {
              await start(0, '1.1.0');
            }
          },
        }),
      ).resolves.toBe('SUCCEEDED');
      const upgrade: AgentFlowRun = (await agent.claim({ owner }))!;
      expect(upgrade.flow).toBe('UPGRADE_INSTANCE');
      await expect(
        runScripted(agent, upgrade, owner, {
          fail: {
            step: upgrade.task.steps[0].name,
            error: 'the migration broke',
          },
        }),
      ).resolves.toBe('FAILED');
      expect((await backend.readOnly.taskTree(created.task!.id))?.result).toBe(
        'FAILED',
      );
      await expect(
        backend.styrmin.deployment({ id: created.deployment.id }),
      ).resolves.toMatchObject({
        state: 'FAILED',
        stateReason: expect.stringContaining(
          'upgrade_instance failed: the migration broke',
        ),
      });
    });
  });
});
