import {
  OUTPUT_TAIL_MAX_LINES,
  outputTail,
} from '@styrmin/plugin-styrmin-common';
import {
  AgentProtocolBackend,
  startAgentProtocolBackend,
} from '../__testUtils__/agentProtocolBackend';
import { createTestDatabases } from '../__testUtils__/databases';
import { INFRAHUB_CONFIGURATION } from '../__testUtils__/reconciliation';
import { runScripted } from '../__testUtils__/scriptedAgent';

jest.setTimeout(120_000);

const PASSWORD = INFRAHUB_CONFIGURATION.parameters.admin_password;

/*
 * A run_job task as the cluster's agent gets it and reports it (a scripted agent): the job
 * in the claimed run, and the end of a failed command's output on its step, secrets
 * redacted, for a read-only user to read.
 */
describe('runJob over the agent protocol', () => {
  const databases = createTestDatabases();

  describe.each(databases.eachSupportedId())('on %s', databaseId => {
    let backend: AgentProtocolBackend;

    beforeAll(async () => {
      backend = await startAgentProtocolBackend({
        knex: await databases.init(databaseId),
        load: ['infrahub/1.0.0'],
      });
    });

    it('hands the job to the agent, and keeps a failed output tail with secrets redacted', async () => {
      const { styrmin, readOnly } = backend;
      const { agent, createInfrahub } = await backend.newCluster();
      const created = await createInfrahub();
      const id = created.deployment.id;
      const createRun = (await agent.claim({ owner: 'agent-1' }))!;
      await expect(runScripted(agent, createRun, 'agent-1')).resolves.toBe(
        'SUCCEEDED',
      );

      const before = await readOnly.deployment({ id });
      const command = ['sh', '-c', 'infrahub db check'];
      const { task } = await styrmin.runJob({
        id,
        component: 'server',
        command,
        timeoutSeconds: 120,
      });
      expect(task).toMatchObject({ type: 'run_job', result: 'RUNNING' });

      const run = (await agent.claim({ owner: 'agent-1' }))!;
      expect(run).toMatchObject({
        flow: 'RUN_JOB',
        task: { id: task.id, type: 'run_job', deploymentId: id },
        job: { component: 'server', command, timeoutSeconds: 120 },
        instance: null,
        driverVersion: null,
      });
      expect(run.task.steps.map(step => step.name)).toEqual(['Run the job']);

      await expect(
        runScripted(agent, run, 'agent-1', {
          fail: {
            step: 'Run the job',
            error: 'The commands failed in Job styrmin-x/infrahub-job',
            outputTail: `checking\nconnect as admin:${PASSWORD}@db failed\n`,
          },
        }),
      ).resolves.toBe('FAILED');

      const tree = (await readOnly.taskTree(task.id))!;
      expect(tree).toMatchObject({ result: 'FAILED', type: 'run_job' });
      expect(tree.steps).toEqual([
        expect.objectContaining({
          name: 'Run the job',
          status: 'FAILED',
          errors: [
            expect.objectContaining({
              message: 'The commands failed in Job styrmin-x/infrahub-job',
              outputTail: 'checking\nconnect as admin:<redacted>@db failed\n',
            }),
          ],
        }),
      ]);
      expect(JSON.stringify(tree)).not.toContain(PASSWORD);
      // A failed job leaves the deployment's state alone: the application still runs.
      const after = await readOnly.deployment({ id });
      expect(after?.state).toBe(before?.state);
    });

    it('records which component and command a job ran, and keeps the output of one that succeeded, redacted and bounded', async () => {
      const { styrmin, readOnly } = backend;
      const { agent, createInfrahub } = await backend.newCluster();
      const id = (await createInfrahub()).deployment.id;
      await runScripted(
        agent,
        (await agent.claim({ owner: 'agent-1' }))!,
        'agent-1',
      );

      const command = ['infrahub', 'db', 'check'];
      const { task } = await styrmin.runJob({
        id,
        component: 'server',
        command,
      });
      const lines = Array.from(
        { length: OUTPUT_TAIL_MAX_LINES },
        (_, i) => `checked table ${i}`,
      );
      const output = `${lines.join('\n')}\nlogged in as admin:${PASSWORD}\n`;
      await expect(
        runScripted(
          agent,
          (await agent.claim({ owner: 'agent-1' }))!,
          'agent-1',
          {
            outputTails: { 'Run the job': outputTail(output) },
          },
        ),
      ).resolves.toBe('SUCCEEDED');

      const tree = (await readOnly.taskTree(task.id))!;
      expect(tree).toMatchObject({
        result: 'SUCCEEDED',
        job: { component: 'server', command, timeoutSeconds: 600 },
      });
      const [step] = tree.steps;
      expect(step).toMatchObject({ status: 'SUCCEEDED', errors: [] });
      // The last 200 lines (the first dropped), the password redacted.
      expect(step.outputTail?.split('\n')).toEqual([
        ...lines.slice(1),
        'logged in as admin:<redacted>',
        '',
      ]);
      expect(JSON.stringify(tree)).not.toContain(PASSWORD);

      // Other tasks name no job, and their steps that ran no command keep no output.
      const created = (await readOnly.deploymentTasks({ id, first: 2 }))!
        .nodes[1];
      const createTree = (await readOnly.taskTree(created.id))!;
      expect(createTree).toMatchObject({ type: 'create_instance', job: null });
      expect(createTree.steps.every(s => s.outputTail === null)).toBe(true);
    });
  });
});
