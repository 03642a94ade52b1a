import {
  createApiFactory,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { StyrminClient, styrminApiRef } from './api';
import { rootRouteRef } from './routes';

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
  },
});

/**
 * The Styrmin page for legacy apps, with its own page header.
 *
 * @public
 */
export const StyrminPage = styrminPlugin.provide(
  createRoutableExtension({
    name: 'StyrminPage',
    component: () =>
      import('./components/StyrminHomePage').then(m => m.LegacyStyrminHomePage),
    mountPoint: rootRouteRef,
  }),
);
