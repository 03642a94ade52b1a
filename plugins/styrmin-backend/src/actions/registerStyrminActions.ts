import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  AuthenticationError,
  ConflictError,
  InputError,
  NotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import { GraphQLFormattedError } from 'graphql';
import {
  StyrminGraphQL,
  StyrminGraphQLOptions,
} from '../graphql/StyrminGraphQL';
import { changeActions } from './changeActions';
import { readActions } from './readActions';
import { StyrminAction } from './StyrminAction';

/**
 * Every Styrmin action, reads first: what {@link registerStyrminActions} registers and
 * docs/backstage-actions.md lists.
 *
 * @internal
 */
export const styrminActions: StyrminAction[] = [
  ...readActions,
  ...changeActions,
];

/**
 * Registers Styrmin's operations with Backstage's actions registry (which the MCP actions
 * backend and the actions service call). Each action runs its GraphQL operation in
 * process with the caller's credentials, so the resolvers check the same permissions,
 * write the same audit events and announce the same changes as for an API request; an
 * error becomes the Backstage error of its code (FORBIDDEN a NotAllowedError, 403), its
 * message prefixed with the code.
 *
 * @internal
 */
export function registerStyrminActions(
  options: StyrminGraphQLOptions & { actionsRegistry: ActionsRegistryService },
): void {
  const { actionsRegistry, ...graphqlOptions } = options;
  const graphql = StyrminGraphQL.create(graphqlOptions);
  for (const { document, variables, output, ...action } of styrminActions) {
    actionsRegistry.register({
      ...action,
      action: async ({ input, credentials }) => {
        const result = await graphql.execute(
          {
            query: document,
            variables: variables ? variables(input) : input,
          },
          { credentials },
        );
        if (result.errors?.length) {
          throw toBackstageError(result.errors[0]);
        }
        return { output: output(result.data) };
      },
    });
  }
}

function toBackstageError(error: GraphQLFormattedError): Error {
  const code = String(error.extensions?.code ?? 'INTERNAL');
  const message = `${code}: ${error.message}`;
  switch (code) {
    case 'UNAUTHENTICATED':
      return new AuthenticationError(message);
    case 'FORBIDDEN':
      return new NotAllowedError(message);
    case 'NOT_FOUND':
      return new NotFoundError(message);
    case 'CONFLICT':
      return new ConflictError(message);
    case 'UNAVAILABLE':
      return new ServiceUnavailableError(message);
    case 'INTERNAL':
      return new Error(message);
    default:
      // VALIDATION_FAILED and the domain's own rules (RETIRED_PARAMETER_VALUE, ...).
      return new InputError(message);
  }
}
