import { StyrminError } from '@styrmin/plugin-styrmin-common';
import os from 'node:os';
import path from 'node:path';
import { loadAgentConfig, ReadFile } from './AgentConfig';

const TOKEN = 'agent-token-9f2c41';
const noFiles: ReadFile = file => {
  throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
};

function problemsOf(env: Record<string, string>, readFile = noFiles) {
  try {
    loadAgentConfig(env, readFile);
  } catch (error) {
    expect(error).toBeInstanceOf(StyrminError);
    expect((error as StyrminError).code).toBe('VALIDATION_FAILED');
    expect((error as Error).message).not.toContain(TOKEN);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadAgentConfig', () => {
  it('reads the server, an inline token and the defaults', () => {
    expect(
      loadAgentConfig(
        {
          STYRMIN_URL: 'https://portal.example.com/',
          STYRMIN_AGENT_TOKEN: ` ${TOKEN}\n`,
        },
        noFiles,
      ),
    ).toEqual({
      serverUrl: 'https://portal.example.com',
      token: TOKEN,
      kubeconfigPath: undefined,
      concurrency: 2,
      namespace: 'styrmin-system',
      veleroNamespace: 'velero',
      chartPort: 8080,
      chartsUrl:
        'http://styrmin-agent.styrmin-system.svc.cluster.local:8080/charts',
      cacheDirectory: path.join(os.tmpdir(), 'styrmin-agent'),
      helm: 'helm',
    });
  });

  it('reads the token from a mounted file, and the kubeconfig and concurrency', () => {
    const files: Record<string, string> = {
      '/var/run/styrmin/token': `${TOKEN}\n`,
    };
    expect(
      loadAgentConfig(
        {
          STYRMIN_URL: 'http://localhost:7007',
          STYRMIN_AGENT_TOKEN_FILE: '/var/run/styrmin/token',
          KUBECONFIG: '/tmp/kubeconfig',
          STYRMIN_AGENT_CONCURRENCY: '4',
          STYRMIN_AGENT_NAMESPACE: 'agents',
          STYRMIN_AGENT_VELERO_NAMESPACE: 'backups',
          STYRMIN_AGENT_CHART_PORT: '0',
          STYRMIN_AGENT_CHARTS_URL: 'http://127.0.0.1:7010/charts/',
          STYRMIN_AGENT_CACHE_DIR: '/var/cache/styrmin',
          HELM_BINARY: '/opt/helm',
          STYRMIN_AGENT_OWNER: 'styrmin-agent-7d9f-x2',
        },
        file => files[file],
      ),
    ).toEqual({
      serverUrl: 'http://localhost:7007',
      token: TOKEN,
      kubeconfigPath: '/tmp/kubeconfig',
      concurrency: 4,
      namespace: 'agents',
      veleroNamespace: 'backups',
      chartPort: 0,
      chartsUrl: 'http://127.0.0.1:7010/charts',
      cacheDirectory: '/var/cache/styrmin',
      helm: '/opt/helm',
      owner: 'styrmin-agent-7d9f-x2',
    });
  });

  it.each([
    [{}, ['STYRMIN_URL is not set', 'No agent token']],
    [
      { STYRMIN_URL: 'ftp://x', STYRMIN_AGENT_TOKEN: TOKEN },
      ['must be an http(s) URL'],
    ],
    [
      { STYRMIN_URL: 'not a url', STYRMIN_AGENT_TOKEN: TOKEN },
      ['must be an http(s) URL'],
    ],
    [
      {
        STYRMIN_URL: 'http://s',
        STYRMIN_AGENT_TOKEN: TOKEN,
        STYRMIN_AGENT_TOKEN_FILE: '/t',
      },
      ['not both'],
    ],
    [
      { STYRMIN_URL: 'http://s', STYRMIN_AGENT_TOKEN_FILE: '/missing' },
      ['cannot be read (ENOENT)'],
    ],
    [
      { STYRMIN_URL: 'http://s', STYRMIN_AGENT_TOKEN: `${TOKEN} x` },
      ['must not contain whitespace'],
    ],
    [
      {
        STYRMIN_URL: 'http://s',
        STYRMIN_AGENT_TOKEN: TOKEN,
        STYRMIN_AGENT_CONCURRENCY: '0',
      },
      ['STYRMIN_AGENT_CONCURRENCY must be a whole number'],
    ],
    [
      {
        STYRMIN_URL: 'http://s',
        STYRMIN_AGENT_TOKEN: TOKEN,
        STYRMIN_AGENT_CONCURRENCY: '1.5',
      },
      ['STYRMIN_AGENT_CONCURRENCY must be a whole number'],
    ],
    [
      {
        STYRMIN_URL: 'http://s',
        STYRMIN_AGENT_TOKEN: TOKEN,
        STYRMIN_AGENT_NAMESPACE: 'Not_A_Namespace',
        STYRMIN_AGENT_VELERO_NAMESPACE: '-velero',
        STYRMIN_AGENT_CHART_PORT: '70000',
        STYRMIN_AGENT_CHARTS_URL: 'charts',
        STYRMIN_AGENT_OWNER: 'a b',
      },
      [
        'STYRMIN_AGENT_NAMESPACE must be a Kubernetes namespace name',
        'STYRMIN_AGENT_VELERO_NAMESPACE must be a Kubernetes namespace name',
        'STYRMIN_AGENT_CHART_PORT must be a port number',
        'STYRMIN_AGENT_CHARTS_URL must be an http(s) URL',
        'STYRMIN_AGENT_OWNER must be 1 to 190 letters',
      ],
    ],
  ])('refuses %j with every problem named', (env, expected) => {
    const message = problemsOf(env as Record<string, string>);
    for (const text of expected) {
      expect(message).toContain(text);
    }
  });

  it('refuses an empty token file', () => {
    expect(
      problemsOf(
        { STYRMIN_URL: 'http://s', STYRMIN_AGENT_TOKEN_FILE: '/t' },
        () => '\n',
      ),
    ).toContain('is empty');
  });
});
