/**
 * The paths of the Styrmin pages in the portal, relative to the app's base URL, for links
 * made outside the UI (catalog entities, template outputs). The UI mounts Styrmin at
 * `/styrmin`; its route refs must give the same paths.
 *
 * @public
 */
export const styrminPagePaths = {
  home: () => '/styrmin',
  driverVersion: (driverVersion: { name: string; version: string }) =>
    `/styrmin/drivers/${encodeURIComponent(
      driverVersion.name,
    )}/${encodeURIComponent(driverVersion.version)}`,
  cluster: (cluster: { id: string }) =>
    `/styrmin/clusters/${encodeURIComponent(cluster.id)}`,
  environment: (environment: { id: string }) =>
    `/styrmin/environments/${encodeURIComponent(environment.id)}`,
  deployment: (deployment: { id: string }) =>
    `/styrmin/deployments/${encodeURIComponent(deployment.id)}`,
};
