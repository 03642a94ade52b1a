import {
  AuditorServiceCreateEventOptions,
  AuditorServiceEvent,
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { DeploymentScope } from './deploymentScope';
import type { Resolvers } from './generated/schemaTypes';
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
  /**
   * The one deployment the caller may read and change (a driver action's API token);
   * absent for users and services, whom permissions alone decide.
   */
  scope?: DeploymentScope;
};

/**
 * Resolvers by type name and field name, as generated from the SDL (yarn graphql:types):
 * each resolver's arguments are the field's, its parent and its result the domain record
 * that the codegen config maps the type to (a `Deployment` resolves from the stored
 * deployment), so that a resolver reading a wrong argument or returning a wrong shape fails
 * the type check. A field without a resolver reads the property of the same name from its
 * parent object.
 *
 * @internal
 */
export type StyrminResolvers = Resolvers;
