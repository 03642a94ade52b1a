import {
  AuditorService,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
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
import { AsyncLocalStorage } from 'node:async_hooks';
import { callerRef } from '../graphql/callerRef';
import {
  StyrminGraphQL,
  StyrminGraphQLOptions,
} from '../graphql/StyrminGraphQL';
import { toRegistrySchema } from './StyrminAction';
import { StyrminCredentials } from '../graphql/types';
import { styrminActions } from './styrminActions';

/**
 * Registers Styrmin's operations with Backstage's actions registry (which the MCP actions
 * backend and the actions service call). Each action runs its GraphQL operation in
 * process with the caller's credentials, so the resolvers check the same permissions,
 * write the same audit events and announce the same changes as for an API request; an
 * action has no HTTP request of its own for the auditor to name the caller by, so its audit
 * events carry the caller in `meta.caller` (as a driver action's do). An
 * error becomes the Backstage error of its code (FORBIDDEN a NotAllowedError, 403), its
 * message prefixed with the code.
 *
 * @internal
 */
export function registerStyrminActions(
  options: StyrminGraphQLOptions & { actionsRegistry: ActionsRegistryService },
): void {
  const { actionsRegistry, ...graphqlOptions } = options;
  const callers = new AsyncLocalStorage<BackstageCredentials>();
  const auditor: AuditorService = {
    createEvent: event => {
      const credentials = callers.getStore();
      return options.auditor.createEvent(
        credentials
          ? {
              ...event,
              // The registry refuses anonymous callers: this one is a user or a service.
              meta: {
                ...event.meta,
                caller: callerRef(
                  credentials as Parameters<typeof callerRef>[0],
                ),
              },
            }
          : event,
      );
    },
  };
  const graphql = StyrminGraphQL.create({ ...graphqlOptions, auditor });
  for (const {
    document,
    variables,
    output,
    schema,
    ...action
  } of styrminActions) {
    actionsRegistry.register({
      ...action,
      schema: toRegistrySchema(schema),
      action: async ({ input, credentials }) => {
        const result = await callers.run(credentials, () =>
          graphql.execute(
            {
              query: typeof document === 'string' ? document : document(input),
              variables: variables ? variables(input) : input,
            },
            { credentials: credentials as StyrminCredentials },
          ),
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
