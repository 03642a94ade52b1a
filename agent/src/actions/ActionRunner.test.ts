import { DriverAction } from '@styrmin/plugin-styrmin-common';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryLogger } from '../__testUtils__/operatorSandbox';
import { ActionPrimitives } from './ActionPrimitives';
import { ActionFailedError, ActionRunner } from './ActionRunner';
import { CommandsFailedError } from './executeCommands';

jest.setTimeout(30_000);

const SECRET = 'correct horse battery staple';

/* A driver folder of its own, with TypeScript and JavaScript action modules. */
const FILES: Record<string, string> = {
  'actions/api.ts': `export interface Args { context: { deployment: { name: string } }; prompts: { n: number }; primitives: any; signal: AbortSignal }\n`,
  'actions/helpers.ts': `export const twice = (n: number): number => n * 2;\n`,
  'actions/main.ts': `import type { Args } from './api';
import { twice } from './helpers.js';
export async function ok({ context, prompts, primitives }: Args) {
  console.log('deploying', context.deployment.name);
  const { output } = await primitives.executeCommands({ component: 'server', commands: ['echo ' + twice(prompts.n)] });
  await primitives.stopComponents([output.trim()]);
}
export async function throws() { throw new Error('login with ${SECRET} refused'); }
export async function failingCommand({ primitives }: Args) { await primitives.executeCommands({ component: 'server', commands: ['false'] }); }
export async function crashes() { console.error('password=${
    SECRET.split(' ')[0]
  } went wrong'); process.exit(3); }
export async function waits({ signal }: Args) { await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))); }
`,
  'actions/plain.mjs': `export default async function ({ primitives }) { await primitives.startComponents(['a']); }
export async function restarts({ primitives }) { console.log('primitives', Object.keys(primitives).join(',')); await primitives.restartComponents(['b']); }
`,
};

const action = (module: string, exportName: string): DriverAction => ({
  name: exportName.toLowerCase(),
  hook: 'setup',
  mode: 'post',
  function: { module, export: exportName },
  components: [],
  prompts: {},
});

describe('ActionRunner', () => {
  let directory: string;
  const logger = memoryLogger();
  const runner = ActionRunner.create({ logger, abortGraceMs: 200 });
  const calls: string[] = [];
  const primitives: ActionPrimitives = {
    executeCommands: async ({ commands }) => {
      calls.push(`execute ${commands.join(';')}`);
      if (commands[0] === 'false') {
        throw new CommandsFailedError('The commands failed in Job x', {
          output: 'step 1\nstep 2 failed\n',
        });
      }
      return { output: 'task-worker\n' };
    },
    stopComponents: async components => {
      calls.push(`stop ${components}`);
    },
    startComponents: async components => {
      calls.push(`start ${components}`);
    },
    restartComponents: async components => {
      calls.push(`restart ${components}`);
    },
    upgradeDeploymentVersion: async ({ driverVersion }) => {
      calls.push(`upgrade ${driverVersion}`);
      return { taskId: 't1' };
    },
  };

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'agent-actions-'));
    for (const [file, text] of Object.entries(FILES)) {
      await fs.mkdir(path.dirname(path.join(directory, file)), {
        recursive: true,
      });
      await fs.writeFile(path.join(directory, file), text);
    }
  });

  afterAll(() => fs.rm(directory, { recursive: true, force: true }));

  const run = (
    module: string,
    exportName: string,
    signal = new AbortController().signal,
  ) =>
    runner.run({
      directory,
      action: action(module, exportName),
      context: { deployment: { name: 'infrahub' } } as any,
      prompts: { n: 21 },
      primitives,
      secrets: [SECRET],
      signal,
    });

  beforeEach(() => {
    calls.length = 0;
  });

  it('runs a TypeScript action with its imports, its prompts and the primitives', async () => {
    await run('actions/main.ts', 'ok');
    expect(calls).toEqual(['execute echo 42', 'stop task-worker']);
    expect(logger.lines.join('\n')).toContain('line="deploying infrahub"');
  });

  it('runs the default export of a JavaScript module', async () => {
    await run('actions/plain.mjs', 'default');
    expect(calls).toEqual(['start a']);
  });

  it('offers the action every primitive the agent implements, by name', async () => {
    await run('actions/plain.mjs', 'restarts');
    expect(calls).toEqual(['restart b']);
    expect(logger.lines.join('\n')).toContain(
      'line="primitives executeCommands,stopComponents,startComponents,restartComponents,upgradeDeploymentVersion"',
    );
  });

  it('fails with the action error, its secrets redacted', async () => {
    const error = await run('actions/main.ts', 'throws').catch(e => e);
    expect(error).toBeInstanceOf(ActionFailedError);
    expect(error.message).toBe(
      'Action throws failed: login with <redacted> refused',
    );
  });

  it('keeps the output of the command that failed', async () => {
    const error = await run('actions/main.ts', 'failingCommand').catch(e => e);
    expect(error.message).toContain('The commands failed in Job x');
    expect(error.output).toBe('step 1\nstep 2 failed\n');
  });

  it('fails with the first error line of a process that dies', async () => {
    const error = await run('actions/main.ts', 'crashes').catch(e => e);
    expect(error.message).toBe(
      'Action crashes failed: password=<redacted> went wrong',
    );
  });

  it('fails for an export that is not there', async () => {
    await expect(run('actions/main.ts', 'missing')).rejects.toThrow(
      'actions/main.ts has no function export missing',
    );
  });

  it("gives the action the API's URL and its token, and nothing else of the agent's environment; the token redacted", async () => {
    await fs.writeFile(
      path.join(directory, 'actions/env.mjs'),
      `export async function env() {
  console.log('url=' + process.env.STYRMIN_URL, 'token=' + process.env.STYRMIN_TOKEN, 'home=' + process.env.HOME);
  throw new Error('refused ' + process.env.STYRMIN_TOKEN);
}
`,
    );
    const token = 'styrmin-action.x.secret-of-the-run';
    const error = await ActionRunner.create({
      logger,
      serverUrl: 'http://styrmin:7007',
    })
      .run({
        directory,
        action: action('actions/env.mjs', 'env'),
        context: {} as any,
        prompts: {},
        primitives,
        secrets: [],
        apiToken: token,
        signal: new AbortController().signal,
      })
      .catch(e => e);
    expect(error.message).toBe('Action env failed: refused <redacted>');
    const log = logger.lines.join('\n');
    expect(log).toContain(
      'line="url=http://styrmin:7007 token=<redacted> home=undefined"',
    );
    expect(log).not.toContain(token);
  });

  it('stops an action when the run is aborted', async () => {
    const controller = new AbortController();
    const running = run('actions/main.ts', 'waits', controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 300);
    await expect(running).rejects.toThrow('The flow run was cancelled');
  });
});
