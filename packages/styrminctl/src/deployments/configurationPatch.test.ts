import { createMockDirectory } from '@backstage/backend-test-utils';
import { DriverVersionParameter } from '@styrmin/sdk';
import { UsageError } from '../UsageError';
import { ConfigurationFlags, configurationPatch } from './configurationPatch';

const parameter = (name: string, type: string): DriverVersionParameter => ({
  name,
  type,
  title: name,
  description: name,
  required: false,
  default: null,
  values: null,
  minimum: null,
  maximum: null,
  minLength: null,
  maxLength: null,
  pattern: null,
});

const PARAMETERS = [
  parameter('admin_password', 'secret'),
  parameter('log_level', 'enum'),
  parameter('replicas', 'integer'),
  parameter('heap', 'number'),
  parameter('telemetry', 'boolean'),
];

const none: ConfigurationFlags = {
  set: [],
  setSecret: [],
  unset: [],
  env: [],
  image: [],
  replicas: [],
};

function patch(
  flags: Partial<ConfigurationFlags>,
  sources: { stdin?: string; env?: Record<string, string> } = {},
) {
  return configurationPatch(
    { ...none, ...flags },
    {
      parameters: PARAMETERS,
      readStdin: async () => sources.stdin ?? '',
      env: sources.env ?? {},
    },
  );
}

describe('configurationPatch', () => {
  const mockDir = createMockDirectory({
    content: {
      'infrahub.yaml': [
        'app_version: 1.5.2',
        'parameters:',
        '  log_level: WARNING',
        '  heap: 2',
        'components:',
        '  server:',
        '    env:',
        '      DSN: { secret: from-file }',
      ].join('\n'),
      'list.yaml': '- a\n',
    },
  });

  it('types parameters as the driver declares them', async () => {
    await expect(
      patch({
        set: [
          'log_level=DEBUG',
          'replicas=3',
          'heap=1.5',
          'telemetry=true',
          'unknown=x=y',
          'replicas_text=3',
        ],
      }),
    ).resolves.toEqual({
      parameters: {
        log_level: 'DEBUG',
        replicas: 3,
        heap: 1.5,
        telemetry: true,
        unknown: 'x=y',
        replicas_text: '3',
      },
    });
    // What does not convert goes as text, for the server to refuse.
    await expect(patch({ set: ['replicas=two'] })).resolves.toEqual({
      parameters: { replicas: 'two' },
    });
  });

  it('takes secrets from stdin or an environment variable, never from --set', async () => {
    await expect(
      patch({ setSecret: ['admin_password'] }, { stdin: 'hunter2hunter2\n' }),
    ).resolves.toEqual({ parameters: { admin_password: 'hunter2hunter2' } });
    await expect(
      patch(
        { setSecret: ['admin_password=PASSWORD'] },
        { env: { PASSWORD: 'from-env' } },
      ),
    ).resolves.toEqual({ parameters: { admin_password: 'from-env' } });
    await expect(patch({ set: ['admin_password=visible'] })).rejects.toThrow(
      UsageError,
    );
    await expect(
      patch({ setSecret: ['admin_password=UNSET'] }),
    ).rejects.toThrow('names an environment variable that is not set');
  });

  it('sets component overrides and unsets parameters', async () => {
    await expect(
      patch({
        env: ['server.LOG_FORMAT=json', 'server.EMPTY='],
        image: ['server=registry.example.com/app:{{ app.version }}'],
        replicas: ['task-worker=3', 'database=x'],
        unset: ['log_level'],
      }),
    ).resolves.toEqual({
      parameters: { log_level: null },
      components: {
        server: {
          env: { LOG_FORMAT: 'json', EMPTY: '' },
          image: 'registry.example.com/app:{{ app.version }}',
        },
        'task-worker': { replicas: 3 },
        database: { replicas: 'x' },
      },
    });
    await expect(patch({ env: ['server=x'] })).rejects.toThrow(
      '--env takes component.NAME=VALUE',
    );
  });

  it('changes a file with the flags', async () => {
    await expect(
      patch({
        file: mockDir.resolve('infrahub.yaml'),
        appVersion: '1.5.3',
        set: ['heap=4'],
        env: ['server.MODE=fast'],
      }),
    ).resolves.toEqual({
      app_version: '1.5.3',
      parameters: { log_level: 'WARNING', heap: 4 },
      components: {
        server: { env: { DSN: { secret: 'from-file' }, MODE: 'fast' } },
      },
    });
    await expect(patch({ file: mockDir.resolve('list.yaml') })).rejects.toThrow(
      'must hold a YAML mapping',
    );
  });
});
