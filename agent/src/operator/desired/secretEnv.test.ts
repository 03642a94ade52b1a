import { exampleDeployment } from '../../__testUtils__/exampleDeployment';
import { secretEnvNamesOf, withSecretEnv } from './secretEnv';

describe('withSecretEnv', () => {
  const deployment = exampleDeployment({
    configuration: {
      components: {
        server: { env: { API_TOKEN: { secret: 's3cret' }, PLAIN: 'p' } },
      },
    },
  });
  const target = { group: 'apps', version: 'v1', kind: 'Deployment' };

  it('sets the secret env vars from the env Secret, whether a patch adds the list or an entry', () => {
    const patches = [
      {
        target,
        patch: JSON.stringify([
          {
            op: 'add',
            path: '/spec/template/spec/containers/0/env',
            value: [
              { name: 'API_TOKEN', value: 's3cret' },
              { name: 'PLAIN', value: 'p' },
            ],
          },
        ]),
      },
      {
        target,
        patch: JSON.stringify([
          {
            op: 'add',
            path: '/spec/template/spec/containers/1/env/-',
            value: { name: 'API_TOKEN', value: 's3cret' },
          },
          { op: 'add', path: '/spec/replicas', value: 2 },
        ]),
      },
    ];
    const { patches: rewritten, data } = withSecretEnv(deployment, patches);
    const ref = {
      name: 'API_TOKEN',
      valueFrom: {
        secretKeyRef: { name: 'styrmin-env-i1', key: 'server.API_TOKEN' },
      },
    };
    expect(rewritten.map(p => JSON.parse(p.patch))).toEqual([
      [
        expect.objectContaining({
          value: [ref, { name: 'PLAIN', value: 'p' }],
        }),
      ],
      [
        expect.objectContaining({ value: ref }),
        { op: 'add', path: '/spec/replicas', value: 2 },
      ],
    ]);
    expect(JSON.stringify(rewritten)).not.toContain('s3cret');
    expect(data).toEqual({ 'server.API_TOKEN': 's3cret' });
    expect(
      secretEnvNamesOf({
        spec: { postRenderers: [{ kustomize: { patches: rewritten } }] },
      }),
    ).toEqual(['styrmin-env-i1']);
  });

  it('leaves patches alone without secret env vars', () => {
    const plain = exampleDeployment();
    const patches = [{ target, patch: '[]' }];
    expect(withSecretEnv(plain, patches)).toEqual({ patches, data: {} });
  });
});
