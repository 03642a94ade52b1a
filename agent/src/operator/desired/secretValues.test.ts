import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { secretValuesObject, splitSecretValues } from './secretValues';
import { renderValues } from './values';

const PASSWORD = 'correct horse battery staple';

describe('splitSecretValues', () => {
  const deployment = exampleDeployment();

  it('leaves the values of the example driver inline but the admin password', () => {
    const values = renderValues(deployment.spec);
    const { inline, secret } = splitSecretValues(deployment.spec, values);
    expect(secret).toEqual({ infrahub: { adminPassword: PASSWORD } });
    expect(JSON.stringify(inline)).not.toContain(PASSWORD);
    expect(inline).toEqual({
      ...values,
      infrahub: { ...(values.infrahub as object), adminPassword: undefined },
    });
  });

  it('moves whatever a secret renders into, however transformed, lists whole', () => {
    const spec = {
      ...deployment.spec,
      valuesTemplate: [
        'url: {{ ("postgres://admin:" + parameters.admin_password + "@db") | dump }}',
        'length: {{ parameters.admin_password | length }}',
        'plain: {{ parameters.default_branch | dump }}',
        'env:',
        '  - name: A',
        '    value: "1"',
        '  - name: PASSWORD',
        '    value: {{ parameters.admin_password | upper | dump }}',
        '{% if parameters.admin_password | length > 100 %}',
        'long: true',
        '{% endif %}',
      ].join('\n'),
    };
    const values = renderValues(spec);
    const { inline, secret } = splitSecretValues(spec, values);
    expect(inline).toEqual({ plain: 'main' });
    expect(secret).toEqual({
      url: `postgres://admin:${PASSWORD}@db`,
      length: PASSWORD.length,
      env: [
        { name: 'A', value: '1' },
        { name: 'PASSWORD', value: PASSWORD.toUpperCase() },
      ],
    });
  });

  it('keeps everything inline without secret values, and moves everything when the stand-ins do not render', () => {
    const noSecrets = {
      ...deployment.spec,
      context: { ...deployment.spec.context, secret_paths: [] },
    };
    const values = renderValues(noSecrets);
    expect(splitSecretValues(noSecrets, values)).toEqual({
      inline: values,
      secret: {},
    });
    const picky = {
      ...deployment.spec,
      valuesTemplate:
        '{% if parameters.admin_password.startsWith("styrmin") %}{{ fail() }}{% endif %}a: 1',
    };
    expect(splitSecretValues(picky, { a: 1 })).toEqual({
      inline: {},
      secret: { a: 1 },
    });
  });

  it('holds them in a Secret of the instance, owned by the StyrminDeployment', () => {
    const owned = {
      ...deployment,
      metadata: { ...deployment.metadata, uid: 'u1' },
    };
    const secret = secretValuesObject(owned, { a: { b: PASSWORD } });
    expect(secret.metadata).toMatchObject({
      name: `d1-values-${deployment.spec.instanceId}`,
      namespace: 'styrmin-system',
      ownerReferences: [expect.objectContaining({ uid: 'u1' })],
    });
    expect(
      Buffer.from(secret.data!['values.yaml'], 'base64').toString('utf8'),
    ).toBe(`a:\n  b: ${PASSWORD}\n`);
  });
});
