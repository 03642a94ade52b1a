import { ensureTools, Sandbox } from '@styrmin/kube-sandbox';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { agentCredentials } from './agentCredentials';
import { freePort } from './operatorSandbox';

const AGENT_BIN = path.resolve(__dirname, '../../bin/styrmin-agent');

/** The agent as a real process, as its container runs it: `bin/styrmin-agent`. */
export class AgentProcess {
  readonly #child: ChildProcess;
  /** Resolves once the agent logged its start, or once it ended before that. */
  readonly started: Promise<void>;
  /** Resolves with the exit code (null after a signal) once the process ended. */
  readonly exited: Promise<number | null>;

  /** Starts it with `env` (and PATH); each line it prints, on stdout or stderr, goes to `lines`. */
  constructor(env: Record<string, string>, lines: string[]) {
    this.#child = spawn(process.execPath, [AGENT_BIN], {
      env: { PATH: process.env.PATH!, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let resolveStarted!: () => void;
    this.started = new Promise(resolve => {
      resolveStarted = resolve;
    });
    const onStarted = resolveStarted;
    this.exited = new Promise(resolve =>
      this.#child.on('exit', code => resolve(code)),
    );
    // An agent that ends before it started fails the wait rather than hang it.
    this.exited.then(() => onStarted());
    for (const stream of [this.#child.stdout!, this.#child.stderr!]) {
      createInterface({ input: stream }).on('line', line => {
        lines.push(line);
        if (line.includes('msg="Started agent"')) {
          onStarted();
        }
      });
    }
  }

  async kill(): Promise<void> {
    this.#child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) {
      this.#child.kill('SIGTERM');
    }
    await this.exited;
  }
}

/**
 * The environment of an agent process for a sandbox, as its chart configures it in a
 * cluster: the server, the cluster's token, a kubeconfig with the chart's ServiceAccount
 * (its RBAC applied, see `agentCredentials`), a chart server on a free port that Flux's
 * stand-in reaches on loopback, and its cache.
 */
export async function agentProcessEnv(options: {
  serverUrl: string;
  agentToken: string;
  sandbox: Sandbox;
  cacheDirectory: string;
  /** STYRMIN_AGENT_OWNER: a fixed one gets the runs it held back at once after a restart. */
  owner?: string;
}): Promise<Record<string, string>> {
  const chartPort = await freePort();
  return {
    STYRMIN_URL: options.serverUrl,
    STYRMIN_AGENT_TOKEN: options.agentToken,
    KUBECONFIG: (await agentCredentials(options.sandbox)).kubeconfigPath,
    STYRMIN_AGENT_CHARTS_URL: `http://127.0.0.1:${chartPort}/charts`,
    STYRMIN_AGENT_CHART_PORT: String(chartPort),
    STYRMIN_AGENT_CACHE_DIR: options.cacheDirectory,
    HELM_BINARY: (await ensureTools()).helm,
    ...(options.owner && { STYRMIN_AGENT_OWNER: options.owner }),
  };
}
