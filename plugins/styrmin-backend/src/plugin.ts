import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { styrminPermissions } from '@styrmin/plugin-styrmin-common';
import { DatabaseClusterStore } from './clusters/DatabaseClusterStore';
import { DatabaseServerInfoStore } from './database/DatabaseServerInfoStore';
import { DatabaseDeploymentStore } from './deployments/DatabaseDeploymentStore';
import { DatabaseDriverStore } from './drivers/DatabaseDriverStore';
import { DriverLoader } from './drivers/DriverLoader';
import { ServerDirectoryPolicy } from './drivers/ServerDirectoryPolicy';
import { DatabaseEnvironmentStore } from './environments/DatabaseEnvironmentStore';
import { DatabaseFlowRunStore } from './flows/DatabaseFlowRunStore';
import { FlowRegistry } from './flows/FlowRegistry';
import { FlowRunBroker } from './flows/FlowRunBroker';
import { FlowRunWorker } from './flows/FlowRunWorker';
import { DatabaseInstanceStore } from './instances/DatabaseInstanceStore';
import { createReconciler } from './reconciliation/createReconciler';
import { createRouter } from './service/router';
import { DatabaseTaskStore } from './tasks/DatabaseTaskStore';

/**
 * The Styrmin server: its database, its GraphQL API at `/api/styrmin/graphql`, the core
 * records with the generator and the remediator, and the flow-run queue with the worker
 * of the `server` pool.
 *
 * @public
 */
export const styrminPlugin = createBackendPlugin({
  pluginId: 'styrmin',
  register(env) {
    env.registerInit({
      deps: {
        config: coreServices.rootConfig,
        database: coreServices.database,
        httpAuth: coreServices.httpAuth,
        httpRouter: coreServices.httpRouter,
        lifecycle: coreServices.lifecycle,
        logger: coreServices.logger,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        scheduler: coreServices.scheduler,
      },
      async init({
        config,
        database,
        httpAuth,
        httpRouter,
        lifecycle,
        logger,
        permissions,
        permissionsRegistry,
        scheduler,
      }) {
        permissionsRegistry.addPermissions([...styrminPermissions]);
        const serverInfo = await DatabaseServerInfoStore.create({ database });
        const drivers = await DatabaseDriverStore.create({ database });
        const driverLoader = DriverLoader.create({
          store: drivers,
          directories: ServerDirectoryPolicy.fromConfig(config),
          logger,
        });
        const flowRuns = await DatabaseFlowRunStore.create({ database });
        const tasks = await DatabaseTaskStore.create({ database });
        const broker = await FlowRunBroker.create({
          database,
          flowRuns,
          tasks,
          logger,
        });
        const stores = {
          clusters: await DatabaseClusterStore.create({ database }),
          environments: await DatabaseEnvironmentStore.create({ database }),
          deployments: await DatabaseDeploymentStore.create({ database }),
          instances: await DatabaseInstanceStore.create({ database }),
          drivers,
          flowRuns,
          tasks,
        };
        const { deploymentReconciler, settingsReconciler } = createReconciler({
          knex: await database.getClient(),
          broker,
          ...stores,
        });
        httpRouter.use(
          await createRouter({
            httpAuth,
            logger,
            permissions,
            serverInfo,
            drivers: { loader: driverLoader },
            records: { ...stores, deploymentReconciler, settingsReconciler },
          }),
        );

        await broker.scheduleLeaseSweep({ scheduler });
        // No flow runs in the server pool yet: apply_state and the orchestration of
        // environment backups, restores and clones will register here.
        const worker = FlowRunWorker.create({
          flowRuns,
          tasks,
          broker,
          flows: FlowRegistry.create({ flows: [] }),
          logger,
          scheduler,
        });
        await worker.start();
        lifecycle.addShutdownHook(() => worker.stop());
      },
    });
  },
});
