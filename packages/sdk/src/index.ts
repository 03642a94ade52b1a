/**
 * The typed client of the Styrmin GraphQL API, shared by styrminctl, the agent and the UI.
 *
 * @packageDocumentation
 */
export { StyrminClient } from './StyrminClient';
export type { GraphQLVariables, StyrminClientOptions } from './StyrminClient';
export { StyrminApiError } from './StyrminApiError';
export type {
  StyrminApiErrorOptions,
  StyrminGraphQLError,
} from './StyrminApiError';
export { styrminPluginUrl } from './styrminPluginUrl';
export type {
  DatabaseEngine,
  Driver,
  DriverSource,
  DriverVersion,
  DriverVersionAction,
  DriverVersionComponent,
  DriverVersionParameter,
  DriverVersionService,
  DriverVersionSummary,
  LoadDriverInput,
  LoadDriverResult,
  ServerInfo,
} from './operations';
