import { exampleDriver } from '../__testUtils__/exampleDriver';
import { DeploymentConfiguration } from '../configuration/DeploymentConfiguration';
import { resolveContext } from '../context/resolveContext';
import { SECRET_MASK } from './ContextChange';
import { maskConfiguration, maskContext } from './maskSecrets';

const INFRAHUB = exampleDriver('infrahub/1.0.0');

const configuration = DeploymentConfiguration.parse({
  app_version: '1.5.2',
  parameters: { admin_password: 'correct horse battery', log_level: 'DEBUG' },
  components: {
    server: { env: { TOKEN: { secret: 's3cr3t' }, MODE: 'fast' } },
    'task-worker': { replicas: 3 },
  },
});

describe('maskContext', () => {
  it('masks the values at the secret paths and nothing else', () => {
    const context = resolveContext({
      driver: INFRAHUB,
      cluster: { name: 'local', settings: {} },
      environment: { name: 'dev', overrides: {}, deployments: [] },
      deployment: { id: 'd1', name: 'infrahub', configuration },
    });

    const masked = maskContext(context);

    expect(masked.parameters).toEqual({
      ...context.parameters,
      admin_password: SECRET_MASK,
    });
    expect(masked.components.server.env).toEqual({
      MODE: 'fast',
      TOKEN: SECRET_MASK,
    });
    expect(masked.secret_paths).toEqual(context.secret_paths);
    expect(JSON.stringify(masked)).not.toMatch(/correct horse|s3cr3t/);
  });
});

describe('maskConfiguration', () => {
  it('masks secret parameters and secret env vars, keeping their shape', () => {
    expect(maskConfiguration(configuration, INFRAHUB)).toEqual({
      app_version: '1.5.2',
      parameters: { admin_password: SECRET_MASK, log_level: 'DEBUG' },
      components: {
        server: { env: { TOKEN: { secret: SECRET_MASK }, MODE: 'fast' } },
        'task-worker': { replicas: 3 },
      },
    });
  });
});
