import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import { notificationService } from '@backstage/plugin-notifications-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import {
  STYRMIN_CHANGES_TOPIC,
  StyrminChangesEvent,
  styrminPermissions,
} from '@styrmin/plugin-styrmin-common';
import { DatabaseActionTokenStore } from './actionTokens/DatabaseActionTokenStore';
import { DatabasePlanStore } from './plans/DatabasePlanStore';
import { DeploymentPlans } from './plans/DeploymentPlans';
import { AgentRunClaimer } from './agentProtocol/AgentRunClaimer';
import { createAgentProtocolRouter } from './agentProtocol/createAgentProtocolRouter';
import { BackupRunFollower } from './backups/BackupRunFollower';
import { scheduleBackupTasks } from './backups/BackupScheduler';
import { createBackupStores } from './backups/createBackupStores';
import { DeploymentBackups } from './backups/DeploymentBackups';
import { DeploymentRollbacks } from './rollback/DeploymentRollbacks';
import { DatabaseEnvironmentBackupStore } from './environmentOperations/DatabaseEnvironmentBackupStore';
import { EnvironmentBackups } from './environmentOperations/EnvironmentBackups';
import { EnvironmentUpgrades } from './environmentOperations/EnvironmentUpgrades';
import { EnvironmentRestores } from './environmentOperations/EnvironmentRestores';
import { EnvironmentClones } from './environmentOperations/EnvironmentClones';
import { createEnvironmentFlows } from './environmentOperations/createEnvironmentFlows';
import { LinkedTasks } from './environmentOperations/LinkedTasks';
import { SignalsChangeNotifier } from './changes/SignalsChangeNotifier';
import { DatabaseClusterStore } from './clusters/DatabaseClusterStore';
import { styrminClockServiceRef } from './database/clockServiceRef';
import { DatabaseServerInfoStore } from './database/DatabaseServerInfoStore';
import { DatabaseDeploymentStore } from './deployments/DatabaseDeploymentStore';
import { DeploymentStateFollower } from './deployments/DeploymentStateFollower';
import { DatabaseDriverStore } from './drivers/DatabaseDriverStore';
import { DriverLoader } from './drivers/DriverLoader';
import { GitSourcePolicy } from './drivers/GitSourcePolicy';
import { ServerDirectoryPolicy } from './drivers/ServerDirectoryPolicy';
import { DatabaseEnvironmentStore } from './environments/DatabaseEnvironmentStore';
import { DatabaseFlowRunStore } from './flows/DatabaseFlowRunStore';
import { FlowRegistry } from './flows/FlowRegistry';
import { FlowRunBroker } from './flows/FlowRunBroker';
import { readFlowRunSettings } from './flows/flowRunSettings';
import { FlowRunWorker } from './flows/FlowRunWorker';
import { DatabaseInstanceStore } from './instances/DatabaseInstanceStore';
import { DatabaseObservedStateStore } from './observedState/DatabaseObservedStateStore';
import { createChangeServices } from './reconciliation/createChangeServices';
import { ServiceRoles } from './permissions/ServiceRoles';
import { AesGcmSecretBox } from './secrets/AesGcmSecretBox';
import { resealSecrets } from './secrets/resealSecrets';
import { createRouter } from './service/router';
import { KubernetesPluginEvents } from './kubernetesEvents/KubernetesPluginEvents';
import { registerStyrminActions } from './actions/registerStyrminActions';
import { DatabaseTaskStore } from './tasks/DatabaseTaskStore';
import { ClusterUtilities } from './utilities/ClusterUtilities';
import { UtilityCatalog } from './utilities/UtilityCatalog';
import { TaskFailureNotifier } from './tasks/TaskFailureNotifier';

/**
 * The Styrmin server: its database, its GraphQL API at `/api/styrmin/graphql`, the core
 * records with the generator and the remediator, the backups of deployments with their
 * schedules and expiry, the flow-run queue with the worker of the `server` pool, and the
 * agent protocol at `/api/styrmin/agent/v1`.
 *
 * @public
 */
export const styrminPlugin = createBackendPlugin({
  pluginId: 'styrmin',
  register(env) {
    env.registerInit({
      deps: {
        auditor: coreServices.auditor,
        auth: coreServices.auth,
        clock: styrminClockServiceRef,
        config: coreServices.rootConfig,
        database: coreServices.database,
        discovery: coreServices.discovery,
        events: eventsServiceRef,
        httpAuth: coreServices.httpAuth,
        httpRouter: coreServices.httpRouter,
        lifecycle: coreServices.lifecycle,
        logger: coreServices.logger,
        notifications: notificationService,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        scheduler: coreServices.scheduler,
        signals: signalsServiceRef,
        actionsRegistry: actionsRegistryServiceRef,
      },
      async init({
        auditor,
        auth,
        clock,
        config,
        database,
        discovery,
        events,
        httpAuth,
        httpRouter,
        lifecycle,
        logger,
        notifications,
        permissions,
        permissionsRegistry,
        scheduler,
        signals,
        actionsRegistry,
      }) {
        permissionsRegistry.addPermissions([...styrminPermissions]);
        const flowRunSettings = readFlowRunSettings(config);
        const secretBox = AesGcmSecretBox.fromConfig(config, logger);
        const serverInfo = await DatabaseServerInfoStore.create({ database });
        const drivers = await DatabaseDriverStore.create({ database, clock });
        const driverLoader = DriverLoader.create({
          store: drivers,
          directories: ServerDirectoryPolicy.fromConfig(config),
          git: GitSourcePolicy.fromConfig(config),
          logger,
        });
        const flowRuns = await DatabaseFlowRunStore.create({ database, clock });
        const tasks = await DatabaseTaskStore.create({
          database,
          secretBox,
          clock,
        });
        const broker = await FlowRunBroker.create({
          database,
          flowRuns,
          tasks,
          logger,
        });
        const stores = {
          clusters: await DatabaseClusterStore.create({ database, clock }),
          environments: await DatabaseEnvironmentStore.create({
            database,
            clock,
          }),
          deployments: await DatabaseDeploymentStore.create({
            database,
            secretBox,
            clock,
          }),
          instances: await DatabaseInstanceStore.create({
            database,
            secretBox,
            clock,
          }),
          observedState: await DatabaseObservedStateStore.create({
            database,
            clock,
          }),
          actionTokens: await DatabaseActionTokenStore.create({
            database,
            clock,
          }),
          drivers,
          flowRuns,
          tasks,
          ...(await createBackupStores({ database, clock })),
          environmentBackups: await DatabaseEnvironmentBackupStore.create({
            database,
            secretBox,
            clock,
          }),
        };
        const knex = await database.getClient();
        // Failed tasks notify their author and their environment's owners, whichever
        // worker ended the run that failed them.
        const failureNotifier = TaskFailureNotifier.create({
          ...stores,
          notifications,
          logger,
          catalogNamespace:
            config.getOptionalString('catalog.providers.styrmin.namespace') ??
            'default',
        });
        broker.onEnded(({ flowRunId }) => {
          failureNotifier.afterRunEnded({ flowRunId });
        });
        // Rows written before sealing, or under a key older than the newest: the migration
        // of existing rows and the second half of a key rotation (docs/secrets-at-rest.md).
        await resealSecrets({ knex, box: secretBox, logger });
        // Pages refresh on these signals (with polling as the fallback).
        const changes = SignalsChangeNotifier.create({
          signals,
          logger,
          ...stores,
        });
        const {
          remediator,
          deploymentChanges,
          settingsChanges,
          componentLifecycle,
          deploymentJobs,
          taskRetries,
        } = createChangeServices({
          knex,
          broker,
          changes,
          ...stores,
        });
        const deploymentPlans = DeploymentPlans.create({
          ...stores,
          knex,
          clock,
          plans: await DatabasePlanStore.create({ database, secretBox, clock }),
          deploymentChanges,
        });
        // Each cluster's utilities, deployed through the same changes as applications.
        const clusterUtilities = ClusterUtilities.create({
          ...stores,
          knex,
          deploymentChanges,
          utilities: (
            await UtilityCatalog.fromConfig(config, { drivers, logger })
          ).utilities,
          logger,
        });
        const deploymentBackups = DeploymentBackups.create({
          ...stores,
          knex,
          clock,
          logger,
          remediator,
        });
        const environmentBackupService = EnvironmentBackups.create({
          ...stores,
          knex,
          deploymentBackups,
        });
        const environmentUpgrades = EnvironmentUpgrades.create({
          ...stores,
          knex,
          remediator,
        });
        const environmentRestores = EnvironmentRestores.create({
          ...stores,
          knex,
          clock,
          remediator,
        });
        const environmentClones = EnvironmentClones.create({
          ...stores,
          knex,
          clock,
          remediator,
          changes,
        });

        // The agent protocol, under /agent/v1: the cluster's agent token is its only
        // credential, so Backstage's own auth lets it through to the token check.
        const stateFollower = DeploymentStateFollower.create({
          ...stores,
          changes,
          backupRuns: BackupRunFollower.create({ ...stores, changes, clock }),
        });
        broker.onCrashed(({ tx, flowRunId, reason }) =>
          stateFollower
            .afterRunEnded({ tx, flowRunId, state: 'CRASHED', reason })
            .then(() => undefined),
        );
        const rollbacks = DeploymentRollbacks.create({
          ...stores,
          knex,
          logger,
          deploymentChanges,
        });
        const agentProtocol = {
          ...stores,
          changes,
          knex,
          clock,
          logger,
          broker,
          stateFollower,
          remediator,
          deploymentChanges,
          deploymentBackups,
          rollbacks,
          leaseSeconds: flowRunSettings.leaseSeconds,
        };
        const claimer = AgentRunClaimer.create(agentProtocol);
        lifecycle.addShutdownHook(() => claimer.stop());
        httpRouter.addAuthPolicy({ path: '/agent', allow: 'unauthenticated' });
        httpRouter.use(
          createAgentProtocolRouter({ ...agentProtocol, claimer }),
        );
        // The API authenticates every request itself (graphQLCaller), since a driver
        // action's API token is Styrmin's, not Backstage's.
        httpRouter.addAuthPolicy({
          path: '/graphql',
          allow: 'unauthenticated',
        });
        // The API's services, which the GraphQL router and Backstage's actions share.
        const api = {
          httpAuth,
          actionTokens: stores.actionTokens,
          logger,
          // Service subjects listed in styrmin.roles.services get their role on top of
          // what their token allows (styrminctl's static token, for one).
          permissions: ServiceRoles.fromConfig(config).wrap(permissions),
          auditor,
          serverInfo,
          drivers: { loader: driverLoader },
          records: {
            ...stores,
            deploymentChanges,
            deploymentPlans,
            settingsChanges,
            componentLifecycle,
            deploymentJobs,
            taskRetries,
            clusterUtilities,
            deploymentBackups,
            rollbacks,
            environmentBackupService,
            environmentUpgrades,
            environmentRestores,
            environmentClones,
            // Deployment.events, read through Backstage's Kubernetes plugin.
            kubernetesEvents: KubernetesPluginEvents.create({
              discovery,
              auth,
            }),
            clock,
          },
          // Announces each change on the event bus (the catalog module refreshes its
          // entities); without waiting, so that no subscriber slows the answer down.
          onMutations: (mutations: string[]) => {
            const eventPayload: StyrminChangesEvent = { mutations };
            events
              .publish({ topic: STYRMIN_CHANGES_TOPIC, eventPayload })
              .catch(error =>
                logger.warn(`Could not announce ${mutations}: ${error}`),
              );
          },
        };
        httpRouter.use(await createRouter(api));
        registerStyrminActions({ actionsRegistry, ...api });

        await broker.scheduleLeaseSweep({
          scheduler,
          interval: flowRunSettings.sweepInterval,
        });
        await scheduleBackupTasks({
          scheduler,
          backups: deploymentBackups,
          logger,
        });
        // The server pool runs the environment operations, whose steps start the
        // deployments' tasks on the clusters' pools.
        const environmentFlows = createEnvironmentFlows({
          ...stores,
          knex,
          clock,
          linkedTasks: LinkedTasks.create({ knex, tasks }),
          deploymentChanges,
          settingsChanges,
          deploymentBackups,
          environmentBackupService,
        });
        const worker = FlowRunWorker.create({
          flowRuns,
          tasks,
          broker,
          flows: FlowRegistry.create({ flows: environmentFlows }),
          logger,
          scheduler,
          leaseSeconds: flowRunSettings.leaseSeconds,
          // An environment task's pages (its environment's) refresh as its steps move.
          onTaskChanged: task =>
            changes.notify({
              environmentIds: [task.environmentId],
              deploymentIds: task.deploymentId ? [task.deploymentId] : [],
            }),
        });
        await worker.start();
        lifecycle.addShutdownHook(() => worker.stop());
        // Clusters registered before a utility shipped, or with a newer one shipped now.
        await clusterUtilities.reconcileAll();
      },
    });
  },
});
