import { StyrminApiError, StyrminClient } from '@styrmin/sdk';
// esbuild comes with @backstage/cli; the test bundles the SDK as a driver author would.
// eslint-disable-next-line @backstage/no-undeclared-imports
import { buildSync } from 'esbuild';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_DRIVERS } from './__testUtils__/exampleBundles';
import { useE2eWorld } from './__testUtils__/e2eWorld';

jest.setTimeout(300_000);

/** The test driver's action, and the SDK it imports, bundled as a driver would ship it. */
const CALL_API = path.join(
  __dirname,
  '__testUtils__',
  'apiDriver',
  'callApi.js',
);
const SDK = path.resolve(__dirname, '../../packages/sdk/src/index.ts');

/*
 * Actions can call the API, end to end: a real backend, kube-sandbox with Flux, the agent
 * in this process (one run at a time, so that a task the action starts runs after the
 * action's) and styrminctl. A test driver, the example infrahub 1.0.0 as version 1.4.0 with
 * one more upgrade pre-hook action (before the upgrade applies its
 * resource, so that the task it starts takes nothing over from it), calls the API through the SDK with the STYRMIN_URL and
 * STYRMIN_TOKEN the agent gives it: it reads its deployment and starts a task there, which
 * is not linked to its hook step, and a call for another deployment is refused.
 */
describe('actions calling the API end to end', () => {
  const world = useE2eWorld();
  let client: StyrminClient;

  beforeAll(() => {
    ({ client } = world);
  });

  /** infrahub 1.0.0 as 1.4.0, with the action `call-api` at the upgrade's pre mode. */
  const apiDriver = async () => {
    const directory = path.join(world.work, 'infrahub-1.4.0');
    await fs.cp(path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'), directory, {
      recursive: true,
    });
    await fs.copyFile(CALL_API, path.join(directory, 'actions', 'callApi.js'));
    buildSync({
      entryPoints: [SDK],
      bundle: true,
      format: 'esm',
      platform: 'node',
      minify: true,
      outfile: path.join(directory, 'actions', 'vendor', 'styrmin-sdk.js'),
      logLevel: 'warning',
    });
    const spec = path.join(directory, 'driver.styrmin.yml');
    const original = await fs.readFile(spec, 'utf8');
    const changed = original
      .replace(/^spec:\n {2}version: 1\.0\.0$/m, 'spec:\n  version: 1.4.0')
      .replace(
        /^ {2}actions:\n/m,
        `  actions:
    - name: call-api
      description: Calls the Styrmin API through the SDK.
      hook: upgrade
      mode: pre
      function:
        module: actions/callApi.js
        export: callApi
      uses: [deployment.id]
      prompts:
        other_deployment_id:
          type: string
          title: Another deployment
          description: A deployment the action must not reach.
        report_path:
          type: string
          title: Report
          description: Where the action writes what it saw.
`,
      );
    expect(changed).not.toBe(original);
    await fs.writeFile(spec, changed);
    return directory;
  };

  /** A task once it has ended. */
  const ended = (taskId: string) =>
    world.eventually(async () => {
      const task = await client.taskTree(taskId);
      return task && ['SUCCEEDED', 'FAILED'].includes(task.result) && task;
    }, `task ${taskId} to end`);

  /** The deployment once its newest task has ended. */
  const settled = (id: string) =>
    world.eventually(async () => {
      const deployment = await client.deployment({ id });
      return deployment && ['RUNNING', 'FAILED'].includes(deployment.state)
        ? deployment
        : undefined;
    }, `deployment ${id} to settle`);

  it('gives the action an API token of its deployment only, and a task it starts is not linked', async () => {
    const { cluster, agentToken } = await world.json([
      'clusters',
      'create',
      'sandbox',
    ]);
    for (const environment of ['dev', 'prod']) {
      await world.json([
        'environments',
        'create',
        environment,
        '--cluster',
        cluster.name,
      ]);
    }
    await world.json([
      'drivers',
      'load',
      path.join(EXAMPLE_DRIVERS, 'infrahub', '1.0.0'),
    ]);
    await world.json(['drivers', 'load', await apiDriver()]);
    await world.startAgent(agentToken, { concurrency: 1 });
    const infrahubId = await world.createInfrahub('dev');
    const otherId = await world.createInfrahub('prod');
    expect((await settled(infrahubId)).state).toBe('RUNNING');
    expect((await settled(otherId)).state).toBe('RUNNING');

    const reportPath = path.join(world.work, 'call-api.json');
    const { task: upgrade } = await client.upgradeDeployment({
      id: infrahubId,
      driverVersion: '1.4.0',
      prompts: {
        'call-api': { other_deployment_id: otherId, report_path: reportPath },
      },
    });
    const tree = await ended(upgrade!.id);
    expect(tree.result).toBe('SUCCEEDED');

    const report = JSON.parse(await fs.readFile(reportPath, 'utf8'));
    // It read its own deployment, while its upgrade ran.
    expect(report.own).toEqual({
      id: infrahubId,
      name: 'infrahub',
      state: 'DEPLOYING',
    });
    // Another deployment, read or changed, and the list of deployments: refused.
    expect(report).toMatchObject({
      otherRead: 'FORBIDDEN',
      otherChange: 'FORBIDDEN',
      list: 'FORBIDDEN',
    });

    // The task it started is a task of its own, not under the hook step, and not part of
    // the upgrade's result; it ran after the upgrade and changed the log level.
    const pre = tree.steps.find(s => s.name === 'Run the upgrade pre-hook')!;
    expect(pre.status).toBe('SUCCEEDED');
    expect(pre.startedTasks.map(t => t.id)).not.toContain(report.startedTaskId);
    const started = await ended(report.startedTaskId);
    expect(started).toMatchObject({
      type: 'update_instance',
      result: 'SUCCEEDED',
      createdBy: expect.stringMatching(/^styrmin-action:/),
    });
    const page = await client.deploymentTasks({
      id: infrahubId,
      topLevel: true,
    });
    expect(page!.nodes.map(t => t.id)).toEqual(
      expect.arrayContaining([upgrade!.id, report.startedTaskId]),
    );
    const edited = await client.deployment({ id: infrahubId });
    expect(edited?.activeInstance?.context).toMatchObject({
      parameters: { log_level: 'DEBUG' },
    });

    // The token: never in the agent's log or a step, and refused once the run has ended.
    const { token } = report;
    expect(token).toMatch(/^styrmin-action\./);
    expect(world.logger.lines.join('\n')).not.toContain(token);
    expect(
      world.logger.lines.some(line =>
        line.includes('Called the API as <redacted>'),
      ),
    ).toBe(true);
    expect(JSON.stringify([tree, started])).not.toContain(token);
    const error = await StyrminClient.create({
      baseUrl: `${world.backend.url}/api/styrmin`,
      token,
    })
      .deployment({ id: infrahubId })
      .catch(e => e);
    expect(error).toBeInstanceOf(StyrminApiError);
    expect((error as StyrminApiError).code).toBe('UNAUTHENTICATED');
  });
});
