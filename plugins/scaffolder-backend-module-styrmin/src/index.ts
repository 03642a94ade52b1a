/**
 * Styrmin's software template actions: `styrmin:deployment:create` and
 * `styrmin:deployment:upgrade`.
 *
 * @packageDocumentation
 */
export { scaffolderModuleStyrmin as default } from './module';
export { createStyrminDeploymentCreateAction } from './actions/createDeploymentAction';
export { createStyrminDeploymentUpgradeAction } from './actions/upgradeDeploymentAction';
export type { StyrminActionsOptions } from './actions/StyrminActionServices';
