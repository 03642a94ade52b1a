import { StyrminClient } from '@styrmin/sdk';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { E2E_PASSWORD, useE2eWorld } from './__testUtils__/e2eWorld';
import { ClusterView, OperatorSandbox } from './__testUtils__/operatorSandbox';

jest.setTimeout(300_000);

/*
 * Driver actions end to end, by the rules of execute_commands: a real backend (the styrmin
 * plugin on SQLite), kube-sandbox with Flux, the agent in this process and styrminctl,
 * with the example infrahub driver, whose upgrade hook runs its migrations (core) and
 * its check of the server (post) through executeCommands. Driver versions 1.2.0 and 1.3.0,
 * the example's 1.1.0 under other versions, give the upgrades after the first.
 */
describe('driver actions end to end', () => {
  const world = useE2eWorld();
  let sandbox: OperatorSandbox;
  let view: ClusterView;
  let client: StyrminClient;
  let infrahubId: string;
  let namespace: string;

  beforeAll(() => {
    ({ sandbox, view, client } = world);
  });

  /** The example infrahub 1.1.0 under another driver version, in a folder of the test's. */
  const renumbered110 = async (version: string) => {
    const directory = path.join(world.work, `infrahub-${version}`);
    await fs.cp(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'), directory, {
      recursive: true,
    });
    const spec = path.join(directory, 'driver.styrmin.yml');
    const original = await fs.readFile(spec, 'utf8');
    const changed = original.replace(
      /^spec:\n {2}version: 1\.1\.0$/m,
      `spec:\n  version: ${version}`,
    );
    expect(changed).not.toBe(original);
    await fs.writeFile(spec, changed);
    return directory;
  };

  /** Upgrades dev/infrahub to a driver version, and returns its task once it has ended. */
  const upgrade = async (driverVersion: string) => {
    const { task } = await client.upgradeDeployment({
      id: infrahubId,
      driverVersion,
    });
    return world.eventually(async () => {
      const ended = await client.task(task!.id);
      return ended && ['SUCCEEDED', 'FAILED'].includes(ended.result) && ended;
    }, `the upgrade to ${driverVersion} to end`);
  };

  /** The agent's log lines of one flow run that name a deleted action Job. */
  const deletedJobLines = (flowRunId: string) =>
    world.logger.lines.filter(
      line =>
        line.includes(`flowRun=${flowRunId}`) &&
        line.includes(
          `Deleted Job ${namespace}/infrahub-job, which an earlier action left`,
        ),
    );

  const actionJob = () =>
    view.read('batch/v1', 'Job', 'infrahub-job', namespace);

  it('deploys infrahub 1.0.0, whose setup post-hook leaves its Job', async () => {
    const { cluster, agentToken } = await world.json([
      'clusters',
      'create',
      'sandbox',
    ]);
    await world.json([
      'environments',
      'create',
      'dev',
      '--cluster',
      cluster.name,
    ]);
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
    ]);
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.1.0'),
    ]);
    for (const version of ['1.2.0', '1.3.0']) {
      await world.json(['drivers', 'load', await renumbered110(version)]);
    }
    await world.startAgent(agentToken);
    infrahubId = await world.createInfrahub('dev');
    namespace = `styrmin-${infrahubId}`;
    const running = await world.eventually(async () => {
      const deployment = await client.deployment({ id: infrahubId });
      return (
        deployment &&
        ['RUNNING', 'FAILED'].includes(deployment.state) &&
        deployment
      );
    }, 'infrahub to run');
    expect(running.state).toBe('RUNNING');
    expect((await actionJob()).metadata.labels).toMatchObject({
      'styrmin.io/action-job': 'true',
      'styrmin.io/job-kind': 'action',
      'styrmin.io/task-id': running.activeInstance!.task!.id,
    });
  });

  it("runs two upgrades in a row, each running its actions' Jobs again after deleting the one before", async () => {
    for (const version of ['1.1.0', '1.2.0']) {
      const task = await upgrade(version);
      expect(task).toMatchObject({
        type: 'upgrade_instance',
        result: 'SUCCEEDED',
      });
      // The core-hook's migrations deleted the Job that the action before it left, and
      // the post-hook's check deleted the migrations' Job: each a line of its own.
      expect(deletedJobLines(task.flowRun.id)).toHaveLength(2);
      const job = await actionJob();
      expect(job.metadata.labels).toMatchObject({
        'styrmin.io/job-kind': 'action',
        'styrmin.io/task-id': task.id,
      });
      // The pods of the deleted Jobs went with them: only the last Job's pod is left.
      const pods = await view.core.listNamespacedPod({
        namespace,
        labelSelector: 'batch.kubernetes.io/job-name=infrahub-job',
      });
      expect(
        pods.items.map(p => p.metadata?.labels?.['styrmin.io/task-id']),
      ).toEqual([task.id]);
      await expect(
        client.deployment({ id: infrahubId }),
      ).resolves.toMatchObject({
        state: 'RUNNING',
        activeInstance: { driverVersion: { version } },
      });
    }
  });

  it("fails the upgrade when its action's executeCommands fails, and the hook step carries the end of the Job's output", async () => {
    // The migrations print 300 lines, the admin password among them, and fail.
    const output = Array.from({ length: 300 }, (_, i) =>
      i === 249
        ? `line ${i + 1}: login as admin with ${E2E_PASSWORD} refused`
        : `line ${i + 1}: migrating`,
    );
    sandbox.workloads.runContainer = ({ container }) =>
      container.command?.[2]?.includes('infrahub db migrate')
        ? { kind: 'exit', exitCode: 1, logs: `${output.join('\n')}\n` }
        : undefined;
    try {
      const task = await upgrade('1.3.0');
      expect(task).toMatchObject({
        type: 'upgrade_instance',
        result: 'FAILED',
      });
      // The last 200 lines (within 64 KiB), the secret value redacted by the server.
      const expectedTail = `${output
        .slice(-200)
        .join('\n')
        .replace(E2E_PASSWORD, '<redacted>')}\n`;
      expect(Buffer.byteLength(expectedTail)).toBeLessThanOrEqual(64 * 1024);
      const hookStep = task.steps.find(
        s => s.name === 'Run the upgrade core-hook',
      );
      expect(hookStep).toMatchObject({
        status: 'FAILED',
        errors: [
          expect.objectContaining({
            message: expect.stringContaining(
              `The commands failed in Job ${namespace}/infrahub-job`,
            ),
            outputTail: expectedTail,
          }),
        ],
      });
      expect(JSON.stringify(task)).not.toContain(E2E_PASSWORD);
      // The failed Job stays, for the next change's action to delete.
      expect((await actionJob()).metadata.labels).toMatchObject({
        'styrmin.io/task-id': task.id,
      });
    } finally {
      sandbox.workloads.runContainer = undefined;
    }
  });
});
