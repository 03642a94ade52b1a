import { StyrminClient, TaskDetail } from '@styrmin/sdk';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';

jest.setTimeout(300_000);

/*
 * Lines on a step end to end: a real backend, kube-sandbox with Flux, the agent in this
 * process and styrminctl, with the example infrahub driver. What the steps of a create and
 * an upgrade did reaches every reader as the steps' lines: the namespace the operator made,
 * the HelmRelease revision the step waited for, and the Job that an action's
 * executeCommands deleted (which before reached only the agent's log).
 */
describe('lines on a step end to end', () => {
  const world = useE2eWorld();
  let client: StyrminClient;
  let infrahubId: string;
  let namespace: string;

  beforeAll(() => {
    ({ client } = world);
  });

  /** A task once it has ended. */
  const ended = (taskId: string) =>
    world.eventually(async () => {
      const task = await client.task(taskId);
      return task && ['SUCCEEDED', 'FAILED'].includes(task.result) && task;
    }, `task ${taskId} to end`);

  const linesOf = (task: TaskDetail) =>
    Object.fromEntries(task.steps.map(step => [step.name, step.lines]));

  it("gives a create's steps the namespace it made and the HelmRelease revision it waited for", async () => {
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
    for (const version of ['1.0.0', '1.1.0']) {
      await world.json([
        'drivers',
        'load',
        path.join(EXAMPLE_DRIVERS, 'infrahub', version),
      ]);
    }
    await world.startAgent(agentToken);
    infrahubId = await world.createInfrahub('dev');
    namespace = `styrmin-${infrahubId}`;
    const running = await world.eventually(async () => {
      const deployment = await client.deployment({ id: infrahubId });
      return deployment?.activeInstance?.task ? deployment : undefined;
    }, 'the create task');
    const task = await ended(running.activeInstance!.task!.id);

    expect(task).toMatchObject({
      type: 'create_instance',
      result: 'SUCCEEDED',
    });
    expect(linesOf(task)).toMatchObject({
      'Apply the StyrminDeployment resource': [],
      'Ensure the namespace': [`Namespace ${namespace} exists`],
      'Install or upgrade the HelmRelease': [
        expect.stringMatching(
          new RegExp(
            `^HelmRelease \\S+/${infrahubId} is ready at revision 1: Helm install succeeded`,
          ),
        ),
      ],
    });
  });

  it("gives the upgrade's core-hook step the Job that its action deleted, and styrminctl tasks show prints it", async () => {
    const { task: started } = await client.upgradeDeployment({
      id: infrahubId,
      driverVersion: '1.1.0',
    });
    const task = await ended(started!.id);

    expect(task.result).toBe('SUCCEEDED');
    const deleted = `Deleted Job ${namespace}/infrahub-job, which an earlier action left`;
    expect(linesOf(task)).toMatchObject({
      'Run the upgrade core-hook': [deleted],
      'Run the upgrade post-hook': [deleted],
    });
    // Helm's revision of the upgrade, a later one than the create's.
    const [release] = linesOf(task)['Install or upgrade the HelmRelease'];
    const revision = / is ready at revision (\d+): Helm upgrade succeeded/.exec(
      release,
    );
    expect(Number(revision?.[1])).toBeGreaterThan(1);

    const shown = await world.styrminctl(['tasks', 'show', task.id]);
    expect(shown.exitCode).toBe(0);
    const printed = shown.stdout.split('\n');
    const core = printed.findIndex(line =>
      line.includes('Run the upgrade core-hook'),
    );
    expect(printed[core + 1]).toBe(`    ${deleted}`);
  });
});
