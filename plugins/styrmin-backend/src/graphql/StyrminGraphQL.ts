import {
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import {
  DocumentNode,
  execute,
  ExecutionResult,
  FormattedExecutionResult,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLSchema,
  parse,
  validate,
} from 'graphql';
import { ServerInfoStore } from '../database/ServerInfoStore';
import { createDriverResolvers } from '../drivers/driverResolvers';
import { DriverLoader } from '../drivers/DriverLoader';
import { DriverStore } from '../drivers/DriverStore';
import { createStyrminSchema } from './createStyrminSchema';
import { createErrorFormatter } from './formatError';
import { mergeResolvers } from './mergeResolvers';
import { createResolvers } from './resolvers';
import { StyrminGraphQLContext, StyrminGraphQLRequest } from './types';

/**
 * Options of {@link StyrminGraphQL.create}.
 *
 * @internal
 */
export type StyrminGraphQLOptions = {
  serverInfo: ServerInfoStore;
  drivers: { store: DriverStore; loader: DriverLoader };
  permissions: PermissionsService;
  logger: LoggerService;
};

/**
 * The Styrmin GraphQL API, independent of how requests arrive: parses, validates and
 * executes a request and returns the result as the client must see it, every error with
 * its `extensions.code`.
 *
 * @internal
 */
export class StyrminGraphQL {
  readonly #schema: GraphQLSchema;
  readonly #formatError: (error: GraphQLError) => GraphQLFormattedError;

  static create(options: StyrminGraphQLOptions): StyrminGraphQL {
    const { serverInfo, drivers, permissions, logger } = options;
    return new StyrminGraphQL(
      createStyrminSchema(
        mergeResolvers(
          createResolvers({ serverInfo }),
          createDriverResolvers({ ...drivers, permissions }),
        ),
      ),
      createErrorFormatter({ logger }),
    );
  }

  private constructor(
    schema: GraphQLSchema,
    formatError: (error: GraphQLError) => GraphQLFormattedError,
  ) {
    this.#schema = schema;
    this.#formatError = formatError;
  }

  async execute(
    request: StyrminGraphQLRequest,
    context: StyrminGraphQLContext,
  ): Promise<FormattedExecutionResult> {
    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (error) {
      if (error instanceof GraphQLError) {
        return this.#format({ errors: [error] });
      }
      throw error;
    }
    const validationErrors = validate(this.#schema, document);
    if (validationErrors.length > 0) {
      return this.#format({ errors: validationErrors });
    }
    const result = await execute({
      schema: this.#schema,
      document,
      variableValues: request.variables,
      operationName: request.operationName,
      contextValue: context,
    });
    return this.#format(result);
  }

  #format(result: ExecutionResult): FormattedExecutionResult {
    const { errors, ...rest } = result;
    return errors ? { ...rest, errors: errors.map(this.#formatError) } : rest;
  }
}
