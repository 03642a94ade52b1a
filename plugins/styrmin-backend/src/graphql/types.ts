import {
  AuditorServiceCreateEventOptions,
  AuditorServiceEvent,
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { GraphQLFieldResolver } from 'graphql';
import { StyrminLoaders } from './StyrminLoaders';

/**
 * A GraphQL request as the client sent it (GraphQL over HTTP).
 *
 * @internal
 */
export type StyrminGraphQLRequest = {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
};

/**
 * Who is asking: what the router knows of a request.
 *
 * @internal
 */
export type StyrminCredentials = BackstageCredentials<
  BackstageUserPrincipal | BackstageServicePrincipal
>;

/**
 * Creates an auditor event of the request being answered: the auditor names the caller
 * from the request's credentials (`coreServices.auditor`).
 *
 * @internal
 */
export type StyrminRequestAuditor = (
  options: Omit<AuditorServiceCreateEventOptions, 'request'>,
) => Promise<AuditorServiceEvent>;

/**
 * What every resolver receives besides its arguments, made afresh for each request.
 *
 * @internal
 */
export type StyrminGraphQLContext = {
  /** Who is asking; permission checks start from these credentials. */
  credentials: StyrminCredentials;
  /**
   * The permission checks of this request, each permission asked once however many
   * fields check it (`requirePermission`).
   */
  permissions: PermissionsService;
  /** Batching loaders: the records that a request's fields read, in one query per kind. */
  loaders: StyrminLoaders;
  /** Audits a change; `auditMutations` calls it once for each mutation. */
  audit: StyrminRequestAuditor;
};

/**
 * Resolvers by type name and field name. A field without a resolver reads the property of
 * the same name from its parent object.
 *
 * @internal
 */
export type StyrminResolvers = Record<
  string,
  Record<string, GraphQLFieldResolver<any, StyrminGraphQLContext>>
>;
