import { StyrminError } from '@styrmin/plugin-styrmin-common';
import { loadAgentConfig, ReadFile } from './AgentConfig';

const TOKEN = 'agent-token-9f2c41';
const noFiles: ReadFile = path => {
  throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
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
        },
        path => files[path],
      ),
    ).toEqual({
      serverUrl: 'http://localhost:7007',
      token: TOKEN,
      kubeconfigPath: '/tmp/kubeconfig',
      concurrency: 4,
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
