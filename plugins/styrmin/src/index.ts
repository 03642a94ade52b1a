/**
 * The Styrmin portal UI. This entry point serves legacy apps and shares the API; apps on
 * the new frontend system use the default export of `@styrmin/plugin-styrmin/alpha`.
 *
 * @packageDocumentation
 */
// Named exports only: `app.packages: all` installs the default export of both `.` and
// `./alpha`, so the new-system plugin is the default export of `./alpha` alone.
export {
  styrminPlugin,
  StyrminPage,
  EntityStyrminEnvironmentContent,
  EntityStyrminDeploymentContent,
  EntityStyrminDeploymentTasksContent,
  EntityStyrminClusterContent,
} from './plugin';
export {
  isStyrminClusterEntity,
  isStyrminDeploymentEntity,
  isStyrminEnvironmentEntity,
} from './components/EntityStyrminContent';
export { styrminApiRef, StyrminClient } from './api';
export type { StyrminApi, StyrminClientOptions } from './api';
export type { ComponentsChange, ComponentsChangeResult } from './api';
// The parts of a deployment's page that stand alone, for a catalog entity's tabs: each
// loads what it shows and follows the deployment live.
export { DeploymentOverview } from './components/DeploymentOverview';
export type { DeploymentOverviewProps } from './components/DeploymentOverview';
export { DeploymentTasks } from './components/DeploymentTasks';
export type { DeploymentTasksProps } from './components/DeploymentTasks';
// The Events of a deployment's namespace, for the Kubernetes tab of its entity.
export {
  EntityStyrminEventsCard,
  EventsCard,
  EventsTable,
} from './components/EventsCard';
export type {
  EventsCardProps,
  EventsTableProps,
} from './components/EventsCard';
