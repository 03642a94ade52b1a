import {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';
import { GraphQLFieldResolver } from 'graphql';

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
 * What every resolver receives besides its arguments: who is asking. Permission checks
 * start from these credentials.
 *
 * @internal
 */
export type StyrminGraphQLContext = {
  credentials: BackstageCredentials<
    BackstageUserPrincipal | BackstageServicePrincipal
  >;
};

/**
 * Resolvers by type name and field name. A field without a resolver reads the property of
 * the same name from its parent object.
 *
 * @internal
 */
export type StyrminResolvers = Record<
  string,
  Record<string, GraphQLFieldResolver<unknown, StyrminGraphQLContext>>
>;
