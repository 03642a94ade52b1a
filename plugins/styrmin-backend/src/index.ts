/**
 * The Styrmin server as a Backstage backend plugin: its database and its GraphQL API.
 *
 * @packageDocumentation
 */
export { styrminPlugin as default } from './plugin';
