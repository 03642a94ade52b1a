/**
 * Styrmin in the software catalog: application driver versions as software templates;
 * clusters, environments and deployments as entities.
 *
 * @packageDocumentation
 */
export { catalogModuleStyrmin as default } from './module';
