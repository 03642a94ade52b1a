import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import permissionPlugin from '@backstage/plugin-permission-backend';
import { createPermission } from '@backstage/plugin-permission-common';
import request from 'supertest';
import { permissionModuleStyrmin } from './module';

const loadDriver = createPermission({
  name: 'styrmin.driver.load',
  attributes: { action: 'create' },
});
const editDeployment = createPermission({
  name: 'styrmin.deployment.update',
  attributes: { action: 'update' },
});
const readDeployment = createPermission({
  name: 'styrmin.deployment.read',
  attributes: { action: 'read' },
});

describe('the Styrmin role policy in the permission backend', () => {
  async function decisions(user: string) {
    const { server } = await startTestBackend({
      features: [
        permissionPlugin,
        permissionModuleStyrmin,
        mockServices.rootConfig.factory({
          data: {
            permission: { enabled: true },
            styrmin: {
              roles: {
                administrators: ['user:default/root'],
                operators: ['user:default/ada'],
              },
            },
          },
        }),
      ],
    });
    const response = await request(server)
      .post('/api/permission/authorize')
      .set('Authorization', mockCredentials.user.header(user))
      .send({
        items: [loadDriver, editDeployment, readDeployment].map(
          (permission, i) => ({ id: String(i), permission }),
        ),
      });
    expect(response.status).toBe(200);
    return response.body.items.map((item: { result: string }) => item.result);
  }

  it.each([
    ['user:default/root', ['ALLOW', 'ALLOW', 'ALLOW']],
    ['user:default/ada', ['DENY', 'ALLOW', 'ALLOW']],
    ['user:default/reader', ['DENY', 'DENY', 'ALLOW']],
  ])(
    'decides for %s: load a driver, edit and read a deployment',
    async (user, expected) => {
      expect(await decisions(user)).toEqual(expected);
    },
  );
});
