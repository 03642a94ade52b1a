/**
 * The isomorphic Styrmin domain: the glossary's enums, the error codes, the driver
 * specification and the GraphQL schema, shared by the backend, the SDK, styrminctl, the
 * agent and the UI.
 *
 * @packageDocumentation
 */
export * from './domain';
export * from './driver';
export * from './errors';
export * from './graphql';
export * from './tasks';
