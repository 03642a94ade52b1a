import { StyrminError } from '@styrmin/plugin-styrmin-common';

/**
 * What one agent needs to serve its cluster: where the Styrmin server is, the cluster's
 * agent token, and how to reach the Kubernetes API.
 *
 * @public
 */
export interface AgentConfig {
  /** The Backstage backend base URL of the Styrmin server, e.g. `https://portal.example.com`. */
  serverUrl: string;
  /** The cluster's agent token, issued when the cluster was registered. */
  token: string;
  /** A kubeconfig file; absent means the agent runs in the cluster and uses its service account. */
  kubeconfigPath?: string;
  /** How many flow runs the worker runs at once. */
  concurrency: number;
}

/** Reads a file's text; injected so that tests and other hosts can supply their own. */
export type ReadFile = (path: string) => string;

const DEFAULT_CONCURRENCY = 2;

/**
 * Builds the agent's configuration from its environment, reporting every problem at once.
 * The token comes from `STYRMIN_AGENT_TOKEN` or, as a mounted Kubernetes Secret usually
 * provides it, from the file named by `STYRMIN_AGENT_TOKEN_FILE`; it never appears in an
 * error message.
 *
 * @public
 */
export function loadAgentConfig(
  env: Record<string, string | undefined>,
  readFile: ReadFile,
): AgentConfig {
  const problems: string[] = [];

  const serverUrl = env.STYRMIN_URL?.trim();
  if (!serverUrl) {
    problems.push('STYRMIN_URL is not set: the Styrmin server URL is required');
  } else if (!isHttpUrl(serverUrl)) {
    problems.push(
      `STYRMIN_URL must be an http(s) URL, got ${JSON.stringify(serverUrl)}`,
    );
  }

  const token = readToken(env, readFile, problems);

  const concurrency = env.STYRMIN_AGENT_CONCURRENCY
    ? Number(env.STYRMIN_AGENT_CONCURRENCY)
    : DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    problems.push(
      `STYRMIN_AGENT_CONCURRENCY must be a whole number of 1 or more, got ${JSON.stringify(
        env.STYRMIN_AGENT_CONCURRENCY,
      )}`,
    );
  }

  if (problems.length > 0) {
    throw new StyrminError(
      'VALIDATION_FAILED',
      `The agent's configuration is invalid:\n- ${problems.join('\n- ')}`,
    );
  }
  return {
    serverUrl: serverUrl!.replace(/\/+$/, ''),
    token: token!,
    kubeconfigPath: env.KUBECONFIG?.trim() || undefined,
    concurrency,
  };
}

function readToken(
  env: Record<string, string | undefined>,
  readFile: ReadFile,
  problems: string[],
): string | undefined {
  const inline = env.STYRMIN_AGENT_TOKEN;
  const file = env.STYRMIN_AGENT_TOKEN_FILE;
  if (inline && file) {
    problems.push(
      'Set STYRMIN_AGENT_TOKEN or STYRMIN_AGENT_TOKEN_FILE, not both',
    );
    return undefined;
  }
  let token = inline;
  if (file) {
    try {
      token = readFile(file);
    } catch (error) {
      problems.push(
        `STYRMIN_AGENT_TOKEN_FILE ${JSON.stringify(file)} cannot be read (${
          (error as NodeJS.ErrnoException).code ?? 'error'
        })`,
      );
      return undefined;
    }
  }
  token = token?.trim();
  if (!token) {
    problems.push(
      file
        ? `STYRMIN_AGENT_TOKEN_FILE ${JSON.stringify(file)} is empty`
        : 'No agent token: set STYRMIN_AGENT_TOKEN or STYRMIN_AGENT_TOKEN_FILE',
    );
    return undefined;
  }
  if (/\s/.test(token)) {
    problems.push('The agent token must not contain whitespace');
    return undefined;
  }
  return token;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
