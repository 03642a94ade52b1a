import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { DatabaseServerInfoStore } from './database/DatabaseServerInfoStore';
import { createRouter } from './service/router';

/**
 * The Styrmin server: its database and its GraphQL API at `/api/styrmin/graphql`.
 *
 * @public
 */
export const styrminPlugin = createBackendPlugin({
  pluginId: 'styrmin',
  register(env) {
    env.registerInit({
      deps: {
        database: coreServices.database,
        httpAuth: coreServices.httpAuth,
        httpRouter: coreServices.httpRouter,
        logger: coreServices.logger,
      },
      async init({ database, httpAuth, httpRouter, logger }) {
        const serverInfo = await DatabaseServerInfoStore.create({ database });
        httpRouter.use(await createRouter({ httpAuth, logger, serverInfo }));
      },
    });
  },
});
