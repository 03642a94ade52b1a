/***/
/**
 * The styrmin module for @backstage/plugin-permission-backend
 *
 * @packageDocumentation
 */

export { permissionModuleStyrmin as default } from './module';
