import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import { STYRMIN_CHANGES_TOPIC } from '@styrmin/plugin-styrmin-common';
import { StyrminClient } from '@styrmin/sdk';
import { readStyrminCatalogConfig } from './config/StyrminCatalogConfig';
import { StyrminEntityProvider } from './provider/StyrminEntityProvider';

/**
 * Styrmin in the software catalog: each application driver version as a software
 * template, each cluster as a `System`, each environment and each deployment that is not
 * deleted as a `Resource`. The entities follow Styrmin within moments of a change (the
 * styrmin backend announces changes on the event bus) and on a schedule besides.
 *
 * @public
 */
export const catalogModuleStyrmin = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'styrmin',
  register(reg) {
    reg.registerInit({
      deps: {
        auth: coreServices.auth,
        catalog: catalogProcessingExtensionPoint,
        config: coreServices.rootConfig,
        discovery: coreServices.discovery,
        events: eventsServiceRef,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
      },
      async init({
        auth,
        catalog,
        config,
        discovery,
        events,
        logger,
        scheduler,
      }) {
        const { schedule, ...context } = readStyrminCatalogConfig(config);
        // The catalog reads Styrmin as itself, a service: it lists every record, whoever
        // asks for the catalog later (the catalog's own permissions apply to them there).
        const client = StyrminClient.create({
          baseUrl: () => discovery.getBaseUrl('styrmin'),
          token: async () =>
            (
              await auth.getPluginRequestToken({
                onBehalfOf: await auth.getOwnServiceCredentials(),
                targetPluginId: 'styrmin',
              })
            ).token,
        });
        const provider = StyrminEntityProvider.create({
          client,
          context,
          taskRunner: scheduler.createScheduledTaskRunner(schedule),
          logger,
        });
        catalog.addEntityProvider(provider);

        await events.subscribe({
          id: 'styrmin-entity-provider',
          topics: [STYRMIN_CHANGES_TOPIC],
          // Starts a refresh and returns: the event is handled once the refresh is asked
          // for, and a slow read of Styrmin holds up no one who published.
          onEvent: async () => {
            provider
              .refresh()
              .catch(error =>
                logger.warn(
                  `Could not refresh the Styrmin entities after a change; the next scheduled refresh tries again: ${error}`,
                ),
              );
          },
        });
      },
    });
  },
});
