import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import permissionPlugin from '@backstage/plugin-permission-backend';
// A test may compose plugins the way a backend does; the module itself never imports one.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import styrminPlugin from '@styrmin/plugin-styrmin-backend';
import { resolve as resolvePath } from 'node:path';
import request from 'supertest';
import { permissionModuleStyrmin } from './module';

const driversDir = resolvePath(__dirname, '../../../drivers');

// The Styrmin API behind the real permission backend and this policy: what each role may
// do is decided by the policy, not by a mocked permission service.
describe('the Styrmin API under the role policy', () => {
  let server: Awaited<ReturnType<typeof startTestBackend>>['server'];

  beforeAll(async () => {
    ({ server } = await startTestBackend({
      features: [
        permissionPlugin,
        permissionModuleStyrmin,
        styrminPlugin,
        mockServices.rootConfig.factory({
          data: {
            permission: { enabled: true },
            styrmin: {
              drivers: { allowedDirectories: [driversDir] },
              roles: {
                administrators: ['user:default/root'],
                operators: ['user:default/ada'],
              },
            },
          },
        }),
      ],
    }));
  });

  const graphql = (user: string, query: string) =>
    request(server)
      .post('/api/styrmin/graphql')
      .set('Authorization', mockCredentials.user.header(user))
      .send({ query });

  const load = `mutation {
    loadDriver(input: { source: DIRECTORY, path: ${JSON.stringify(
      resolvePath(driversDir, 'semaphore/1.0.0'),
    )} }) { created driverVersion { name version } }
  }`;
  const list = '{ drivers { name versions { version } } }';

  it.each(['user:default/reader', 'user:default/ada'])(
    'refuses %s a driver load with FORBIDDEN and stores nothing',
    async user => {
      const response = await graphql(user, load);
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
        }),
      ]);
      expect((await graphql(user, list)).body).toEqual({
        data: { drivers: [] },
      });
    },
  );

  it('lets an administrator load, and then everyone read', async () => {
    const response = await graphql('user:default/root', load);
    expect(response.body).toEqual({
      data: {
        loadDriver: {
          created: true,
          driverVersion: { name: 'semaphore', version: '1.0.0' },
        },
      },
    });
    expect((await graphql('user:default/reader', list)).body).toEqual({
      data: {
        drivers: [{ name: 'semaphore', versions: [{ version: '1.0.0' }] }],
      },
    });
  });
});
