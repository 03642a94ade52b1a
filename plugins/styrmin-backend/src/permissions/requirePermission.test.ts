import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { styrminDriverLoadPermission } from '@styrmin/plugin-styrmin-common';
import { requirePermission } from './requirePermission';

describe('requirePermission', () => {
  const credentials = mockCredentials.user('user:default/ada');

  it('passes when the policy allows', async () => {
    const permissions = mockServices.permissions.mock({
      authorize: async () => [{ result: AuthorizeResult.ALLOW }],
    });

    await expect(
      requirePermission({
        permissions,
        credentials,
        permission: styrminDriverLoadPermission,
      }),
    ).resolves.toBeUndefined();
    expect(permissions.authorize).toHaveBeenCalledWith(
      [{ permission: styrminDriverLoadPermission }],
      { credentials },
    );
  });

  it('throws NotAllowedError, naming the permission, when the policy denies', async () => {
    await expect(
      requirePermission({
        permissions: mockServices.permissions({ result: AuthorizeResult.DENY }),
        credentials,
        permission: styrminDriverLoadPermission,
      }),
    ).rejects.toMatchObject({
      name: 'NotAllowedError',
      message:
        'This needs the permission styrmin.driver.load, which the caller does not have',
    });
  });
});
