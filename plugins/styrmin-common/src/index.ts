/**
 * The isomorphic Styrmin domain: the glossary's enums, the error codes, the driver
 * specification, the configuration and context rules, the permissions and the GraphQL
 * schema, shared by the backend, the SDK, styrminctl, the agent and the UI.
 *
 * @packageDocumentation
 */
export * from './catalog';
export * from './agentProtocol';
export * from './backups';
export * from './configuration';
export * from './context';
export * from './domain';
export * from './environmentOperations';
export * from './driver';
export * from './errors';
export * from './graphql';
export * from './permissions';
export * from './reconciliation';
export * from './signals';
export * from './tasks';
export * from './validation';
