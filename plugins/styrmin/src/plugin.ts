import {
  createApiFactory,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { StyrminClient, styrminApiRef } from './api';
import {
  driverRouteRef,
  driversRouteRef,
  driverVersionRouteRef,
  driverVersionTabRouteRef,
  rootRouteRef,
  environmentRouteRef,
  environmentTabRouteRef,
  deploymentRouteRef,
  deploymentTabRouteRef,
  clusterRouteRef,
  clusterTabRouteRef,
} from './routes';

/**
 * The Styrmin plugin for legacy (`createApp` from `@backstage/app-defaults`) apps. Apps on
 * the new frontend system install the default export of `@styrmin/plugin-styrmin/alpha`.
 *
 * @public
 */
export const styrminPlugin = createPlugin({
  id: 'styrmin',
  apis: [
    createApiFactory({
      api: styrminApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new StyrminClient({ discoveryApi, fetchApi }),
    }),
  ],
  routes: {
    root: rootRouteRef,
    drivers: driversRouteRef,
    driver: driverRouteRef,
    driverVersion: driverVersionRouteRef,
    driverVersionTab: driverVersionTabRouteRef,
    environment: environmentRouteRef,
    environmentTab: environmentTabRouteRef,
    deployment: deploymentRouteRef,
    deploymentTab: deploymentTabRouteRef,
    cluster: clusterRouteRef,
    clusterTab: clusterTabRouteRef,
  },
});

/**
 * The Styrmin pages for legacy apps, with their own page header. Mount it at a path
 * prefix (the app's `FlatRoutes` does), since the pages below it have paths of their own.
 *
 * @public
 */
export const StyrminPage = styrminPlugin.provide(
  createRoutableExtension({
    name: 'StyrminPage',
    component: () =>
      import('./components/StyrminRouter').then(m => m.LegacyStyrminRouter),
    mountPoint: rootRouteRef,
  }),
);
