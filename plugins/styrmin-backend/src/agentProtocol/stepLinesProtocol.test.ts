import {
  STEP_LINE_MAX_LENGTH,
  STEP_LINES_MAX,
} from '@styrmin/plugin-styrmin-common';
import { StyrminApiError } from '@styrmin/sdk';
import { Knex } from 'knex';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';

jest.setTimeout(120_000);

const PASSWORD = INFRAHUB_CONFIGURATION.parameters.admin_password;

describe('lines on a step over the agent protocol', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let knex: Knex;
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      knex = await databases.init(databaseId);
      backend = await startAgentProtocolBackend({
        knex,
        load: ['infrahub/1.0.0'],
      });
    });

    /** A claimed create_instance run with its first step RUNNING. */
    async function runningStep(owner: string) {
      const context = await backend.newCluster();
      await context.createInfrahub();
      const run = (await context.agent.claim({ owner }))!;
      const lease = { runId: run.id, owner, attempt: run.attempt };
      const [step] = run.task.steps;
      await context.agent.startStep({
        ...lease,
        stepId: step.id,
        stepAttempt: 1,
      });
      return { ...context, run, lease, step };
    }

    const linesOf = async (taskId: string, stepId: string) =>
      (await backend.readOnly.taskTree(taskId))!.steps.find(
        s => s.id === stepId,
      )!.lines;

    it('keeps the lines of an end in order, secrets redacted, for every reader; the same end again changes nothing', async () => {
      const { agent, agentToken, run, lease, step } = await runningStep(
        'agent-lines',
      );
      const end = () =>
        agent.endStep({
          ...lease,
          stepId: step.id,
          stepAttempt: 1,
          status: 'SUCCEEDED',
          lines: [
            'Deleted Job infrahub-job, which an earlier action left',
            `Logged in as admin with ${PASSWORD} (agent ${agentToken})`,
          ],
        });

      await end();
      const expected = [
        'Deleted Job infrahub-job, which an earlier action left',
        'Logged in as admin with <redacted> (agent <redacted>)',
      ];
      expect(await linesOf(run.task.id, step.id)).toEqual(expected);
      const stored = await knex('styrmin_step_lines').where({
        step_id: step.id,
      });
      expect(JSON.stringify(stored)).not.toContain(PASSWORD);

      await end();
      expect(
        await knex('styrmin_step_lines')
          .where({ step_id: step.id })
          .orderBy('position'),
      ).toEqual(stored);
      expect(await linesOf(run.task.id, step.id)).toEqual(expected);
    });

    it('gives a failed attempt its lines, and the next attempt that ends replaces them', async () => {
      const { agent, run, lease, step } = await runningStep('agent-retry');
      await agent.endStep({
        ...lease,
        stepId: step.id,
        stepAttempt: 1,
        status: 'FAILED',
        error: 'boom',
        lines: ['first attempt'],
      });
      expect(await linesOf(run.task.id, step.id)).toEqual(['first attempt']);

      await agent.startStep({ ...lease, stepId: step.id, stepAttempt: 2 });
      await agent.endStep({
        ...lease,
        stepId: step.id,
        stepAttempt: 2,
        status: 'SUCCEEDED',
      });
      expect(await linesOf(run.task.id, step.id)).toEqual([]);
    });

    it('refuses lines over the bounds (413) and keeps the step RUNNING', async () => {
      const { agent, run, lease, step } = await runningStep('agent-bounds');
      const end = (lines: string[]) =>
        agent
          .endStep({
            ...lease,
            stepId: step.id,
            stepAttempt: 1,
            status: 'SUCCEEDED',
            lines,
          })
          .then(
            () => 'accepted',
            (error: StyrminApiError) => `${error.status} ${error.code}`,
          );

      for (const lines of [
        Array.from({ length: STEP_LINES_MAX + 1 }, (_, i) => `line ${i}`),
        ['x'.repeat(STEP_LINE_MAX_LENGTH + 1)],
        ['two\nlines'],
        [''],
      ]) {
        expect(await end(lines)).toBe('413 VALIDATION_FAILED');
      }
      const tree = (await backend.readOnly.taskTree(run.task.id))!;
      expect(tree.steps[0]).toMatchObject({ status: 'RUNNING', lines: [] });

      expect(
        await end(Array.from({ length: STEP_LINES_MAX }, (_, i) => `${i}`)),
      ).toBe('accepted');
      expect(await linesOf(run.task.id, step.id)).toHaveLength(STEP_LINES_MAX);
    });
  });
});
