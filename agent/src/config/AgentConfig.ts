import { StyrminError } from '@styrmin/plugin-styrmin-common';
import os from 'node:os';
import path from 'node:path';
import { CHARTS_PATH } from '../charts/ChartServer';
import { DEFAULT_VELERO_NAMESPACE } from '../velero/velero';

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
  /** The agent's namespace: its StyrminDeployments, HelmReleases and chart sources. */
  namespace: string;
  /** Velero's namespace: its BackupStorageLocations, Backups and Restores. */
  veleroNamespace: string;
  /** The port of the chart server. */
  chartPort: number;
  /**
   * Where Flux's source-controller reaches the chart server: the base of the HelmRepository
   * URLs of the charts that drivers ship (`<chartsUrl>/<driver>/<digest hex>`).
   */
  chartsUrl: string;
  /** Where the driver bundles and packed charts are kept. */
  cacheDirectory: string;
  /** The helm binary. */
  helm: string;
  /**
   * Who holds the leases of the runs the agent claims (its claim slots add `-<n>`): the pod
   * name in a cluster. A restarted agent of the same name gets the runs it held back at
   * once, rather than after their leases expire. Absent: the host name and a random suffix.
   */
  owner?: string;
}

/** Reads a file's text; injected so that tests and other hosts can supply their own. */
export type ReadFile = (path: string) => string;

const DEFAULT_CONCURRENCY = 2;
const DEFAULT_CHART_PORT = 8080;

/**
 * Builds the agent's configuration from its environment, reporting every problem at once:
 * `STYRMIN_URL`, the token, `KUBECONFIG`, `STYRMIN_AGENT_CONCURRENCY` (default 2),
 * `STYRMIN_AGENT_NAMESPACE` (default `styrmin-system`), `STYRMIN_AGENT_VELERO_NAMESPACE`
 * (default `velero`), `STYRMIN_AGENT_CHART_PORT` (default
 * 8080), `STYRMIN_AGENT_CHARTS_URL` (default the in-cluster address of the agent's Service,
 * `http://styrmin-agent.<namespace>.svc.cluster.local:<port>/charts`),
 * `STYRMIN_AGENT_CACHE_DIR` (default `<tmp>/styrmin-agent`), `HELM_BINARY` (default
 * `helm` on the PATH) and `STYRMIN_AGENT_OWNER` (default the host name and a random
 * suffix; never two running agents with one name). The token comes from `STYRMIN_AGENT_TOKEN` or, as a mounted Kubernetes Secret usually
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

  const namespace = env.STYRMIN_AGENT_NAMESPACE?.trim() || 'styrmin-system';
  const veleroNamespace =
    env.STYRMIN_AGENT_VELERO_NAMESPACE?.trim() || DEFAULT_VELERO_NAMESPACE;
  for (const [variable, value] of [
    ['STYRMIN_AGENT_NAMESPACE', namespace],
    ['STYRMIN_AGENT_VELERO_NAMESPACE', veleroNamespace],
  ]) {
    if (!/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(value)) {
      problems.push(
        `${variable} must be a Kubernetes namespace name, got ${JSON.stringify(
          value,
        )}`,
      );
    }
  }
  const chartPort = env.STYRMIN_AGENT_CHART_PORT
    ? Number(env.STYRMIN_AGENT_CHART_PORT)
    : DEFAULT_CHART_PORT;
  if (!Number.isInteger(chartPort) || chartPort < 0 || chartPort > 65535) {
    problems.push(
      `STYRMIN_AGENT_CHART_PORT must be a port number, got ${JSON.stringify(
        env.STYRMIN_AGENT_CHART_PORT,
      )}`,
    );
  }
  const chartsUrl =
    env.STYRMIN_AGENT_CHARTS_URL?.trim() ||
    `http://styrmin-agent.${namespace}.svc.cluster.local:${chartPort}${CHARTS_PATH}`;
  if (!isHttpUrl(chartsUrl)) {
    problems.push(
      `STYRMIN_AGENT_CHARTS_URL must be an http(s) URL, got ${JSON.stringify(
        chartsUrl,
      )}`,
    );
  }

  const owner = env.STYRMIN_AGENT_OWNER?.trim() || undefined;
  if (owner !== undefined && !/^[\w.-]{1,190}$/.test(owner)) {
    problems.push(
      `STYRMIN_AGENT_OWNER must be 1 to 190 letters, digits, '.', '_' or '-', got ${JSON.stringify(
        owner,
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
    namespace,
    veleroNamespace,
    chartPort,
    chartsUrl: chartsUrl.replace(/\/+$/, ''),
    cacheDirectory: path.resolve(
      env.STYRMIN_AGENT_CACHE_DIR?.trim() ||
        path.join(os.tmpdir(), 'styrmin-agent'),
    ),
    helm: env.HELM_BINARY?.trim() || 'helm',
    ...(owner ? { owner } : {}),
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
