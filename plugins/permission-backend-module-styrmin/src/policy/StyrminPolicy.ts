import { UserInfoService } from '@backstage/backend-plugin-api';
import { PolicyDecision } from '@backstage/plugin-permission-common';
import {
  PermissionPolicy,
  PolicyQuery,
  PolicyQueryUser,
} from '@backstage/plugin-permission-node';
import { decideForEnvironmentOperator } from '@styrmin/plugin-styrmin-common';
import { decideForRole } from './decideForRole';
import { RoleAssignments } from './RoleAssignments';

/**
 * Styrmin's role policy: administrator, operator and read-only, from `styrmin.roles`.
 *
 * Backstage consults a policy for users only; calls with a service principal (a static
 * external-access token) are decided by the token's access restrictions.
 *
 * @public
 */
export class StyrminPolicy implements PermissionPolicy {
  readonly #roles: RoleAssignments;
  readonly #userInfo: UserInfoService;

  static create(options: {
    roles: RoleAssignments;
    userInfo: UserInfoService;
  }): StyrminPolicy {
    return new StyrminPolicy(options.roles, options.userInfo);
  }

  private constructor(roles: RoleAssignments, userInfo: UserInfoService) {
    this.#roles = roles;
    this.#userInfo = userInfo;
  }

  async handle(
    request: PolicyQuery,
    user?: PolicyQueryUser,
  ): Promise<PolicyDecision> {
    const ownership = user
      ? (await this.#userInfo.getUserInfo(user.credentials)).ownershipEntityRefs
      : [];
    if (!user) {
      return { result: decideForRole('none', request.permission) };
    }
    return decideForEnvironmentOperator({
      role: this.#roles.roleOf(ownership),
      grants: this.#roles.environmentGrantsOf(ownership),
      permission: request.permission,
    });
  }
}
