import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { scaffolderActionsExtensionPoint } from '@backstage/plugin-scaffolder-node';
import { createStyrminDeploymentCreateAction } from './actions/createDeploymentAction';
import { createStyrminDeploymentUpgradeAction } from './actions/upgradeDeploymentAction';

/**
 * Styrmin's template actions for the scaffolder: `styrmin:deployment:create` and
 * `styrmin:deployment:upgrade`, which call Styrmin as the user who runs the template.
 *
 * @public
 */
export const scaffolderModuleStyrmin = createBackendModule({
  pluginId: 'scaffolder',
  moduleId: 'styrmin',
  register(reg) {
    reg.registerInit({
      deps: {
        actions: scaffolderActionsExtensionPoint,
        auth: coreServices.auth,
        config: coreServices.rootConfig,
        discovery: coreServices.discovery,
      },
      async init({ actions, auth, config, discovery }) {
        const options = { auth, config, discovery };
        actions.addActions(
          createStyrminDeploymentCreateAction(options),
          createStyrminDeploymentUpgradeAction(options),
        );
      },
    });
  },
});
