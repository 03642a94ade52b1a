import { DriverAction, GlobalContext } from '@styrmin/plugin-styrmin-common';
import { ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Logger } from '../logging/Logger';
import { ActionPrimitives } from './ActionPrimitives';
import { redactSecrets } from './redactSecrets';

/** The child's side of the conversation: plain JavaScript, run by Node as it is. */
const ACTION_CHILD = path.join(
  path.dirname(require.resolve('@styrmin/agent/package.json')),
  'runtime',
  'actionChild.mjs',
);

/** Why an action ended that the flow run's abort stopped; the action's child says the same. */
const CANCELLED = 'The flow run was cancelled';

/** How long an aborted action has to end before its process is killed. */
const DEFAULT_ABORT_GRACE_MS = 5_000;

/**
 * An action failed: its error, readable by every user who can read the task (secret values
 * redacted), and the output of the command that failed, when a primitive's command did.
 *
 * @public
 */
export class ActionFailedError extends Error {
  name = 'ActionFailedError' as const;
  readonly output?: string;

  constructor(message: string, options: { output?: string } = {}) {
    super(message);
    this.output = options.output;
  }
}

/** @public */
export interface ActionRunnerOptions {
  logger: Logger;
  /** The node binary; default the agent's own. */
  node?: string;
  abortGraceMs?: number;
  /** The Styrmin server's URL, which actions call the API at (`STYRMIN_URL`). */
  serverUrl?: string;
}

/** @public */
export interface ActionRunOptions {
  /** The driver version's folder (its bundle). */
  directory: string;
  action: DriverAction;
  context: GlobalContext;
  prompts: Record<string, unknown>;
  primitives: ActionPrimitives;
  /** Values that must not reach a message: the context's secret parameters. */
  secrets: string[];
  /**
   * An API token of the run's deployment, which the action's process gets as
   * `STYRMIN_TOKEN` beside the server's URL as `STYRMIN_URL` (the names styrminctl reads
   * too); it is redacted as a secret.
   */
  apiToken?: string;
  signal: AbortSignal;
}

/** A command failure that carries its output (FlowStepError's shape in the agent). */
type OutputError = Error & { output?: string };

/**
 * Runs a driver's action in a child process of its own (DESIGN.md: "TypeScript/JavaScript
 * action modules shipped with the driver, run by the agent in a child process with the
 * primitives as an API"): Node imports the module from the driver version's folder,
 * stripping TypeScript types itself, and calls the export with the context, the answers to
 * its prompts, the primitives and an abort signal. The child gets none of the agent's
 * credentials or environment: each primitive is a call back over the IPC channel, which the
 * agent carries out; its one credential is the API token of its deployment (`apiToken`), for
 * the SDK. What the action prints goes to the agent's log, line by line, secrets redacted.
 *
 * An action that throws, or a child that dies, fails with an ActionFailedError whose message
 * is the action's error, or else the first line it wrote to stderr, with the secret values
 * redacted. An abort asks the action to stop and kills it after a grace period.
 *
 * @public
 */
export class ActionRunner {
  readonly #logger: Logger;
  readonly #node: string;
  readonly #abortGraceMs: number;
  readonly #serverUrl?: string;

  private constructor(options: ActionRunnerOptions) {
    this.#logger = options.logger;
    this.#node = options.node ?? process.execPath;
    this.#abortGraceMs = options.abortGraceMs ?? DEFAULT_ABORT_GRACE_MS;
    this.#serverUrl = options.serverUrl;
  }

  static create(options: ActionRunnerOptions): ActionRunner {
    return new ActionRunner(options);
  }

  async run(options: ActionRunOptions): Promise<void> {
    const { action, signal, apiToken } = options;
    const secrets = apiToken ? [...options.secrets, apiToken] : options.secrets;
    signal.throwIfAborted();
    const log = this.#logger.child({ action: action.name });
    const child = fork(ACTION_CHILD, [], {
      execPath: this.#node,
      execArgv: [],
      cwd: options.directory,
      env: {
        PATH: process.env.PATH,
        LANG: process.env.LANG ?? 'C.UTF-8',
        ...(apiToken &&
          this.#serverUrl && {
            STYRMIN_URL: this.#serverUrl,
            STYRMIN_TOKEN: apiToken,
          }),
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let firstErrorLine: string | undefined;
    createInterface({ input: child.stdout! }).on('line', line =>
      log.info('Action output', { line: redactSecrets(line, secrets) }),
    );
    createInterface({ input: child.stderr! }).on('line', line => {
      const redacted = redactSecrets(line, secrets);
      firstErrorLine ??= redacted.trim() || undefined;
      log.error('Action error output', { line: redacted });
    });
    // The output of the last primitive that failed: the action usually fails because of it.
    let failedOutput: string | undefined;

    const onAbort = () => {
      child.send({ type: 'abort' }, () => undefined);
      setTimeout(() => child.kill('SIGKILL'), this.#abortGraceMs).unref();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const outcome = await new Promise<{ failed?: string }>(
        (resolve, reject) => {
          child.on('message', (message: any) => {
            if (message.type === 'done') {
              resolve({});
            } else if (message.type === 'failed') {
              resolve({ failed: message.message });
            } else if (message.type === 'call') {
              this.#call(child, options.primitives, message).catch(
                (error: OutputError) => {
                  failedOutput = error.output ?? failedOutput;
                },
              );
            }
          });
          child.on('error', reject);
          child.on('close', (code, signalName) =>
            resolve({
              // Killed after the grace period of an abort (or before it had even loaded the
              // action, on a slow machine): the cancellation is the cause, not the kill.
              failed: signal.aborted
                ? CANCELLED
                : firstErrorLine ??
                  `The action's process ended (${
                    signalName ?? `exit code ${code}`
                  }) before the action did`,
            }),
          );
          child.send({
            type: 'run',
            directory: options.directory,
            module: action.function.module,
            exportName: action.function.export,
            context: options.context,
            prompts: options.prompts,
            // The primitives by name, as ActionPrimitives declares them (the type of
            // `primitives`): the child makes each a call back here, so that it names none.
            primitiveNames: Object.keys(options.primitives),
          });
        },
      );
      if (outcome.failed !== undefined) {
        throw new ActionFailedError(
          `Action ${action.name} failed: ${redactSecrets(
            outcome.failed,
            secrets,
          )}`,
          { output: failedOutput },
        );
      }
      log.info('Action succeeded');
    } finally {
      signal.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
    }
  }

  /** Carries out one primitive call and answers it; rejects (after answering) when it failed. */
  async #call(
    child: ChildProcess,
    primitives: ActionPrimitives,
    message: { id: number; primitive: keyof ActionPrimitives; args: any[] },
  ): Promise<void> {
    const answer = (reply: object) => {
      if (child.connected) {
        child.send({ id: message.id, ...reply }, () => undefined);
      }
    };
    const primitive = primitives[message.primitive] as
      | ((...args: any[]) => Promise<unknown>)
      | undefined;
    if (!primitive) {
      answer({
        type: 'error',
        message: `${message.primitive} is not an action primitive`,
      });
      return;
    }
    try {
      answer({
        type: 'result',
        value: await primitive.apply(primitives, message.args),
      });
    } catch (error) {
      answer({
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
  }
}
