import { authServiceFactory } from '@backstage/backend-defaults/auth';
import { httpAuthServiceFactory } from '@backstage/backend-defaults/httpAuth';
import { permissionsServiceFactory } from '@backstage/backend-defaults/permissions';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  styrminClusterCreatePermission,
  styrminClusterReadPermission,
  styrminDeploymentCreatePermission,
} from '@styrmin/plugin-styrmin-common';
import request from 'supertest';
import { styrminPlugin } from '../plugin';
import { ServiceRoles } from './ServiceRoles';

jest.setTimeout(60_000);

const roles = ServiceRoles.fromConfig(
  mockServices.rootConfig({
    data: {
      styrmin: {
        roles: {
          services: {
            'cli-admin': 'administrator',
            'ci-operator': 'operator',
            'ci-reader': 'readOnly',
            'cli-none': 'none',
          },
        },
      },
    },
  }),
);

async function decide(
  subjectOrUser: string,
  permission = styrminClusterCreatePermission,
  framework:
    | AuthorizeResult.ALLOW
    | AuthorizeResult.DENY = AuthorizeResult.ALLOW,
) {
  const permissions = roles.wrap(
    mockServices.permissions({ result: framework }),
  );
  const credentials = subjectOrUser.startsWith('user:')
    ? mockCredentials.user(subjectOrUser)
    : mockCredentials.service(subjectOrUser);
  const [decision] = await permissions.authorize([{ permission }], {
    credentials,
  });
  return decision.result;
}

describe('ServiceRoles', () => {
  it.each([
    ['cli-admin', styrminClusterCreatePermission, AuthorizeResult.ALLOW],
    ['ci-operator', styrminClusterCreatePermission, AuthorizeResult.DENY],
    ['ci-operator', styrminDeploymentCreatePermission, AuthorizeResult.ALLOW],
    ['ci-reader', styrminClusterReadPermission, AuthorizeResult.ALLOW],
    ['ci-reader', styrminDeploymentCreatePermission, AuthorizeResult.DENY],
    ['cli-none', styrminClusterReadPermission, AuthorizeResult.DENY],
    // Not listed: Backstage's decision from the token alone, as before.
    ['plugin:catalog', styrminClusterCreatePermission, AuthorizeResult.ALLOW],
    // Users are the role policy's business, never this table's.
    [
      'user:default/cli-admin',
      styrminClusterCreatePermission,
      AuthorizeResult.ALLOW,
    ],
  ])('gives %s for %s: %s', async (who, permission, expected) => {
    expect(await decide(who, permission)).toBe(expected);
  });

  it('never allows what the token does not', async () => {
    expect(
      await decide(
        'cli-admin',
        styrminClusterReadPermission,
        AuthorizeResult.DENY,
      ),
    ).toBe(AuthorizeResult.DENY);
  });

  it('refuses a role that does not exist', () => {
    expect(() =>
      ServiceRoles.fromConfig(
        mockServices.rootConfig({
          data: { styrmin: { roles: { services: { ci: 'owner' } } } },
        }),
      ),
    ).toThrow(
      'styrmin.roles.services.ci must be one of none, readOnly, operator, administrator, got "owner"',
    );
  });
});

// The whole path with Backstage's real auth and permission services: static external-access
// tokens (as styrminctl's), restricted to the styrmin plugin, and their subjects' roles.
describe('static tokens with Styrmin roles', () => {
  const TOKENS = {
    admin: 'cli-admin-token-0123456789',
    reader: 'ci-reader-token-0123456789',
    unmapped: 'ci-other-token-0123456789',
  };
  let server: Awaited<ReturnType<typeof startTestBackend>>['server'];

  beforeAll(async () => {
    const staticToken = (token: string, subject: string) => ({
      type: 'static',
      options: { token, subject },
      accessRestrictions: [{ plugin: 'styrmin' }],
    });
    ({ server } = await startTestBackend({
      features: [
        styrminPlugin,
        authServiceFactory,
        httpAuthServiceFactory,
        permissionsServiceFactory,
        mockServices.rootConfig.factory({
          data: {
            backend: {
              baseUrl: 'http://localhost:7007',
              auth: {
                externalAccess: [
                  staticToken(TOKENS.admin, 'cli-admin'),
                  staticToken(TOKENS.reader, 'ci-reader'),
                  staticToken(TOKENS.unmapped, 'ci-other'),
                ],
              },
            },
            permission: { enabled: true },
            styrmin: {
              roles: {
                services: {
                  'cli-admin': 'administrator',
                  'ci-reader': 'readOnly',
                },
              },
            },
          },
        }),
      ],
    }));
  });

  const graphql = (token: string, query: string) =>
    request(server)
      .post('/api/styrmin/graphql')
      .set('Authorization', `Bearer ${token}`)
      .send({ query });

  const register = (name: string) =>
    `mutation { registerCluster(input: { name: "${name}" }) { cluster { name } } }`;

  it('permits an administrator subject to register a cluster', async () => {
    const response = await graphql(TOKENS.admin, register('by-admin'));
    expect(response.body).toEqual({
      data: { registerCluster: { cluster: { name: 'by-admin' } } },
    });
  });

  it('refuses a read-only subject a change, and lets it read', async () => {
    const refused = await graphql(TOKENS.reader, register('by-reader'));
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        message:
          'This needs the permission styrmin.cluster.create, which the caller does not have',
        extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
      }),
    ]);
    const read = await graphql(TOKENS.reader, '{ clusters { name } }');
    expect(read.body).toEqual({ data: { clusters: [{ name: 'by-admin' }] } });
  });

  it('leaves a subject without a role to its token, as Backstage does', async () => {
    const response = await graphql(TOKENS.unmapped, register('by-other'));
    expect(response.body.data).toEqual({
      registerCluster: { cluster: { name: 'by-other' } },
    });
  });
});
