import { exampleDeployment } from '../__testUtils__/exampleDeployment';
import {
  contextSecretsObject,
  putSecretValues,
  secretValuesOf,
  takeSecretValues,
} from './contextSecrets';

const PASSWORD = 'correct horse battery staple';

describe('context secrets', () => {
  const deployment = exampleDeployment({
    configuration: {
      parameters: { admin_password: PASSWORD },
      components: { server: { env: { API_TOKEN: { secret: 'tok-1' } } } },
    },
  });
  const { context } = deployment.spec;

  it('takes the values at the secret paths out of a context, and puts them back', () => {
    const taken = takeSecretValues(context);
    expect(taken.secrets).toEqual([
      { path: ['components', 'server', 'env', 'API_TOKEN'], value: 'tok-1' },
      { path: ['parameters', 'admin_password'], value: PASSWORD },
    ]);
    expect(JSON.stringify(taken.context)).not.toContain(PASSWORD);
    expect(JSON.stringify(taken.context)).not.toContain('tok-1');
    expect(taken.context.secret_paths).toEqual(context.secret_paths);
    expect(taken.context.parameters).toEqual({
      ...context.parameters,
      admin_password: undefined,
    });
    expect(putSecretValues(taken.context, taken.secrets)).toEqual(context);
  });

  it('holds them in a Secret for one instance, owned by the resource once it exists', () => {
    const { secrets } = takeSecretValues(context);
    const owner = {
      ...deployment,
      metadata: { ...deployment.metadata, uid: 'u1' },
    };
    const secret = contextSecretsObject(deployment, secrets, owner);
    expect(secret.metadata).toMatchObject({
      name: 'd1-secrets',
      namespace: 'styrmin-system',
      annotations: { 'styrmin.io/instance-id': deployment.spec.instanceId },
      ownerReferences: [expect.objectContaining({ uid: 'u1' })],
    });
    expect(
      contextSecretsObject(deployment, secrets).metadata,
    ).not.toHaveProperty('ownerReferences');
    expect(secretValuesOf(secret, deployment.spec.instanceId)).toEqual(secrets);
    expect(secretValuesOf(secret, 'another-instance')).toBeUndefined();
  });
});
