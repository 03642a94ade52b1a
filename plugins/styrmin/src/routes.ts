import { createRouteRef, createSubRouteRef } from '@backstage/core-plugin-api';

// Legacy route refs, which the new frontend system accepts too, so that one set serves both
// exports. `StyrminRouter` mounts each sub-route at its `path`, so a page's address is
// written once, here; links are made with `useRouteRef`. A section of its own (environments,
// deployments, clusters) adds its refs here, its routes to `StyrminRouter` and the refs to
// the `routes` of both plugins.

/** The Styrmin home page: `/styrmin` where the app mounts the plugin. */
export const rootRouteRef = createRouteRef({
  id: 'styrmin',
});

/** Every loaded application driver. */
export const driversRouteRef = createSubRouteRef({
  id: 'styrmin/drivers',
  parent: rootRouteRef,
  path: '/drivers',
});

/** One application driver and its loaded versions. */
export const driverRouteRef = createSubRouteRef({
  id: 'styrmin/driver',
  parent: rootRouteRef,
  path: '/drivers/:name',
});

/** One application driver version, on its first tab (Overview). */
export const driverVersionRouteRef = createSubRouteRef({
  id: 'styrmin/driver-version',
  parent: rootRouteRef,
  path: '/drivers/:name/:version',
});

/**
 * Another tab of a driver version (`parameters`, `components`, `actions`), so that every
 * tab has an address to share and the browser's back button steps through tabs.
 */
export const driverVersionTabRouteRef = createSubRouteRef({
  id: 'styrmin/driver-version/tab',
  parent: rootRouteRef,
  path: '/drivers/:name/:version/:tab',
});

/** One environment (by name), on its first tab. */
export const environmentRouteRef = createSubRouteRef({
  id: 'styrmin/environment',
  parent: rootRouteRef,
  path: '/environments/:environment',
});

/** Another tab of an environment. */
export const environmentTabRouteRef = createSubRouteRef({
  id: 'styrmin/environment/tab',
  parent: rootRouteRef,
  path: '/environments/:environment/:tab',
});

/**
 * One deployment, by id rather than name: a tombstone keeps its page after its name is
 * taken again by a new deployment of the environment.
 */
export const deploymentRouteRef = createSubRouteRef({
  id: 'styrmin/deployment',
  parent: rootRouteRef,
  path: '/deployments/:id',
});

/** Another tab of a deployment (`configuration`, `upgrade`, `timeline`, `tasks`). */
export const deploymentTabRouteRef = createSubRouteRef({
  id: 'styrmin/deployment/tab',
  parent: rootRouteRef,
  path: '/deployments/:id/:tab',
});

/** One cluster (by name), on its first tab. */
export const clusterRouteRef = createSubRouteRef({
  id: 'styrmin/cluster',
  parent: rootRouteRef,
  path: '/clusters/:cluster',
});

/** Another tab of a cluster. */
export const clusterTabRouteRef = createSubRouteRef({
  id: 'styrmin/cluster/tab',
  parent: rootRouteRef,
  path: '/clusters/:cluster/:tab',
});
