import {
  ApiBlueprint,
  createFrontendPlugin,
  discoveryApiRef,
  fetchApiRef,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import DirectionsBoatIcon from '@material-ui/icons/DirectionsBoat';
import { StyrminClient, styrminApiRef } from './api';
import {
  isStyrminClusterEntity,
  isStyrminDeploymentEntity,
  isStyrminEnvironmentEntity,
} from './components/EntityStyrminContent';
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
import {
  appVersionFormField,
  deploymentNameFormField,
  deploymentReviewFormField,
} from './scaffolder';

// Styrmin is the helmsman; Material UI v4 has no ship's wheel, so a boat it is.
const icon = <DirectionsBoatIcon />;

const page = PageBlueprint.make({
  params: {
    path: '/styrmin',
    routeRef: rootRouteRef,
    // The title and icon make the app's navigation list the page.
    title: 'Styrmin',
    icon,
    // One page whose router shows the sub-pages (drivers, a driver, a version and its
    // tabs) at the paths of the sub-route refs.
    loader: () =>
      import('./components/StyrminRouter').then(m => <m.StyrminRouter />),
  },
});

const api = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: styrminApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new StyrminClient({ discoveryApi, fetchApi }),
    }),
});

// Tabs of the catalog entities that Styrmin's catalog module publishes. They name no
// `group`: a group would fold them into a drop-down of the entity page's tab bar, where a
// deployment's three tabs (these two and Kubernetes) are hard to find.
const entityContentLoader = () => import('./components/EntityStyrminContent');

const clusterEntityContent = EntityContentBlueprint.make({
  name: 'cluster',
  params: {
    path: '/styrmin',
    title: 'Styrmin',
    filter: isStyrminClusterEntity,
    loader: () =>
      entityContentLoader().then(m => <m.EntityStyrminClusterContent />),
  },
});

const environmentEntityContent = EntityContentBlueprint.make({
  name: 'environment',
  params: {
    path: '/styrmin',
    title: 'Deployments',
    filter: isStyrminEnvironmentEntity,
    loader: () =>
      entityContentLoader().then(m => <m.EntityStyrminEnvironmentContent />),
  },
});

const deploymentEntityContent = EntityContentBlueprint.make({
  name: 'deployment',
  params: {
    path: '/styrmin',
    title: 'Styrmin',
    filter: isStyrminDeploymentEntity,
    loader: () =>
      entityContentLoader().then(m => <m.EntityStyrminDeploymentContent />),
  },
});

const deploymentTasksEntityContent = EntityContentBlueprint.make({
  name: 'deployment-tasks',
  params: {
    path: '/styrmin-tasks',
    title: 'Tasks',
    filter: isStyrminDeploymentEntity,
    loader: () =>
      entityContentLoader().then(m => (
        <m.EntityStyrminDeploymentTasksContent />
      )),
  },
});

/**
 * The Styrmin plugin for the new frontend system. `app.packages: all` discovers it as the
 * default export of `@styrmin/plugin-styrmin/alpha`.
 *
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'styrmin',
  title: 'Styrmin',
  icon,
  info: { packageJson: () => import('../package.json') },
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
  extensions: [
    page,
    api,
    clusterEntityContent,
    environmentEntityContent,
    deploymentEntityContent,
    deploymentTasksEntityContent,
    // The fields of the templates Styrmin's catalog module publishes.
    deploymentNameFormField,
    appVersionFormField,
    deploymentReviewFormField,
  ],
});
