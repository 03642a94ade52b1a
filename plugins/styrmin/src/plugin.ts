import {
  createApiFactory,
  createComponentExtension,
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

/**
 * The tab of a Styrmin environment's entity, for legacy apps' entity pages: its
 * deployments. Show it where `isStyrminEnvironmentEntity` holds.
 *
 * @public
 */
export const EntityStyrminEnvironmentContent = styrminPlugin.provide(
  createComponentExtension({
    name: 'EntityStyrminEnvironmentContent',
    component: {
      lazy: () =>
        import('./components/EntityStyrminContent').then(
          m => m.EntityStyrminEnvironmentContent,
        ),
    },
  }),
);

/**
 * The tab of a Styrmin deployment's entity, for legacy apps: its overview. Show it where
 * `isStyrminDeploymentEntity` holds.
 *
 * @public
 */
export const EntityStyrminDeploymentContent = styrminPlugin.provide(
  createComponentExtension({
    name: 'EntityStyrminDeploymentContent',
    component: {
      lazy: () =>
        import('./components/EntityStyrminContent').then(
          m => m.EntityStyrminDeploymentContent,
        ),
    },
  }),
);

/**
 * The tasks tab of a Styrmin deployment's entity, for legacy apps.
 *
 * @public
 */
export const EntityStyrminDeploymentTasksContent = styrminPlugin.provide(
  createComponentExtension({
    name: 'EntityStyrminDeploymentTasksContent',
    component: {
      lazy: () =>
        import('./components/EntityStyrminContent').then(
          m => m.EntityStyrminDeploymentTasksContent,
        ),
    },
  }),
);

/**
 * The tab of a Styrmin cluster's entity, for legacy apps: its agent's health. Show it where
 * `isStyrminClusterEntity` holds.
 *
 * @public
 */
export const EntityStyrminClusterContent = styrminPlugin.provide(
  createComponentExtension({
    name: 'EntityStyrminClusterContent',
    component: {
      lazy: () =>
        import('./components/EntityStyrminContent').then(
          m => m.EntityStyrminClusterContent,
        ),
    },
  }),
);
