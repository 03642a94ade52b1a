import { mockServices } from '@backstage/backend-test-utils';
import { decideForRole, StyrminRole } from '@styrmin/plugin-styrmin-common';

/** Decides every request as Styrmin's role policy does for `role`. */
export function permissionsOfRole(role: StyrminRole) {
  const decide = (
    requests: { permission: Parameters<typeof decideForRole>[1] }[],
  ) =>
    requests.map(({ permission }) => ({
      result: decideForRole(role, permission),
    }));
  return mockServices.permissions.mock({
    authorize: async requests => decide(requests),
    authorizeConditional: async requests => decide(requests),
  });
}
