import {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  BasicPermission,
} from '@backstage/plugin-permission-common';

/**
 * Options of {@link requirePermission}.
 *
 * @internal
 */
export type RequirePermissionOptions = {
  permissions: PermissionsService;
  credentials: BackstageCredentials;
  permission: BasicPermission;
};

/**
 * The check at the top of every Styrmin resolver: asks the permission framework whether
 * the caller has the permission, and throws `NotAllowedError` (`FORBIDDEN` in the API)
 * unless the policy allows it. Users go through the policy; service principals are
 * decided by their token's access restrictions, as everywhere in Backstage.
 *
 * @internal
 */
export async function requirePermission(
  options: RequirePermissionOptions,
): Promise<void> {
  const { permissions, credentials, permission } = options;
  const [decision] = await permissions.authorize([{ permission }], {
    credentials,
  });
  if (decision.result !== AuthorizeResult.ALLOW) {
    throw new NotAllowedError(
      `This needs the permission ${permission.name}, which the caller does not have`,
    );
  }
}
