import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import { RoleAssignments } from './policy/RoleAssignments';
import { StyrminPolicy } from './policy/StyrminPolicy';

/**
 * Installs Styrmin's role policy in the permission backend.
 *
 * @public
 */
export const permissionModuleStyrmin = createBackendModule({
  pluginId: 'permission',
  moduleId: 'styrmin',
  register({ registerInit }) {
    registerInit({
      deps: {
        config: coreServices.rootConfig,
        policy: policyExtensionPoint,
        userInfo: coreServices.userInfo,
      },
      async init({ config, policy, userInfo }) {
        policy.setPolicy(
          StyrminPolicy.create({
            roles: RoleAssignments.fromConfig(config),
            userInfo,
          }),
        );
      },
    });
  },
});
